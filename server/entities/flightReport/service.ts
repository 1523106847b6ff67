import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/envelope';

/** 409 unless the plan a report names has been accepted (or already flown). */
export async function checkPlanReportable(db: Kysely<Database>, planId: number | null | undefined): Promise<void> {
  if (!planId) return;
  const plan = await db.selectFrom('flight_plans').select('status').where('id', '=', planId).executeTakeFirst();
  if (plan && !['accepted', 'flown'].includes(plan.status))
    throw conflict(`A flight report needs an accepted or flown plan (plan ${planId} is ${plan.status})`, undefined, {
      code: 'flight_report.plan_not_accepted',
      params: { status: plan.status },
    });
}

/** Recording the flight of an accepted plan marks the plan flown (in the report's transaction). */
export async function markPlanFlown(db: Kysely<Database>, planId: number | null | undefined, now: string): Promise<void> {
  if (!planId) return;
  await db.updateTable('flight_plans').set({ status: 'flown', updated_at: now }).where('id', '=', planId).where('status', '=', 'accepted').execute();
}
