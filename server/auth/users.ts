import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';

/** The user object the console keeps as "user info"; never carries the password hash. */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  phone: string | null;
  email: string | null;
}

export function toUserInfo(row: Pick<UserRow, 'id' | 'username' | 'display_name' | 'phone' | 'email'>): UserInfo {
  return { id: row.id, username: row.username, name: row.display_name, phone: row.phone, email: row.email };
}

export async function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
