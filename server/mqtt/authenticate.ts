import { createHash, timingSafeEqual } from 'node:crypto';
import type { Authenticated } from './embedded';
import { drcLoginValid, isDrcUsername, type DrcCredential } from './drcCredentials';
import { matchesHash, type GatewayCredential } from './gateway/credentials';

/** Constant-time comparison of secrets (hashed first so lengths never leak). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Username/password → identity for the embedded broker (docs/mqtt.md "Identities"): the static service account,
 * a browser (username + login token), a side of a DRC link (its credentials, bound to their client id), a Pilot 2 gateway
 * (thing credentials of a live session) or a dock (serial + secret).
 */
export function createAuthenticator(options: {
  staticUser?: string;
  staticPassword?: string;
  resolveToken(token: string): Promise<{ userId: number; username: string; sessionId: string } | null>;
  findCredential(username: string): Promise<GatewayCredential | null>;
  findDrcCredential(username: string): Promise<DrcCredential | null>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  return async (username: string, password: string, clientId = ''): Promise<Authenticated> => {
    if (options.staticUser && options.staticPassword && username === options.staticUser && sameSecret(password, options.staticPassword)) {
      return { identity: { kind: 'service', username } };
    }
    // Login tokens are JWTs (three dot-separated parts).
    if (password.split('.').length === 3) {
      const session = await options.resolveToken(password);
      if (session && session.username === username) return { identity: { kind: 'web', username, userId: session.userId, sessionId: session.sessionId } };
      return { refused: 'wrong_secret' };
    }
    if (isDrcUsername(username)) {
      const drc = await options.findDrcCredential(username);
      if (!drc) return { refused: 'unknown_username' };
      if (!drcLoginValid(drc, password, clientId, now())) return { refused: 'wrong_secret' };
      if (!drc.sessionActive) return { refused: 'session_ended' };
      const { side, gatewaySn, expiresAt, sessionId } = drc;
      return { identity: { kind: 'drc', side, username, gatewaySn, expiresAt, sessionId } };
    }
    const credential = await options.findCredential(username);
    if (!credential) return { refused: 'unknown_username' };
    if (!matchesHash(password, credential.hash)) return { refused: 'wrong_secret' };
    if (credential.kind === 'dock') {
      return { identity: { kind: 'gateway', source: 'dock', username, link: { gatewaySn: credential.sn, declared: new Set() } } };
    }
    if (!credential.sessionActive) return { refused: 'session_ended' };
    const pilot = { userId: credential.userId, username: credential.username, sessionId: credential.sessionId, deptId: credential.deptId };
    return { identity: { kind: 'gateway', source: 'pilot', username, link: { declared: new Set() }, pilot } };
  };
}
