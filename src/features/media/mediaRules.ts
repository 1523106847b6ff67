import type { Media, MediaLens, MediaMapPoint, MediaType } from '@shared/entities/media';
import type { QueryValue } from '../../api/client';

/** The media library's filters as the form holds them (docs/media.md): '' is "any". */
export interface MediaFilters {
  search: string;
  project_id: string;
  task_id: string;
  flight_record_id: string;
  device_sn: string;
  type: '' | MediaType;
  lens: '' | MediaLens;
  /** datetime-local text (the browser's time zone). */
  taken_from: string;
  taken_to: string;
  has_defects: '' | 'true' | 'false';
}

export const EMPTY_FILTERS: MediaFilters = {
  search: '',
  project_id: '',
  task_id: '',
  flight_record_id: '',
  device_sn: '',
  type: '',
  lens: '',
  taken_from: '',
  taken_to: '',
  has_defects: '',
};

export const MEDIA_PAGE_SIZE = 48;

const ID_FILTERS = ['project_id', 'task_id', 'flight_record_id'] as const;

/** A datetime-local text as an ISO instant, or undefined when empty or not a time. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The query of GET /Media/ for the form's filters and a page: empty and malformed fields are left out. */
export const mediaQuery = (filters: MediaFilters, page: number, pageSize = MEDIA_PAGE_SIZE): Record<string, QueryValue> => ({
  page,
  page_size: pageSize,
  ...mediaFilterQuery(filters),
});

/** The form's filters as the query of GET /Media/ and GET /Media/points/ take them: empty and malformed fields left out. */
export function mediaFilterQuery(filters: MediaFilters): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const key of ID_FILTERS) if (/^[1-9]\d*$/.test(filters[key].trim())) query[key] = Number(filters[key].trim());
  const text = { search: filters.search.trim(), device_sn: filters.device_sn.trim() };
  for (const [key, value] of Object.entries(text)) if (value) query[key] = value;
  if (filters.type) query.type = filters.type;
  if (filters.lens) query.lens = filters.lens;
  if (filters.has_defects) query.has_defects = filters.has_defects;
  const from = instant(filters.taken_from);
  const to = instant(filters.taken_to);
  if (from) query.taken_from = from;
  if (to) query.taken_to = to;
  return query;
}

/** The selection with `id` added, or taken out when it was in. */
export const toggleSelected = (selected: readonly number[], id: number): number[] =>
  selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];

/**
 * The photos before and after `id` in the same flight (the same task, else the same flight record, else the whole
 * list), in the order the list shows them; null at either end.
 */
export function flightNeighbours(items: readonly Media[], id: number): { previous: number | null; next: number | null } {
  const current = items.find((item) => item.id === id);
  if (!current) return { previous: null, next: null };
  const sameFlight = (item: Media) =>
    current.task_id !== null ? item.task_id === current.task_id : current.flight_record_id !== null ? item.flight_record_id === current.flight_record_id : true;
  const flight = items.filter(sameFlight);
  const at = flight.findIndex((item) => item.id === id);
  return { previous: flight[at - 1]?.id ?? null, next: flight[at + 1]?.id ?? null };
}

export type UploadRefusal = 'not_media' | 'no_project';

/** Why a file dropped on the library is not sent, or null (the server checks the bytes, size and type again). */
export function uploadRefusal(file: { type: string }, projectId: string): UploadRefusal | null {
  if (!/^[1-9]\d*$/.test(projectId)) return 'no_project';
  if (!/^(image|video)\//.test(file.type)) return 'not_media';
  return null;
}

/** A size in bytes as the library shows it (B, KB, MB, GB; one decimal from KB up). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A photo or video on the library's map. */
export interface MediaPoint {
  id: number;
  position: [number, number];
  type: MediaType;
  hasDefects: boolean;
}

/** The compact points of GET /Media/points/ as the map draws them. */
export const mediaPoints = (points: readonly MediaMapPoint[]): MediaPoint[] =>
  points.map(([id, lat, lng, type, hasDefects]) => ({ id, position: [lat, lng], type, hasDefects }));
