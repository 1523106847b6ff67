import type { Application } from '@shared/entities/airspace';
import type { Device } from '@shared/entities/device';
import type { Notice } from '@shared/entities/notice';

/**
 * Rows as the API lists them (the shared row types), for tests that need a few of a row's fields: each builder fills
 * the rest with a plain default, so a test names only what it is about.
 */

const stamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

/** A device: an offline aircraft with no department, position, battery or gateway, unless `fields` say otherwise. */
export const deviceRow = (fields: Partial<Device>): Device => ({
  id: 1,
  ...stamps,
  serial: 'SN-0001',
  name: 'M30',
  model: 'M30T',
  kind: 'aircraft',
  firmware: null,
  dept_id: null,
  dept_name: null,
  status: 'offline',
  photo: null,
  last_seen_at: null,
  last_lat: null,
  last_lng: null,
  last_alt: null,
  battery: null,
  gateway_sn: null,
  needs_consistency_upgrade: 0,
  ...fields,
});

/** An airspace application: a routine draft for no particular aircraft, unless `fields` say otherwise. */
export const applicationRow = (fields: Partial<Application>): Application => ({
  id: 1,
  ...stamps,
  applicant_id: null,
  applicant_name: null,
  device_id: null,
  device_name: null,
  area: { type: 'Polygon', coordinates: [] },
  min_alt: 0,
  max_alt: 120,
  start_at: '2026-01-02T00:00:00.000Z',
  end_at: '2026-01-02T01:00:00.000Z',
  purpose: '',
  purpose_kind: 'routine',
  status: 'draft',
  late: 0,
  review_reasons: [],
  decided_by_system: 0,
  reviewer_id: null,
  reviewer_name: null,
  review_note: null,
  actions: [],
  ...fields,
});

/** A notice: a person's published info notice for everyone, about no defect, unread, unless `fields` say otherwise. */
export const noticeRow = (fields: Partial<Notice>): Notice => ({
  id: 1,
  ...stamps,
  title: '',
  content: '',
  texts: null,
  level: 'info',
  publish_at: '2026-01-01T00:00:00.000Z',
  created_by: null,
  project_id: null,
  defect_id: null,
  read: false,
  ...fields,
});
