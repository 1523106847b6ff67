import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a wayline download link vouches for: this task's dispatch, fetched by this gateway, until `exp` (epoch s). */
export interface WaylineClaims {
  task: number;
  flight: string;
  gw: string;
  exp: number;
}

/** Claims of a signed link: whatever it vouches for, until `exp` (epoch s). */
export interface LinkClaims {
  exp: number;
}

/** `purpose` keeps a token of one kind of link from opening another kind (a task's wayline, a Pilot 2 library download). */
const mac = (secret: string, purpose: string, payload: string) => createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

/** A token for a link: the claims and their HMAC (with the server's token secret, so every instance can check it). */
export function signLinkToken(secret: string, purpose: string, claims: LinkClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

export type LinkTokenCheck<C extends LinkClaims> = { ok: true; claims: C } | { ok: false; why: string };

/** Checks a link token's signature (for `purpose`) and expiry. */
export function verifyLinkToken<C extends LinkClaims>(secret: string, purpose: string, token: string, nowMs: number): LinkTokenCheck<C> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, why: 'malformed token' };
  const expected = Buffer.from(mac(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: 'bad signature' };
  let claims: C;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as C;
  } catch {
    return { ok: false, why: 'malformed token' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < nowMs) return { ok: false, why: 'the link expired' };
  return { ok: true, claims };
}

export type WaylineTokenCheck = LinkTokenCheck<WaylineClaims>;

/** A dispatched task's wayline link token. */
export const signWaylineToken = (secret: string, claims: WaylineClaims): string => signLinkToken(secret, 'wayline', claims);

/** Checks a dispatched task's wayline link token. */
export const verifyWaylineToken = (secret: string, token: string, nowMs: number): WaylineTokenCheck =>
  verifyLinkToken<WaylineClaims>(secret, 'wayline', token, nowMs);
