import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/envelope';

/** The plan states a flight can be reported against: accepted, flying, or over. */
const REPORTABLE = ['accepted', 'activated', 'nonconforming', 'ended'];

/** 409 unless the plan a report names has been accepted (or is flying, or has ended). */
export async function checkPlanReportable(db: Kysely<Database>, planId: number | null | undefined): Promise<void> {
  if (!planId) return;
  const plan = await db.selectFrom('flight_plans').select('status').where('id', '=', planId).executeTakeFirst();
  if (plan && !REPORTABLE.includes(plan.status)) throw conflict(`A flight report needs an accepted, active or ended plan (plan ${planId} is ${plan.status})`);
}

/** Recording the flight of an accepted or active plan ends the plan (in the report's transaction). */
export async function markPlanFlown(db: Kysely<Database>, planId: number | null | undefined, now: string): Promise<void> {
  if (!planId) return;
  await db
    .updateTable('flight_plans')
    .set({ status: 'ended', updated_at: now })
    .where('id', '=', planId)
    .where('status', 'in', ['accepted', 'activated', 'nonconforming'])
    .execute();
}
