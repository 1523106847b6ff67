import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/** Secrets are random (192 bits), so one sha256 is as good as a slow hash and keeps a connect storm cheap. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = () => randomBytes(24).toString('base64url');

export function matchesHash(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Pilot 2 thing credentials for one login session: the password is returned once, only its hash is kept. */
export async function issueThingCredentials(
  db: Kysely<Database>,
  auth: { userId: number; sessionId: string },
  gatewaySn: string | null = null,
): Promise<{ username: string; password: string }> {
  const username = `pilot-${randomBytes(8).toString('hex')}`;
  const password = newSecret();
  // One credential per session: a new one replaces the last (a connection made with it stays up until the session ends).
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('thing_credentials').where('session_id', '=', auth.sessionId).execute();
    await trx
      .insertInto('thing_credentials')
      .values({ username, secret_hash: hashSecret(password), user_id: auth.userId, session_id: auth.sessionId, created_at: nowIso(), gateway_sn: gatewaySn })
      .execute();
  });
  return { username, password };
}

/** The Pilot 2 thing credentials whose session is live (not revoked, not expired) and whose user is active. */
export const liveThingCredentials = (db: Kysely<Database>) =>
  db
    .selectFrom('thing_credentials')
    .innerJoin('sessions', 'sessions.id', 'thing_credentials.session_id')
    .innerJoin('users', 'users.id', 'thing_credentials.user_id')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1);

export type GatewayCredential =
  | { kind: 'pilot'; hash: string; userId: number; username: string; sessionId: string; deptId: number | null; sessionActive: boolean }
  | { kind: 'dock'; hash: string; sn: string };

/** The credential behind an MQTT username: a Pilot 2 credential, else a registered dock with a secret, else null. */
export async function findGatewayCredential(db: Kysely<Database>, username: string): Promise<GatewayCredential | null> {
  const pilot = await db
    .selectFrom('thing_credentials')
    .innerJoin('sessions', 'sessions.id', 'thing_credentials.session_id')
    .innerJoin('users', 'users.id', 'thing_credentials.user_id')
    .select([
      'thing_credentials.secret_hash',
      'users.id as userId',
      'users.username',
      'users.dept_id',
      'users.is_active',
      'sessions.id as sessionId',
      'sessions.revoked_at',
      'sessions.expires_at',
    ])
    .where('thing_credentials.username', '=', username)
    .executeTakeFirst();
  if (pilot) {
    const sessionActive = pilot.revoked_at === null && pilot.expires_at > nowIso() && pilot.is_active === 1;
    return {
      kind: 'pilot',
      hash: pilot.secret_hash,
      userId: pilot.userId,
      username: pilot.username,
      sessionId: pilot.sessionId,
      deptId: pilot.dept_id,
      sessionActive,
    };
  }
  const dock = await db.selectFrom('devices').select(['serial', 'secret_hash']).where('serial', '=', username).where('kind', '=', 'dock').executeTakeFirst();
  return dock?.secret_hash ? { kind: 'dock', hash: dock.secret_hash, sn: dock.serial } : null;
}
