import { ADMIN_USERNAME } from '../admin';
import { ids, type DemoContext } from './context';

/** Demo accounts (besides admin); each gets a random password at seeding, printed once in the start-up banner. */
export const DEMO_USERS = [
  { username: 'operator1', name: '张飞手', dept: 1, role: 'operator' },
  { username: 'operator2', name: '李飞手', dept: 2, role: 'operator' },
  { username: 'viewer1', name: '王观察', dept: 1, role: 'viewer' },
  { username: 'viewer2', name: '赵观察', dept: 2, role: 'viewer' },
  { username: 'qa1', name: '孙测试', dept: 0, role: 'qa' },
] as const;

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];
/** The generated password of every demo account, known only to the start that seeded them. */
export type DemoPasswords = Record<DemoUsername, string>;

/** The organisation the rest of the demo belongs to. */
export interface DemoOrganisation {
  /** The operations centre, then its two teams. */
  deptIds: number[];
  adminId: number;
  /** The two operators: they fly the tasks and file the airspace applications. */
  pilots: number[];
}

/**
 * The operations centre with two teams (admin in the centre) and the demo accounts with their built-in roles;
 * `hashes` are the demo passwords' hashes, in DEMO_USERS order.
 */
export async function seedOrganisation({ db, stamp }: DemoContext, hashes: string[]): Promise<DemoOrganisation> {
  const [hq] = await ids(
    db
      .insertInto('departments')
      .values({ name: '飞行运营中心', parent_id: null, sort: 0, ...stamp })
      .returning('id')
      .execute(),
  );
  const teams = await ids(
    db
      .insertInto('departments')
      .values([
        { name: '巡检一队', parent_id: hq, sort: 1, ...stamp },
        { name: '巡检二队', parent_id: hq, sort: 2, ...stamp },
      ])
      .returning('id')
      .execute(),
  );
  const deptIds = [hq, ...teams];
  const roles = await db.selectFrom('roles').select(['id', 'code']).execute();
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

  const admin = await db.selectFrom('users').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ dept_id: hq }).where('id', '=', admin.id).execute();
  const userIds: number[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        username: u.username,
        display_name: u.name,
        password_hash: hashes[i],
        phone: `1380000000${i + 1}`,
        email: `${u.username}@skyline.example`,
        is_active: 1,
        dept_id: deptIds[u.dept],
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: row.id, role_id: roleId(u.role) })
      .execute();
    userIds.push(row.id);
  }
  return { deptIds, adminId: admin.id, pilots: userIds.slice(0, 2) };
}
