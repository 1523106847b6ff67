import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../../auth/password';
import { deriveOwnership } from '../../db/ownership';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { DEMO_USERS, seedOrganisation, type DemoPasswords } from './accounts';
import { seedAirspace } from './airspace';
import { demoContext } from './context';
import { seedDevices } from './devices';
import { seedFeatures } from './features';
import { seedNotices } from './notices';
import { seedProjects } from './projects';
import { seedFlightReports } from './reports';
import { seedResources } from './resources';
import { seedTasks } from './tasks';

export { DEMO_USERS, type DemoPasswords } from './accounts';
export { describeDemoLogins, parseDemoLogins } from './banner';
export { DEMO_COUNTS } from './context';

/**
 * Seeds the demo data once, on a fresh database: the settings row "demo_seed" is inserted first in the same
 * transaction, so of several instances starting together only one seeds. Returns the demo passwords when it seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, now: number = Date.now()): Promise<DemoPasswords | null> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', 'demo_seed').executeTakeFirst();
  if (existing) return null;
  const passwords = Object.fromEntries(DEMO_USERS.map((u) => [u.username, generatePassword()])) as DemoPasswords;
  // One after the other: each hash takes 128 MiB.
  const hashes: string[] = [];
  for (const u of DEMO_USERS) hashes.push(await hashPassword(passwords[u.username]));
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: 'demo_seed', value: nowIso(now) })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    const devicesBefore = await trx
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    if (Number(devicesBefore?.n ?? 0) > 0) return null;
    await insertDemo(trx, hashes, now);
    // Departments and creators of the data scope, from the projects and applicants the rows belong to.
    await deriveOwnership(trx);
    return passwords;
  });
}

/** Every part of the demo, by domain, in the order they draw from the one random sequence (context.ts). */
async function insertDemo(db: Kysely<Database>, hashes: string[], now: number): Promise<void> {
  const ctx = demoContext(db, now);
  const org = await seedOrganisation(ctx, hashes);
  await seedResources(ctx);
  const aircraft = await seedDevices(ctx, org.deptIds);
  const projects = await seedProjects(ctx, org);
  const taskIds = await seedTasks(ctx, org, projects, aircraft);
  const flownPlans = await seedAirspace(ctx, org, projects, aircraft, taskIds);
  await seedFlightReports(ctx, projects, aircraft, flownPlans);
  await seedFeatures(ctx, projects);
  await seedNotices(ctx, org.adminId);
}
