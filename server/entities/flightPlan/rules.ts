import type { Kysely } from 'kysely';
import {
  checkPlan,
  conflictingPlans,
  planDevice,
  planVolume,
  violation,
  type AirspaceRulesConfig,
  type ApplicationForPlan,
  type RouteFacts,
  type Volume,
} from '@shared/airspace';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/envelope';
import { applicationFacts, ruleError } from '../airspaceApplication/rules';

/** The plan states that hold airspace: accepted and flying ones are what a new plan must keep clear of. */
export const AIRSPACE_HOLDING_PLAN_STATUSES = ['accepted', 'activated', 'nonconforming'] as const;

export interface PlanValue {
  application_id: number;
  route_id?: number | null;
  device_id?: number | null;
  planned_start_at: string;
  planned_end_at: string;
}

async function loadApplication(db: Kysely<Database>, id: number): Promise<ApplicationForPlan> {
  const row = await db.selectFrom('airspace_applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No airspace_application with id ${id}`);
  return { ...applicationFacts(row), status: row.status, device_id: row.device_id };
}

async function loadRoute(db: Kysely<Database>, id: number | null | undefined): Promise<RouteFacts | null> {
  if (!id) return null;
  const row = await db.selectFrom('routes').select('waypoints').where('id', '=', id).executeTakeFirst();
  return row ? { waypoints: parseJson<RouteFacts['waypoints']>(row.waypoints, []) } : null;
}

/**
 * Checks a plan against its application (400 naming the rule and the waypoint index or time; 409 when the application
 * is not approved) and returns its 4D volume and the aircraft it flies (the application's unless it names one).
 */
export async function assertPlanRules(
  db: Kysely<Database>,
  plan: PlanValue,
  config: AirspaceRulesConfig,
): Promise<{ volume: Volume; deviceId: number | null }> {
  const [application, route] = await Promise.all([loadApplication(db, plan.application_id), loadRoute(db, plan.route_id)]);
  const violations = checkPlan(plan, application, route);
  const notApproved = violations.filter((v) => v.code === 'application_not_approved');
  if (notApproved.length > 0) throw ruleError(409, notApproved);
  if (violations.length > 0) throw ruleError(400, violations);
  const volume = planVolume({ ...plan, application }, route, config);
  return { volume, deviceId: planDevice(plan, application) };
}

/** The ids of the airspace-holding plans (other than `exceptId`) whose 4D volumes overlap `volume`. */
export async function conflictsWith(db: Kysely<Database>, volume: Volume, exceptId: number | undefined, config: AirspaceRulesConfig): Promise<number[]> {
  let query = db
    .selectFrom('flight_plans')
    .select(['id', 'application_id', 'route_id', 'planned_start_at', 'planned_end_at'])
    .where('status', 'in', [...AIRSPACE_HOLDING_PLAN_STATUSES])
    .where('planned_start_at', '<', new Date(volume.end_ms).toISOString())
    .where('planned_end_at', '>', new Date(volume.start_ms).toISOString());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const others = await query.execute();
  const volumes = await Promise.all(
    others.map(async (other) => {
      const [application, route] = await Promise.all([loadApplication(db, other.application_id), loadRoute(db, other.route_id)]);
      return { id: other.id, volume: planVolume({ ...other, application }, route, config) };
    }),
  );
  return conflictingPlans(volume, volumes);
}

/**
 * Strategic deconfliction: 409 listing the conflicting plans, unless `override` is granted (a reviewer holding
 * airspace:approve who sends override: true with a note).
 */
export async function assertDeconflicted(
  db: Kysely<Database>,
  volume: Volume,
  exceptId: number | undefined,
  config: AirspaceRulesConfig,
  override: boolean,
): Promise<number[]> {
  const ids = await conflictsWith(db, volume, exceptId, config);
  if (ids.length > 0 && !override) {
    const list = ids.join(', ');
    throw ruleError(409, [
      violation(
        'plan_conflict',
        'planned_start_at',
        `the plan's airspace overlaps accepted flight plans ${list} (a reviewer may accept it with override and a note)`,
        { ids: list },
      ),
    ]);
  }
  return ids;
}
