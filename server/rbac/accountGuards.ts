import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, RolesTable, UsersTable } from '../db/schema';
import { nowIso } from '../db/time';
import { HttpError } from '../http/envelope';
import type { DataScope } from '@shared/entities/role';
import { widestScope } from './dataScope';
import { dataScopeChangeVerdict, roleChangeVerdict, userChangeVerdict, type GrantVerdict } from './grantRules';
import { ADMIN_ROLE_CODE, loadUserRoles, parsePermissionList } from './permissions';

function enforce(verdict: GrantVerdict): void {
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message, undefined, verdict.reason);
}

/** Role create/update (`input` set) or delete (`input` absent): see roleChangeVerdict. */
export function authorizeRoleWrite(
  _db: Kysely<Database>,
  request: FastifyRequest,
  existing: Selectable<RolesTable> | undefined,
  input: { code?: string; permissions?: string[]; data_scope?: DataScope } | undefined,
): void {
  enforce(dataScopeChangeVerdict({ actor: request.dataScope?.scope ?? 'own', role: existing?.code, next: input?.data_scope }));
  enforce(
    roleChangeVerdict({
      actor: request.permissions ?? [],
      role: existing && { code: existing.code, permissions: parsePermissionList(existing.permissions) },
      next: input && { code: input.code, permissions: input.permissions },
    }),
  );
}

/** User create/update (`input` set) or delete (`input` absent): see userChangeVerdict. */
export async function authorizeUserWrite(
  db: Kysely<Database>,
  request: FastifyRequest,
  existing: Selectable<UsersTable> | undefined,
  input: { role_ids?: number[]; is_active?: 0 | 1 } | undefined,
): Promise<void> {
  const current = existing && (await loadUserRoles(db, existing.id));
  const roles = input?.role_ids?.length
    ? await db.selectFrom('roles').select(['code', 'permissions', 'data_scope']).where('id', 'in', input.role_ids).execute()
    : input?.role_ids && [];
  // Nor does anyone hand out, through a role, a wider data scope than its own.
  for (const role of roles ?? []) enforce(dataScopeChangeVerdict({ actor: request.dataScope?.scope ?? 'own', next: widestScope([role.data_scope]) }));
  let admins = db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.count<number | string>('users.id').distinct().as('n'))
    .where('roles.code', '=', ADMIN_ROLE_CODE)
    .where('users.is_active', '=', 1);
  if (existing) admins = admins.where('users.id', '<>', existing.id);
  const otherActiveAdmins = Number((await admins.executeTakeFirstOrThrow()).n);
  enforce(
    userChangeVerdict({
      actor: request.permissions ?? [],
      target: existing &&
        current && {
          permissions: current.permissions,
          isAdmin: current.roles.some((role) => role.code === ADMIN_ROLE_CODE),
          isActive: existing.is_active === 1,
        },
      next: input && {
        roles: roles?.map((role) => ({ code: role.code, permissions: parsePermissionList(role.permissions) })),
        isActive: input.is_active,
      },
      otherActiveAdmins,
    }),
  );
}

/**
 * A new password or a change of the active flag ends the user's sessions (all but the one making the change), so
 * neither an old password's sessions nor, after a reactivation, tokens from before the deactivation work again.
 */
export async function endSessionsAfterAccountChange(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: number,
  input: { password?: string; is_active?: 0 | 1 },
  existing: Selectable<UsersTable> | undefined,
): Promise<void> {
  if (!existing) return;
  const activeFlagChanged = input.is_active !== undefined && input.is_active !== existing.is_active;
  if (!input.password && !activeFlagChanged) return;
  let sessions = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (request.auth?.userId === userId && !activeFlagChanged) sessions = sessions.where('id', '<>', request.auth.sessionId);
  await sessions.execute();
}
