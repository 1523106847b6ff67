import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh stream name for one start: 144 random bits, RTMP- and URL-safe, never reused. */
export const newStreamName = (): string => randomBytes(18).toString('base64url');

/** Whether a stream name takes a publish now: until its push URL expires (epoch ms; null: no expiry, a device's start). */
export const publishAllowed = (publishUntil: number | null, now: number): boolean => publishUntil === null || now < publishUntil;

const signature = (secret: string, name: string, expiresAt: number) => createHmac('sha256', secret).update(`play:${name}:${expiresAt}`).digest('base64url');

/** The query that authorises playing stream `name` until `expiresAt` (epoch s). */
export function signPlay(secret: string, name: string, expiresAt: number): string {
  return `exp=${expiresAt}&sig=${signature(secret, name, expiresAt)}`;
}

export type PlayVerdict = 'ok' | 'unsigned' | 'expired' | 'bad_signature';

/** Checks a play request's `exp` and `sig` for stream `name` at `nowS` (epoch s). */
export function verifyPlay(secret: string, name: string, exp: unknown, sig: unknown, nowS: number): PlayVerdict {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return 'unsigned';
  const expected = Buffer.from(signature(secret, name, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  return Number(exp) < nowS ? 'expired' : 'ok';
}
