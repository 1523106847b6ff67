import type { Kysely } from 'kysely';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

export const ADMIN_USERNAME = 'admin';

export interface AdminAccount {
  username: string;
  /** Set only when this start chose the password (first start) or changed it (ADMIN_PASSWORD differs). */
  newPassword?: string;
  generated: boolean;
}

/**
 * Makes sure the admin account exists. On first start it takes ADMIN_PASSWORD or generates one; on later starts
 * a set ADMIN_PASSWORD that no longer matches resets the password, so the variable doubles as a recovery path.
 */
export async function ensureAdmin(db: Kysely<Database>, adminPassword?: string): Promise<AdminAccount> {
  const existing = await db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', ADMIN_USERNAME).executeTakeFirst();
  if (existing) {
    if (adminPassword && !(await verifyPassword(adminPassword, existing.password_hash))) {
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(adminPassword), is_active: 1, updated_at: nowIso() })
        .where('id', '=', existing.id)
        .execute();
      return { username: ADMIN_USERNAME, newPassword: adminPassword, generated: false };
    }
    return { username: ADMIN_USERNAME, generated: false };
  }
  const password = adminPassword ?? generatePassword();
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      username: ADMIN_USERNAME,
      display_name: '系统管理员',
      password_hash: await hashPassword(password),
      phone: null,
      email: null,
      is_active: 1,
      dept_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
  return { username: ADMIN_USERNAME, newPassword: password, generated: !adminPassword };
}
