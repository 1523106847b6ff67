import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { areaOf, type PermissionCode } from '@shared/permissions';
import { likePattern } from '../../api/list';
import type { Database } from '../../db/schema';

/** Gives a user exactly these roles (the user_roles join table), in the write's transaction. */
export async function replaceUserRoles(db: Kysely<Database>, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  for (const roleId of new Set(roleIds)) await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
}

/**
 * Narrows a user list to those with a role granting `code` (the code itself, its "area:*" or "*"), as `grants`
 * decides, in SQL: a role's permissions are a JSON array of strings, so a granting entry appears quoted in its text.
 */
export function usersGranted<O>(qb: SelectQueryBuilder<Database, 'users', O>, code: PermissionCode): SelectQueryBuilder<Database, 'users', O> {
  const granting = [code, `${areaOf(code)}:*`, '*'].map((entry) => likePattern(JSON.stringify(entry)));
  return qb.where('users.id', 'in', (eb) =>
    eb
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('user_roles.user_id')
      .where((w) => w.or(granting.map((pattern) => w('roles.permissions', 'like', sql<string>`${pattern} escape '\\'`)))),
  );
}
