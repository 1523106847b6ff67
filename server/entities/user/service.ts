import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Gives a user exactly these roles (the user_roles join table), in the write's transaction. */
export async function replaceUserRoles(db: Kysely<Database>, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  for (const roleId of new Set(roleIds)) await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
}
