import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { bearerToken, type TokenClaims } from '../auth/plugin';
import { forbidden, unauthorized } from '../http/envelope';
import { ADMIN_USERNAME } from '../seed/admin';

/**
 * Every permission code the server checks. A role holds a set of codes; "*" grants everything and "area:*"
 * every code of one area (e.g. "device:*"). docs/api.md lists which routes need which code.
 */
export const PERMISSIONS = {
  'device:read': 'See devices',
  'device:write': 'Create, edit and delete devices, upload photos',
  'project:read': 'See projects and routes (waylines)',
  'project:write': 'Create, edit and delete projects and routes',
  'task:read': 'See tasks',
  'task:write': 'Create, edit, delete and run tasks (schedule/start/complete/fail/cancel/retry)',
  'airspace:read': 'See airspace applications, flight plans and flight reports',
  'airspace:write': 'Apply for airspace, file flight plans, record flight reports',
  'airspace:approve': 'Approve or reject airspace applications, accept or reject flight plans',
  'map:read': 'See GIS features',
  'map:write': 'Create, edit and delete GIS features',
  'stats:read': 'Flight statistics (/chartinfo/)',
  'org:read': 'See departments, roles, resources and users',
  'org:write': 'Manage departments, roles, resources and users',
  'notice:write': 'Publish, edit and delete notices',
  'audit:read': 'Read the audit log',
} as const;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** The built-in role whose permissions are fixed to everything (and repaired at every start). */
export const ADMIN_ROLE_CODE = 'admin';
export const ADMIN_ROLE_PERMISSIONS: readonly string[] = ['*'];

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
    permissions: ['device:read', 'project:read', 'task:read', 'airspace:read', 'map:read', 'stats:read'],
  },
];

/** True when a set of granted codes (possibly with wildcards) covers `code`. */
export function grants(granted: Iterable<string>, code: string): boolean {
  const area = code.split(':')[0];
  for (const g of granted) if (g === '*' || g === code || g === `${area}:*`) return true;
  return false;
}

export function parsePermissionList(text: string): string[] {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function loadUserRoles(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.code', 'roles.name', 'roles.permissions'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
  const permissions = new Set<string>();
  for (const row of rows) for (const code of parsePermissionList(row.permissions)) permissions.add(code);
  return { roles: rows.map(({ id, code, name }) => ({ id, code, name })), permissions: [...permissions].sort() };
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
