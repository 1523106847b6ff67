import { z } from 'zod';
import { fastParser } from './fastCheck';

/** Every DJI Cloud API message: `tid` names one exchange (request and reply share it), `bid` one business flow. */
export const envelopeSchema = z.object({
  tid: z.string().min(1).max(64),
  bid: z.string().min(1).max(64),
  timestamp: z.number().int().nonnegative(),
  method: z.string().min(1).max(64).optional(),
  gateway: z.string().max(64).optional(),
  need_reply: z.union([z.literal(0), z.literal(1)]).optional(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** A reply's data: `result` 0 is success, anything else an error code; `output` is the method's answer. */
export const replyDataSchema = z.object({
  result: z.number().int(),
  output: z.record(z.string(), z.unknown()).optional(),
});
export type ReplyData = z.infer<typeof replyDataSchema>;

export const replyEnvelopeSchema = envelopeSchema.extend({ method: z.string().min(1).max(64), data: replyDataSchema });
export type ReplyEnvelope = z.infer<typeof replyEnvelopeSchema>;

/** Result codes the platform answers with (0 = success; the others are this platform's, in DJI's non-zero style). */
export const RESULT = {
  ok: 0,
  /** The message could not be read (not JSON, no tid/bid/data, fields out of range). */
  invalidMessage: 314001,
  /** The connection may not speak for this serial. */
  notAllowed: 314002,
  /** The method is not supported by this platform. */
  unknownMethod: 314003,
  /** The platform failed while handling it. */
  internalError: 314004,
} as const;

/** The reply to `request`: same tid, bid and method, with `data.result` (and an optional output). */
export function replyTo(
  request: Pick<Envelope, 'tid' | 'bid' | 'method'>,
  result: number,
  output?: Record<string, unknown>,
  timestamp = Date.now(),
): ReplyEnvelope {
  return { tid: request.tid, bid: request.bid, timestamp, method: request.method ?? '', data: output === undefined ? { result } : { result, output } };
}

const readEnvelope = fastParser(envelopeSchema);

export type ParsedMessage =
  { ok: true; envelope: Envelope } | { ok: false; reason: 'not_json' | 'invalid_envelope'; tid?: string; bid?: string; method?: string };

/** Reads an MQTT payload as an envelope. A bad one still returns whatever tid/bid/method it had, so a reply can be sent. */
export function parseEnvelope(payload: Buffer | string): ParsedMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  const parsed = readEnvelope(raw);
  // DJI sends `data: null` for a request without parameters (flight_areas_get, offline_map_get): no fields.
  if (parsed.success && parsed.data.data === null) return { ok: true, envelope: { ...parsed.data, data: {} } };
  if (parsed.success && parsed.data.data !== undefined && typeof parsed.data.data === 'object') return { ok: true, envelope: parsed.data };
  const loose = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined);
  return { ok: false, reason: 'invalid_envelope', tid: text(loose.tid), bid: text(loose.bid), method: text(loose.method) };
}
