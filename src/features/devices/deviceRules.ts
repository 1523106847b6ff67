import { DEVICE_KINDS, DEVICE_SERIAL_PATTERN, DEVICE_STATUSES } from '@shared/entities/device';
import { SERIAL_PATTERN, type DeviceStatus } from '@shared/live';
import { osdTopic } from '@shared/dji/topics';
import { z } from 'zod';
import type { ResourceRow } from '../../crud/types';

export { DEVICE_KINDS, DEVICE_STATUSES };

export const STATUS_COLORS = { online: 'success', flying: 'info', maintenance: 'warning', offline: 'default' } as const;

/** The create/edit form; messages are i18n keys (shown with t). */
export const deviceSchema = z.object({
  serial: z.string().trim().regex(DEVICE_SERIAL_PATTERN, 'devices.serialRule'),
  name: z.string().trim().min(1, 'resources.required').max(128),
  model: z.string().trim().min(1, 'resources.required').max(64),
  kind: z.enum(DEVICE_KINDS, { message: 'resources.required' }),
  firmware: z.string().max(64).optional(),
  dept_id: z.string().optional(),
  status: z.enum(DEVICE_STATUSES),
  photo: z.instanceof(File).nullable().optional(),
});
export type DeviceForm = z.infer<typeof deviceSchema>;

export const emptyDevice: DeviceForm = { serial: '', name: '', model: '', kind: 'aircraft', firmware: '', dept_id: '', status: 'offline', photo: null };

/** Form → multipart fields; an emptied optional field is sent as "null" so an edit can clear it (the API reads "null" as null). */
export const deviceToBody = (v: DeviceForm): Record<string, unknown> => ({ ...v, firmware: v.firmware || 'null', dept_id: v.dept_id || 'null' });

export function deviceToForm(row: ResourceRow): DeviceForm {
  return {
    serial: String(row.serial ?? ''),
    name: String(row.name ?? ''),
    model: String(row.model ?? ''),
    kind: (row.kind as DeviceForm['kind']) ?? 'aircraft',
    firmware: row.firmware ? String(row.firmware) : '',
    dept_id: row.dept_id ? String(row.dept_id) : '',
    status: (row.status as DeviceForm['status']) ?? 'offline',
    photo: null,
  };
}

export interface LiveSample {
  battery: number;
  lat: number;
  lng: number;
  at: number;
}

/** A telemetry sample older than this is no longer live (the drone stopped reporting, or the page stopped listening). */
export const LIVE_MAX_AGE_MS = 30_000;

/** The telemetry topics of the rows on screen: live updates for what is shown, not for the whole fleet. Pure. */
export const telemetryTopics = (rows: ResourceRow[]): string[] =>
  [...new Set(rows.map((row) => String(row.serial ?? '')).filter((sn) => SERIAL_PATTERN.test(sn)))].sort().map(osdTopic);

/**
 * A device row with what the broker knows now: the status is the server's (sysinfo/online's statuses, never derived
 * here again from raw OSD); fresh telemetry (battery, position, time) wins over the stored row; without it
 * sysinfo/online marks a stored "online"/"offline" device by its presence. A dock has no battery: its battery is null
 * whatever was stored or reported. Pure.
 */
export function withLiveStatus(
  row: ResourceRow,
  live: { telemetry: Record<string, LiveSample>; statuses: Record<string, DeviceStatus> | null },
  now: number,
): ResourceRow & { live?: boolean } {
  const shown = rowWithLive(row, live, now);
  // Its OSD reports none; the fleet sample the server stores reads a missing battery as 0.
  return row.kind === 'dock' && shown.battery != null ? { ...shown, battery: null } : shown;
}

function rowWithLive(
  row: ResourceRow,
  live: { telemetry: Record<string, LiveSample>; statuses: Record<string, DeviceStatus> | null },
  now: number,
): ResourceRow & { live?: boolean } {
  const serial = String(row.serial ?? '');
  const sample = live.telemetry[serial];
  const serverStatus = live.statuses ? (live.statuses[serial] ?? 'offline') : undefined;
  if (sample && now - sample.at <= LIVE_MAX_AGE_MS) {
    return {
      ...row,
      status: serverStatus ?? row.status,
      battery: sample.battery,
      last_lat: sample.lat,
      last_lng: sample.lng,
      last_seen_at: new Date(sample.at).toISOString(),
      live: true,
    };
  }
  if (serverStatus && (row.status === 'online' || row.status === 'offline')) return { ...row, status: serverStatus };
  return row;
}
