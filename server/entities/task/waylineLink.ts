import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a wayline download link vouches for: this task's dispatch, fetched by this gateway, until `exp` (epoch s). */
export interface WaylineClaims {
  task: number;
  flight: string;
  gw: string;
  exp: number;
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`wayline:${payload}`).digest('base64url');

/** A token for the link: the claims and their HMAC (with the server's token secret, so every instance can check it). */
export function signWaylineToken(secret: string, claims: WaylineClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type WaylineTokenCheck = { ok: true; claims: WaylineClaims } | { ok: false; why: string };

/** Checks a link token's signature and expiry. */
export function verifyWaylineToken(secret: string, token: string, nowMs: number): WaylineTokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, why: 'malformed token' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: 'bad signature' };
  let claims: WaylineClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WaylineClaims;
  } catch {
    return { ok: false, why: 'malformed token' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < nowMs) return { ok: false, why: 'the link expired' };
  return { ok: true, claims };
}
