import { DEVICE_KINDS, DEVICE_STATUSES, deviceInputSchema, type Device } from '@shared/entities/device';
import { SERIAL_PATTERN, type DeviceStatus } from '@shared/live';
import { osdTopic } from '@shared/dji/topics';
import { z } from 'zod';
import { idText } from '../../crud/formFields';

export { DEVICE_KINDS, DEVICE_STATUSES };

export const STATUS_COLORS = { online: 'success', flying: 'info', maintenance: 'warning', offline: 'default' } as const;

/**
 * The create/edit form over the shared device input: the department picked as text, firmware "" for none, a photo
 * to upload; the rest is the shared input's, its limits stated there.
 */
export const deviceSchema = deviceInputSchema.pick({ serial: true, name: true, model: true, kind: true, status: true }).extend({
  firmware: z
    .string()
    .optional()
    .transform((firmware): string | null | undefined => firmware)
    .pipe(deviceInputSchema.shape.firmware),
  dept_id: z.string().optional(),
  photo: z.instanceof(File).nullable().optional(),
});
export type DeviceForm = z.input<typeof deviceSchema>;
/** The serial's pattern in the console's words (the server words it in English). */
export const DEVICE_FORM_MESSAGES = { serial: 'devices.serialRule' } as const;

export const emptyDevice: DeviceForm = { serial: '', name: '', model: '', kind: 'aircraft', firmware: '', dept_id: '', status: 'offline', photo: null };

/** Form → multipart fields; an emptied optional field is sent as "null" so an edit can clear it (the API reads "null" as null). */
export const deviceToBody = (v: z.output<typeof deviceSchema>) => ({ ...v, firmware: v.firmware || 'null', dept_id: v.dept_id || 'null' });

export function deviceToForm(row: Device): DeviceForm {
  return {
    serial: row.serial,
    name: row.name,
    model: row.model,
    kind: row.kind,
    firmware: row.firmware ?? '',
    dept_id: idText(row.dept_id),
    status: row.status,
    photo: null,
  };
}

export interface LiveSample {
  battery: number;
  lat: number;
  lng: number;
  at: number;
}

/** A device row as the list shows it: `live` when fresh telemetry stands in for the stored position and battery. */
export type LiveDevice = Device & { live?: boolean };

/** A telemetry sample older than this is no longer live (the drone stopped reporting, or the page stopped listening). */
export const LIVE_MAX_AGE_MS = 30_000;

/** The telemetry topics of the rows on screen: live updates for what is shown, not for the whole fleet. Pure. */
export const telemetryTopics = (rows: ReadonlyArray<Pick<Device, 'serial'>>): string[] =>
  [...new Set(rows.map((row) => row.serial).filter((sn) => SERIAL_PATTERN.test(sn)))].sort().map(osdTopic);

/**
 * A device row with what the broker knows now: the status is the server's (sysinfo/online's statuses, never derived
 * here again from raw OSD); fresh telemetry (battery, position, time) wins over the stored row; without it
 * sysinfo/online marks a stored "online"/"offline" device by its presence. A dock has no battery: its battery is null
 * whatever was stored or reported. Pure.
 */
export function withLiveStatus(
  row: Device,
  live: { telemetry: Record<string, LiveSample>; statuses: Record<string, DeviceStatus> | null },
  now: number,
): LiveDevice {
  const shown = rowWithLive(row, live, now);
  // Its OSD reports none; the fleet sample the server stores reads a missing battery as 0.
  return row.kind === 'dock' && shown.battery != null ? { ...shown, battery: null } : shown;
}

function rowWithLive(row: Device, live: { telemetry: Record<string, LiveSample>; statuses: Record<string, DeviceStatus> | null }, now: number): LiveDevice {
  const serial = row.serial;
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
