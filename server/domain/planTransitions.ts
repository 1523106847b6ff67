import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import type { Machine } from './stateMachines';
import { moveStatus, type Mover } from './transitions';

/** The statuses of a plan whose aircraft has taken off under it: the first stamps activated_at. */
const FLYING = ['activated', 'nonconforming'];

/**
 * Moves a flight plan by one of its machines (PLAN_MACHINE for people and records, PLAN_TELEMETRY_MACHINE for what the
 * aircraft does), on an executor already inside a transaction (see moveStatus); activated_at / ended_at are stamped
 * with `at`. Returns the new status, or null when the plan is gone or the action does not apply to its status now.
 */
export async function movePlan<A extends string>(
  trx: Kysely<Database>,
  planId: number,
  machine: Machine<string, A>,
  action: A,
  at: number,
  who: Mover,
  detail: Record<string, unknown> = {},
): Promise<string | null> {
  const plan = await trx.selectFrom('flight_plans').select(['status', 'activated_at']).where('id', '=', planId).executeTakeFirst();
  if (!plan) return null;
  const stamp = nowIso(at);
  const moved = await moveStatus(trx, 'flight_plans', planId, 'flight_plan', machine, action, who, {
    from: plan.status,
    set: (_from, to) => ({
      ...(plan.activated_at === null && FLYING.includes(to) ? { activated_at: stamp } : {}),
      ...(to === 'ended' ? { ended_at: stamp } : {}),
    }),
    detail,
  });
  return moved.ok ? moved.to : null;
}
