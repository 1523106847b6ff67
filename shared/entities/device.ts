import { z } from 'zod';
import { DEVICE_STATUSES, SERIAL_PATTERN } from '../live';
import { displayName, isoDateTime, refName, rowId, stampedSchema } from './fields';

export { DEVICE_STATUSES, type DeviceStatus } from '../live';
export const DEVICE_KINDS = ['aircraft', 'dock', 'remote_controller'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** What a device's serial may be when it is registered (a subset of the broker's SERIAL_PATTERN). */
export const DEVICE_SERIAL_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

export const deviceInputSchema = z.object({
  serial: z.string().trim().regex(DEVICE_SERIAL_PATTERN, '4-64 letters, digits or -'),
  name: displayName,
  model: z.string().trim().min(1).max(64),
  kind: z.enum(DEVICE_KINDS),
  firmware: z.string().max(64).nullable().optional(),
  dept_id: rowId.nullable().optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  last_lat: z.number().min(-90).max(90).nullable().optional(),
  last_lng: z.number().min(-180).max(180).nullable().optional(),
  last_alt: z.number().min(-500).max(10_000).nullable().optional(),
  battery: z.number().int().min(0).max(100).nullable().optional(),
  last_seen_at: isoDateTime.nullable().optional(),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

export const deviceSchema = stampedSchema.extend({
  serial: z.string(),
  name: z.string(),
  model: z.string(),
  kind: z.enum(DEVICE_KINDS),
  firmware: z.string().nullable(),
  dept_id: z.number().nullable(),
  dept_name: refName,
  status: z.enum(DEVICE_STATUSES),
  /** URL of the uploaded photo. */
  photo: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  last_lat: z.number().nullable(),
  last_lng: z.number().nullable(),
  last_alt: z.number().nullable(),
  battery: z.number().nullable(),
  /** The gateway (remote controller or dock) the aircraft is paired with, as the DJI link last reported it. */
  gateway_sn: z.string().nullable(),
  /** 1 while its dock and aircraft need a consistency upgrade (DJI's `compatible_status`). */
  needs_consistency_upgrade: z.number(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Most serials one `POST /Device/names/` resolves (the /Tas view asks once for every aircraft it has not named yet). */
export const MAX_NAME_SERIALS = 10_000;
export const deviceNamesRequestSchema = z.object({ serials: z.array(z.string().regex(SERIAL_PATTERN)).min(1).max(MAX_NAME_SERIALS) });
/**
 * Serial → name, and serial → id, of the registered devices among those asked for that the caller's data scope shows
 * (/Tas names its aircraft and sends their commands by id).
 */
export const deviceNamesSchema = z.object({ names: z.record(z.string(), z.string()), ids: z.record(z.string(), z.number()) });
export type DeviceNames = z.infer<typeof deviceNamesSchema>;
