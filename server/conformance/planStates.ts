import type { Kysely } from 'kysely';
import type { PlanTelemetryAction } from '@shared/entities/airspace';
import type { Database } from '../db/schema';
import { movePlan } from '../domain/planTransitions';
import { SYSTEM } from '../domain/transitions';
import { PLAN_TELEMETRY_MACHINE } from '../domain/stateMachines';

/**
 * The one way telemetry changes a plan's status (PLAN_TELEMETRY_MACHINE, in a transaction of its own; see movePlan).
 * Returns the new status, or null when the plan is gone or the action does not apply to its status now.
 */
export async function advancePlan(
  db: Kysely<Database>,
  planId: number,
  action: PlanTelemetryAction,
  at: number,
  detail: Record<string, unknown> = {},
): Promise<string | null> {
  return db.transaction().execute((trx) => movePlan(trx, planId, PLAN_TELEMETRY_MACHINE, action, at, SYSTEM, { by: 'telemetry', ...detail }));
}
