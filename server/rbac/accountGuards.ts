import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DepartmentsTable, RolesTable, UsersTable } from '../db/schema';
import { nowIso } from '../db/time';
import { HttpError, rowNotFound } from '../http/envelope';
import type { DataScope } from '@shared/entities/role';
import { widestScope, type DataScopeRule } from './dataScope';
import { scopeOf, withDataScope } from './scopeQuery';
import { dataScopeChangeVerdict, roleChangeVerdict, roleInUseVerdict, userChangeVerdict, userScopeVerdict, type GrantVerdict } from './grantRules';
import { ADMIN_ROLE_CODE, loadUserRoles, parsePermissionList } from './permissions';

function enforce(verdict: GrantVerdict): void {
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message, undefined, verdict.reason);
}

/** How many users hold role `roleId` that the caller's data scope does not show. */
async function holdersOutsideScope(db: Kysely<Database>, request: FastifyRequest, roleId: number): Promise<number> {
  const rule = scopeOf(request);
  if (rule.scope === 'all') return 0;
  const visible = withDataScope(db.selectFrom('users'), 'users', rule).select('users.id');
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role_id', '=', roleId)
    .where('user_id', 'not in', visible)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Role create/update (`input` set) or delete (`input` absent): see roleChangeVerdict, and roleInUseVerdict for a scoped caller. */
export async function authorizeRoleWrite(
  db: Kysely<Database>,
  request: FastifyRequest,
  existing: Selectable<RolesTable> | undefined,
  input: { code?: string; permissions?: string[]; data_scope?: DataScope } | undefined,
): Promise<void> {
  enforce(dataScopeChangeVerdict({ actor: request.dataScope?.scope ?? 'own', role: existing?.code, next: input?.data_scope }));
  if (existing) enforce(roleInUseVerdict({ holdersOutsideScope: await holdersOutsideScope(db, request, existing.id) }));
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
  if (existing) {
    // Nobody takes over (new password, deactivation, roles) a user who sees more than itself.
    const scopes = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.data_scope')
      .where('user_roles.user_id', '=', existing.id)
      .execute();
    enforce(userScopeVerdict({ actor: request.dataScope?.scope ?? 'own', target: widestScope(scopes.map((r) => r.data_scope)) }));
  }
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

/**
 * Department create/update (`input` set) or delete (`input` absent) by a caller that does not see all: the department
 * must be in its subtree (else 404, as any row out of scope), and a new or changed parent too (else 400), so nobody
 * re-parents another department under its own, moves its own above itself or adds a root department.
 */
export function authorizeDepartmentWrite(
  rule: DataScopeRule,
  existing: Selectable<DepartmentsTable> | undefined,
  input: { parent_id?: number | null } | undefined,
): void {
  if (rule.scope === 'all') return;
  if (existing && !rule.deptIds.includes(existing.id)) throw rowNotFound('department', existing.id);
  const parent = existing && input?.parent_id === undefined ? undefined : (input?.parent_id ?? null);
  if (input && parent !== undefined && (parent === null || !rule.deptIds.includes(parent))) {
    const reason = { code: 'scope.dept_outside' as const, params: { dept_id: String(parent ?? '') } };
    throw new HttpError(
      400,
      `Invalid body: parent_id ${parent ?? 'null'} is outside your data scope`,
      [{ field: 'parent_id', message: 'outside your data scope', ...reason }],
      reason,
    );
  }
}
