import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

/** The signing secret is shared through the database so several server instances accept each other's tokens. */
export async function loadSigningSecret(db: Kysely<Database>, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return row.value;
}

export async function createSession(db: Kysely<Database>, userId: number, ttlSeconds: number): Promise<{ id: string; expiresAt: string }> {
  const now = Date.now();
  const session = { id: randomUUID(), user_id: userId, created_at: nowIso(now), expires_at: nowIso(now + ttlSeconds * 1000), revoked_at: null };
  await db.insertInto('sessions').values(session).execute();
  // Expired sessions are only kept long enough to be useless; pruning on login keeps the table small.
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', nowIso(now - 86_400_000))
    .execute();
  return { id: session.id, expiresAt: session.expires_at };
}

/**
 * Moves a live session's end to `ttlSeconds` from now (sliding expiry), never past `maxAgeSeconds` after it began;
 * resolves with the new end, or null when the session has ended (revoked, expired).
 */
export async function extendSession(
  db: Kysely<Database>,
  sessionId: string,
  ttlSeconds: number,
  maxAgeSeconds: number,
  now = Date.now(),
): Promise<string | null> {
  const session = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  if (!session) return null;
  const end = nowIso(Math.min(now + ttlSeconds * 1000, Date.parse(session.created_at) + maxAgeSeconds * 1000));
  await db.updateTable('sessions').set({ expires_at: end }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  return end;
}

export async function findActiveSession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.expires_at as expiresAt', 'users.id as userId', 'users.username as username'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
}

/** Of these session ids, the ones still active (not revoked, not expired, user active). */
export async function activeSessionIds(db: Kysely<Database>, sessionIds: string[]): Promise<Set<string>> {
  return new Set((await activeSessionUsers(db, sessionIds)).keys());
}

/** Of these session ids, the ones still active, each with its user's id. */
export async function activeSessionUsers(db: Kysely<Database>, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id'])
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.id, r.user_id]));
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}
