import { telemetrySchema, type Telemetry } from '@shared/telemetry';

/** Parses a raw MQTT payload as telemetry; null when it is not JSON or not a valid sample. */
export function parseTelemetry(payload: Buffer | string, expectedSn?: string): Telemetry | null {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  // The serial in the topic wins (the broker's ACL vouches for it); a body claiming another serial is refused.
  if (expectedSn && raw && typeof raw === 'object' && !('sn' in raw)) (raw as Record<string, unknown>).sn = expectedSn;
  const result = telemetrySchema.safeParse(raw);
  if (!result.success) return null;
  if (expectedSn && result.data.sn !== expectedSn) return null;
  return result.data;
}
