import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { hashSecret, matchesHash, newSecret } from './gateway/credentials';

/** The side of a DRC link a credential is for. */
export type DrcSide = 'browser' | 'device';

/** One issued DRC credential; the password is returned once, only its hash is kept. */
export interface DrcGrant {
  side: DrcSide;
  username: string;
  password: string;
  clientId: string;
  gatewaySn: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** What the broker checks a DRC login against. */
export interface DrcCredential {
  side: DrcSide;
  hash: string;
  clientId: string;
  gatewaySn: string;
  expiresAt: number;
  sessionId: string;
  /** The login session that entered DRC is still active (not revoked, not expired, its user active). */
  sessionActive: boolean;
}

/** DRC usernames (and the client ids bound to them) start so: the broker looks them up here, not among gateways. */
export const DRC_USERNAME_PREFIX = 'drc-';
export const isDrcUsername = (username: string) => username.startsWith(DRC_USERNAME_PREFIX);

/**
 * New DRC credentials of gateway `gatewaySn` for the browser session that entered DRC and for the device, replacing
 * any earlier ones of that gateway (one DRC link per gateway); both end with the session, at `ttlSeconds`, or on exit.
 */
export async function issueDrcCredentials(
  db: Kysely<Database>,
  link: { gatewaySn: string; deviceId: number; userId: number; sessionId: string },
  ttlSeconds: number,
  now = Date.now(),
): Promise<{ browser: DrcGrant; device: DrcGrant; replaced: string[] }> {
  // Whole seconds: drc_mode_enter's expire_time is epoch seconds.
  const expiresAt = Math.floor(now / 1000 + ttlSeconds) * 1000;
  const grant = (side: DrcSide): DrcGrant => {
    const nonce = randomBytes(8).toString('hex');
    return {
      side,
      username: `${DRC_USERNAME_PREFIX}${side === 'browser' ? 'web' : 'dev'}-${nonce}`,
      password: newSecret(),
      clientId: `${DRC_USERNAME_PREFIX}${side === 'browser' ? 'web' : 'dev'}-${link.gatewaySn}-${nonce}`,
      gatewaySn: link.gatewaySn,
      expiresAt,
    };
  };
  const browser = grant('browser');
  const device = grant('device');
  const replaced = await db.transaction().execute(async (trx) => {
    const earlier = await trx.selectFrom('drc_credentials').select('username').where('gateway_sn', '=', link.gatewaySn).execute();
    await trx.deleteFrom('drc_credentials').where('gateway_sn', '=', link.gatewaySn).execute();
    await trx
      .insertInto('drc_credentials')
      .values(
        [browser, device].map((g) => ({
          username: g.username,
          secret_hash: hashSecret(g.password),
          client_id: g.clientId,
          side: g.side,
          gateway_sn: g.gatewaySn,
          device_id: link.deviceId,
          user_id: link.userId,
          session_id: link.sessionId,
          expires_at: new Date(g.expiresAt).toISOString(),
          created_at: nowIso(),
        })),
      )
      .execute();
    return earlier.map((row) => row.username);
  });
  return { browser, device, replaced };
}

/** Revokes the DRC credentials of a gateway; resolves with their usernames. */
export async function revokeDrcCredentials(db: Kysely<Database>, gatewaySn: string): Promise<string[]> {
  const rows = await db.selectFrom('drc_credentials').select('username').where('gateway_sn', '=', gatewaySn).execute();
  await db.deleteFrom('drc_credentials').where('gateway_sn', '=', gatewaySn).execute();
  return rows.map((row) => row.username);
}

/** The DRC credential behind a username, if any. */
export async function findDrcCredential(db: Kysely<Database>, username: string): Promise<DrcCredential | null> {
  const row = await db
    .selectFrom('drc_credentials')
    .innerJoin('sessions', 'sessions.id', 'drc_credentials.session_id')
    .innerJoin('users', 'users.id', 'drc_credentials.user_id')
    .select([
      'drc_credentials.side',
      'drc_credentials.secret_hash',
      'drc_credentials.client_id',
      'drc_credentials.gateway_sn',
      'drc_credentials.expires_at',
      'drc_credentials.session_id',
      'sessions.revoked_at',
      'sessions.expires_at as session_expires_at',
      'users.is_active',
    ])
    .where('drc_credentials.username', '=', username)
    .executeTakeFirst();
  if (!row) return null;
  return {
    side: row.side,
    hash: row.secret_hash,
    clientId: row.client_id,
    gatewaySn: row.gateway_sn,
    expiresAt: Date.parse(row.expires_at),
    sessionId: row.session_id,
    sessionActive: row.revoked_at === null && row.session_expires_at > nowIso() && row.is_active === 1,
  };
}

/** Whether `password` opens `credential` for client `clientId` now. */
export const drcLoginValid = (credential: DrcCredential, password: string, clientId: string, now: number) =>
  matchesHash(password, credential.hash) && credential.clientId === clientId && now < credential.expiresAt;

/** Of these usernames, the DRC credentials still valid: not revoked or replaced, not expired, their session active. */
export async function liveDrcUsernames(db: Kysely<Database>, usernames: string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db
    .selectFrom('drc_credentials')
    .innerJoin('sessions', 'sessions.id', 'drc_credentials.session_id')
    .innerJoin('users', 'users.id', 'drc_credentials.user_id')
    .select('drc_credentials.username')
    .where('drc_credentials.username', 'in', usernames)
    .where('drc_credentials.expires_at', '>', nowIso())
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.username));
}
