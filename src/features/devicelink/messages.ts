import { envelopeSchema } from '@shared/dji/envelope';
import { djiLiveSchema, normaliseOsd, type DjiLive, type DjiLiveKind } from '@shared/dji/live';
import { alertNotificationSchema, type AlertNotification } from '@shared/entities/alert';

/*
 * What the device link reads from the API and the broker, checked against the contract. It carries the zod schemas,
 * so the saga loads it once it follows a device or the alerts, off the first paint.
 */

/** GET /api/Device/{id}/live/: the device's live state, or null when the answer is not one. */
export function readLive(data: unknown): DjiLive | null {
  const parsed = djiLiveSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** An OSD message of the device `sn` of `kind`, normalised; null when it is not a valid one. */
export function readOsd(sn: string, kind: DjiLiveKind, message: unknown): DjiLive | null {
  const envelope = envelopeSchema.safeParse(message);
  if (!envelope.success) return null;
  const result = normaliseOsd(sn, kind, envelope.data.data, envelope.data.timestamp);
  return result.ok ? result.live : null;
}

/** A sysinfo/alerts message, or null when it has an unknown shape. */
export function readAlertNotification(message: unknown): AlertNotification | null {
  const parsed = alertNotificationSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}
