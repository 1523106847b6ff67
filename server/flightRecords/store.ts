import type { Kysely } from 'kysely';
import { summariseFlight, type SimplifyOptions, type TrackSample } from '@shared/flight/track';
import { parseJson } from '../db/json';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

/** A flight the recorder saw end: the aircraft, its gateway, the pilot signed in there, and its reports. */
export interface DetectedFlight {
  deviceSn: string;
  gatewaySn: string | null;
  /** The user signed in to Pilot 2 on the gateway (null for a dock). */
  gatewayPilotId: number | null;
  samples: TrackSample[];
}

// A plan in these states was never cleared to fly.
const UNFLOWN_PLAN_STATUSES = ['filed', 'rejected', 'cancelled'];

/** The task's final progress percent: the dispatch progress when tasks carry one, else 100 for a task done. */
function progressPercent(task: Record<string, unknown>): number | null {
  const raw = task.progress;
  const progress = typeof raw === 'string' ? parseJson<unknown>(raw, null) : raw;
  if (progress && typeof progress === 'object' && typeof (progress as { percent?: unknown }).percent === 'number') {
    return (progress as { percent: number }).percent;
  }
  return task.status === 'done' ? 100 : null;
}

/**
 * Stores one automatic flight record; resolves with its id, or null when the aircraft is not a registered device or
 * another server instance already recorded this flight (an automatic record of the device overlapping it in time).
 * The task is the one the device was flying (started before landing, not finished before take-off); the plan is the
 * task's, else one of the device whose window holds the take-off.
 */
export async function saveFlightRecord(db: Kysely<Database>, flight: DetectedFlight, simplify?: SimplifyOptions): Promise<number | null> {
  const summary = summariseFlight(flight.samples, simplify);
  const { takeoff_at, landing_at } = summary;
  return db.transaction().execute(async (trx) => {
    const device = await trx.selectFrom('devices').select('id').where('serial', '=', flight.deviceSn).executeTakeFirst();
    if (!device) return null;
    const overlapping = await trx
      .selectFrom('flight_reports')
      .select('id')
      .where('device_id', '=', device.id)
      .where('source', '=', 'auto')
      .where('takeoff_at', '<=', landing_at)
      .where('landing_at', '>=', takeoff_at)
      .executeTakeFirst();
    if (overlapping) return null;
    // selectAll: the task's progress column comes with the dispatch migration; read it when it is there.
    const task = (await trx
      .selectFrom('tasks')
      .selectAll()
      .where('device_id', '=', device.id)
      .where('started_at', 'is not', null)
      .where('started_at', '<=', landing_at)
      .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>=', takeoff_at)]))
      .orderBy('started_at', 'desc')
      .executeTakeFirst()) as (Record<string, unknown> & { id: number; project_id: number; pilot_id: number | null }) | undefined;
    let plans = trx.selectFrom('flight_plans').select('id').where('status', 'not in', UNFLOWN_PLAN_STATUSES);
    plans = task
      ? plans.where('task_id', '=', task.id)
      : plans.where('device_id', '=', device.id).where('planned_start_at', '<=', takeoff_at).where('planned_end_at', '>=', takeoff_at);
    const plan = await plans.orderBy('id', 'desc').executeTakeFirst();
    const now = nowIso();
    const inserted = await trx
      .insertInto('flight_reports')
      .values({
        ...summary,
        source: 'auto',
        device_id: device.id,
        device_sn: flight.deviceSn,
        gateway_sn: flight.gatewaySn,
        task_id: task?.id ?? null,
        plan_id: plan?.id ?? null,
        project_id: task?.project_id ?? null,
        pilot_id: task?.pilot_id ?? flight.gatewayPilotId,
        progress_percent: task ? progressPercent(task) : null,
        track: JSON.stringify(summary.track),
        track_times: JSON.stringify(summary.track_times),
        samples: JSON.stringify(summary.samples),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}
