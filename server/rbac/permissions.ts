import { BUILTIN_ROLE_TEXTS, LEGACY_ROLE_DESCRIPTIONS, type BuiltinRoleCode } from '@shared/builtinRoles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { bearerToken, type TokenClaims } from '../auth/plugin';
import { forbidden, unauthorized } from '../http/envelope';
import { ADMIN_USERNAME } from '../seed/admin';
import { grants, type PermissionCode } from '@shared/permissions';
import type { DataScope } from '@shared/entities/role';
import type { RoleRef } from '@shared/user';
import type { SessionGrant } from './grantCache';
import { dataScopeRule, widestScope, type DataScopeRule } from './dataScope';

/** The built-in role whose permissions are fixed to everything (and repaired at every start). */
export const ADMIN_ROLE_CODE = 'admin';
export const ADMIN_ROLE_PERMISSIONS: readonly string[] = ['*'];

const VIEWER_PERMISSIONS: readonly string[] = ['device:read', 'project:read', 'task:read', 'airspace:read', 'map:read', 'stats:read'];

/** The built-in roles, created on every start when missing (their permission sets may be edited afterwards, except admin's). */
export const BUILTIN_ROLES: { code: BuiltinRoleCode; name: string; description: string; permissions: readonly string[]; data_scope: DataScope }[] = [
  { code: ADMIN_ROLE_CODE, ...BUILTIN_ROLE_TEXTS.admin, permissions: ADMIN_ROLE_PERMISSIONS, data_scope: 'all' },
  {
    code: 'operator',
    ...BUILTIN_ROLE_TEXTS.operator,
    permissions: ['device:*', 'task:*', 'airspace:read', 'airspace:write', 'map:*', 'project:read', 'stats:read', 'org:read'],
    data_scope: 'dept',
  },
  {
    code: 'viewer',
    ...BUILTIN_ROLE_TEXTS.viewer,
    permissions: VIEWER_PERMISSIONS,
    data_scope: 'all',
  },
  { code: 'qa', ...BUILTIN_ROLE_TEXTS.qa, permissions: [...VIEWER_PERMISSIONS, 'qa'], data_scope: 'all' },
];

export function parsePermissionList(text: string): string[] {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The roles of each user (by id), with the union of their permission codes: the one role lookup of the server. */
export async function rolesOfUsers(db: Kysely<Database>, userIds: number[]): Promise<Map<number, { roles: RoleRef[]; permissions: string[] }>> {
  const result = new Map<number, { roles: RoleRef[]; permissions: string[] }>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.code', 'roles.name', 'roles.permissions'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
  for (const { user_id: userId, permissions, ...role } of rows) {
    const entry = result.get(userId) ?? { roles: [], permissions: [] };
    entry.roles.push(role);
    entry.permissions = [...new Set([...entry.permissions, ...parsePermissionList(permissions)])].sort();
    result.set(userId, entry);
  }
  return result;
}

export async function loadUserRoles(db: Kysely<Database>, userId: number): Promise<{ roles: RoleRef[]; permissions: string[] }> {
  return (await rolesOfUsers(db, [userId])).get(userId) ?? { roles: [], permissions: [] };
}

/** Creates the built-in roles when missing and gives the admin account the admin role when it has no role. */
export async function ensureRbac(db: Kysely<Database>): Promise<void> {
  const now = nowIso();
  for (const role of BUILTIN_ROLES) {
    await db
      .insertInto('roles')
      .values({
        code: role.code,
        name: role.name,
        description: role.description,
        permissions: JSON.stringify(role.permissions),
        data_scope: role.data_scope,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    // Earlier releases seeded English descriptions; one nobody edited becomes the seeded text the console translates.
    await db
      .updateTable('roles')
      .set({ description: role.description, updated_at: now })
      .where('code', '=', role.code)
      .where('description', '=', LEGACY_ROLE_DESCRIPTIONS[role.code])
      .execute();
  }
  // Whatever was stored, the admin role grants everything: a start repairs an admin role edited down by any means.
  await db
    .updateTable('roles')
    .set({ permissions: JSON.stringify(ADMIN_ROLE_PERMISSIONS), data_scope: 'all', updated_at: now })
    .where('code', '=', ADMIN_ROLE_CODE)
    .where((eb) => eb.or([eb('permissions', '<>', JSON.stringify(ADMIN_ROLE_PERMISSIONS)), eb('data_scope', '<>', 'all')]))
    .execute();
  const admin = await db.selectFrom('users').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
  const adminRole = await db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirst();
  if (!admin || !adminRole) return;
  const hasRole = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', admin.id).executeTakeFirst();
  if (!hasRole) {
    await db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role_id: adminRole.id })
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
  }
}

/** The data scope rule of a user, from its department and its roles' scopes (the departments are read only for department scope). */
export async function resolveDataScope(
  db: Kysely<Database>,
  user: { id: number; deptId: number | null },
  roleScopes: (string | null)[],
): Promise<DataScopeRule> {
  const scope = widestScope(roleScopes);
  const departments = scope === 'dept' ? await db.selectFrom('departments').select(['id', 'parent_id']).execute() : [];
  return dataScopeRule(user, scope, departments);
}

/** The data scope rule of user `userId` (who has no row sees nothing of its own either: own scope of a missing user). */
export async function loadDataScope(db: Kysely<Database>, userId: number): Promise<DataScopeRule> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.dept_id as deptId', 'roles.data_scope as dataScope'])
    .where('users.id', '=', userId)
    .execute();
  return resolveDataScope(
    db,
    { id: userId, deptId: rows[0]?.deptId ?? null },
    rows.map((r) => r.dataScope),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    permissions?: string[];
    /** Which rows of the scoped tables this caller sees (set with `permissions`). */
    dataScope?: DataScopeRule;
  }
}

/**
 * preValidation hook: 401 without a valid token, 403 when none of the user's roles grants `code` (null: login only).
 * It runs before the schema check, so an anonymous or unauthorised caller never learns the body's rules from a 400.
 * The token is the bearer token unless `tokenOf` reads it elsewhere (DJI Pilot 2's X-Auth-Token).
 */
export function requirePermission(app: FastifyInstance, code: PermissionCode | null, tokenOf: (request: FastifyRequest) => string | null = bearerToken) {
  return async (request: FastifyRequest) => {
    const grant = await grantOfToken(app, tokenOf(request));
    request.auth = { userId: grant.userId, username: grant.username, sessionId: grant.sessionId };
    request.permissions = grant.permissions;
    request.dataScope = grant.dataScope;
    if (code !== null && !grants(grant.permissions, code))
      throw forbidden(`You have no permission for this operation (needs ${code})`, { code: 'auth.missing_permission', params: { permission: code } });
  };
}

/**
 * The grant of a raw token (its session, user, permissions and data scope), else 401. It comes from this instance's
 * cache (app.authCache: every change to sessions, users, roles or departments clears it on every instance, and
 * while that could go unheard nothing is cached), else from one query, so a logout, a deactivation or a role change applies at once everywhere.
 */
export async function grantOfToken(app: FastifyInstance, token: string | null): Promise<SessionGrant> {
  if (!token) throw unauthorized('Not logged in', { code: 'auth.not_logged_in' });
  let claims: TokenClaims;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch {
    throw unauthorized();
  }
  const { cache } = app.authCache;
  let grant = cache.get(claims.sid);
  if (!grant) {
    const since = cache.reading();
    grant = (await readGrant(app.db, claims.sid)) ?? undefined;
    if (grant) cache.set(grant, since);
  }
  if (!grant || String(grant.userId) !== claims.sub) throw unauthorized();
  return grant;
}

/** One query reads the live session, the active user and its roles' permission sets and data scopes together. */
async function readGrant(db: Kysely<Database>, sessionId: string): Promise<SessionGrant | null> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.username as username',
      'users.dept_id as deptId',
      'roles.permissions as permissions',
      'roles.data_scope as dataScope',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .execute();
  if (rows.length === 0) return null;
  const [first] = rows;
  return {
    userId: first.userId,
    username: first.username,
    sessionId: first.sessionId,
    expiresAt: first.expiresAt,
    permissions: [...new Set(rows.flatMap((r) => (r.permissions ? parsePermissionList(r.permissions) : [])))],
    dataScope: await resolveDataScope(
      db,
      { id: first.userId, deptId: first.deptId },
      rows.map((r) => r.dataScope),
    ),
  };
}
