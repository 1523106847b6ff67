import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WriteContext } from '../../api/crud';
import { movePlan } from '../../domain/planTransitions';
import { PLAN_MACHINE } from '../../domain/stateMachines';
import { conflict } from '../../http/envelope';

/** The plan states a flight can be reported against: accepted, flying, or over. */
const REPORTABLE = ['accepted', 'activated', 'nonconforming', 'ended'];

/** 409 unless the plan a report names has been accepted (or is flying, or has ended). */
export async function checkPlanReportable(db: Kysely<Database>, planId: number | null | undefined): Promise<void> {
  if (!planId) return;
  const plan = await db.selectFrom('flight_plans').select('status').where('id', '=', planId).executeTakeFirst();
  if (plan && !REPORTABLE.includes(plan.status))
    throw conflict(`A flight report needs an accepted, active or ended plan (plan ${planId} is ${plan.status})`, undefined, {
      code: 'flight_report.plan_not_accepted',
      params: { status: plan.status },
    });
}

/**
 * Recording the flight of an accepted or active plan ends the plan (PLAN_MACHINE's end, in the report's transaction,
 * stamped and audited as the user who recorded it).
 */
export async function markPlanFlown(ctx: WriteContext, planId: number | null | undefined): Promise<void> {
  if (!planId) return;
  await movePlan(ctx.db, planId, PLAN_MACHINE, 'end', Date.parse(ctx.now), ctx.request, { by: 'flight_report' });
}
