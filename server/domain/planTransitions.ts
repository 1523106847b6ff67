import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../api/audit';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { transition, type Machine } from './stateMachines';

/** The statuses of a plan whose aircraft has taken off under it: the first stamps activated_at. */
const FLYING = ['activated', 'nonconforming'];

/**
 * Moves a flight plan by one of its machines (PLAN_MACHINE for people and records, PLAN_TELEMETRY_MACHINE for what the
 * aircraft does), on an executor already inside a transaction: the machine decides, the update is guarded by the status
 * read (a concurrent change wins), activated_at / ended_at are stamped with `at`, and the change is audited as `who`.
 * Returns the new status, or null when the plan is gone or the action does not apply to its status now.
 */
export async function movePlan<A extends string>(
  trx: Kysely<Database>,
  planId: number,
  machine: Machine<string, A>,
  action: A,
  at: number,
  who: Pick<FastifyRequest, 'auth'>,
  detail: Record<string, unknown> = {},
): Promise<string | null> {
  const plan = await trx.selectFrom('flight_plans').select(['status', 'activated_at']).where('id', '=', planId).executeTakeFirst();
  if (!plan) return null;
  const result = transition(machine, plan.status, action);
  if (!result.ok) return null;
  const stamp = nowIso(at);
  const updated = await trx
    .updateTable('flight_plans')
    .set({
      status: result.to,
      updated_at: nowIso(),
      ...(plan.activated_at === null && FLYING.includes(result.to) ? { activated_at: stamp } : {}),
      ...(result.to === 'ended' ? { ended_at: stamp } : {}),
    })
    .where('id', '=', planId)
    .where('status', '=', plan.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  await writeAudit(trx, who, action, 'flight_plan', planId, { from: plan.status, to: result.to, ...detail });
  return result.to;
}
