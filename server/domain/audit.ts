import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

const SECRET_FIELDS = new Set(['password', 'password_hash', 'appKey', 'appLicense']);

/** Drops secrets and large blobs from what goes into the audit detail. */
export function auditDetail(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (key, v) => (SECRET_FIELDS.has(key) ? '***' : v));
  return text.length > 4000 ? `${text.slice(0, 3997)}...` : text;
}

/** One audit row per create/update/delete/transition; written in the same transaction as the change. */
export async function writeAudit(
  db: Kysely<Database>,
  request: Pick<FastifyRequest, 'auth'>,
  action: string,
  entity: string,
  entityId: number | string | null,
  detail?: unknown,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: request.auth?.userId ?? null,
      username: request.auth?.username ?? null,
      action,
      entity,
      entity_id: entityId === null ? null : String(entityId),
      detail: auditDetail(detail),
      created_at: nowIso(),
    })
    .execute();
}
