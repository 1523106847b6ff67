import type { Kysely } from 'kysely';
import type { PlanTelemetryAction } from '@shared/entities/airspace';
import { writeAudit } from '../api/audit';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { PLAN_TELEMETRY_MACHINE, transition } from '../domain/stateMachines';

/** Who moved a plan: the audit log shows telemetry changes without a user. */
const SYSTEM = { auth: null };

/**
 * The one way telemetry changes a plan's status (PLAN_TELEMETRY_MACHINE): the machine decides, the update is guarded by
 * the status read (so a concurrent manual cancel wins), activated_at/ended_at are stamped and the change is audited.
 * Returns the new status, or null when the plan is gone or the action does not apply to its status now.
 */
export async function advancePlan(
  db: Kysely<Database>,
  planId: number,
  action: PlanTelemetryAction,
  at: number,
  detail: Record<string, unknown> = {},
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const plan = await trx.selectFrom('flight_plans').select(['status', 'activated_at']).where('id', '=', planId).executeTakeFirst();
    if (!plan) return null;
    const result = transition(PLAN_TELEMETRY_MACHINE, plan.status, action);
    if (!result.ok) return null;
    const stamp = nowIso(at);
    const updated = await trx
      .updateTable('flight_plans')
      .set({
        status: result.to,
        updated_at: nowIso(),
        ...(plan.activated_at === null && result.to !== 'ended' ? { activated_at: stamp } : {}),
        ...(result.to === 'ended' ? { ended_at: stamp } : {}),
      })
      .where('id', '=', planId)
      .where('status', '=', plan.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    await writeAudit(trx, SYSTEM, action, 'flight_plan', planId, { from: plan.status, to: result.to, by: 'telemetry', ...detail });
    return result.to;
  });
}
