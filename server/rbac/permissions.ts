import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { bearerToken, type TokenClaims } from '../auth/plugin';
import { forbidden, unauthorized } from '../http/envelope';
import { ADMIN_USERNAME } from '../seed/admin';
import { grants, type PermissionCode } from '@shared/permissions';

/** The built-in role whose permissions are fixed to everything (and repaired at every start). */
export const ADMIN_ROLE_CODE = 'admin';
export const ADMIN_ROLE_PERMISSIONS: readonly string[] = ['*'];

const VIEWER_PERMISSIONS: readonly string[] = ['device:read', 'project:read', 'task:read', 'airspace:read', 'map:read', 'stats:read'];

/** The built-in roles, created on every start when missing (their permission sets may be edited afterwards, except admin's). */
export const BUILTIN_ROLES: { code: string; name: string; description: string; permissions: readonly string[] }[] = [
  { code: ADMIN_ROLE_CODE, name: '系统管理员', description: 'Everything', permissions: ADMIN_ROLE_PERMISSIONS },
  {
    code: 'operator',
    name: '飞手/操作员',
    description: 'Devices, tasks, airspace applications and plans, map',
    permissions: ['device:*', 'task:*', 'airspace:read', 'airspace:write', 'map:*', 'project:read', 'stats:read', 'org:read'],
  },
  {
    code: 'viewer',
    name: '只读用户',
    description: 'Read only',
    permissions: VIEWER_PERMISSIONS,
  },
  { code: 'qa', name: '测试工程师', description: 'Read only, and the QA panel', permissions: [...VIEWER_PERMISSIONS, 'qa'] },
];

export function parsePermissionList(text: string): string[] {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export interface UserRole {
  id: number;
  code: string;
  name: string;
}

/** The roles of each user (by id), with the union of their permission codes: the one role lookup of the server. */
export async function rolesOfUsers(db: Kysely<Database>, userIds: number[]): Promise<Map<number, { roles: UserRole[]; permissions: string[] }>> {
  const result = new Map<number, { roles: UserRole[]; permissions: string[] }>();
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

export async function loadUserRoles(db: Kysely<Database>, userId: number): Promise<{ roles: UserRole[]; permissions: string[] }> {
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
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  // Whatever was stored, the admin role grants everything: a start repairs an admin role edited down by any means.
  await db
    .updateTable('roles')
    .set({ permissions: JSON.stringify(ADMIN_ROLE_PERMISSIONS), updated_at: now })
    .where('code', '=', ADMIN_ROLE_CODE)
    .where('permissions', '<>', JSON.stringify(ADMIN_ROLE_PERMISSIONS))
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

declare module 'fastify' {
  interface FastifyRequest {
    permissions?: string[];
  }
}

/**
 * preValidation hook: 401 without a valid token, 403 when none of the user's roles grants `code` (null: login only).
 * It runs before the schema check, so an anonymous or unauthorised caller never learns the body's rules from a 400.
 * One query reads the live session, the active user and the role permission sets together; nothing is cached,
 * so a logout, a deactivation or a role change applies at once on every instance.
 */
export function requirePermission(app: FastifyInstance, code: PermissionCode | null) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not logged in');
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
    } catch {
      throw unauthorized();
    }
    const rows = await app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .leftJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['sessions.id as sessionId', 'users.id as userId', 'users.username as username', 'roles.permissions as permissions'])
      .where('sessions.id', '=', claims.sid)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', nowIso())
      .where('users.is_active', '=', 1)
      .execute();
    if (rows.length === 0 || String(rows[0].userId) !== claims.sub) throw unauthorized();
    request.auth = { userId: rows[0].userId, username: rows[0].username, sessionId: rows[0].sessionId };
    const granted = rows.flatMap((r) => (r.permissions ? parsePermissionList(r.permissions) : []));
    request.permissions = granted;
    if (code !== null && !grants(granted, code)) throw forbidden(`You have no permission for this operation (needs ${code})`);
  };
}
