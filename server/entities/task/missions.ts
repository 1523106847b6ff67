import { createHash, randomUUID } from 'node:crypto';
import type { Polygon } from '@shared/geo';
import { transitLeavingArea, wholeFlight, type WholeFlightFacts } from '@shared/missions/wholeFlight';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Envelope } from '@shared/dji/envelope';
import type { FlighttaskProgress } from '@shared/dji/events';
import {
  FLIGHTTASK_TYPE,
  METHOD_FLIGHTTASK_EXECUTE,
  METHOD_FLIGHTTASK_PAUSE,
  METHOD_FLIGHTTASK_PREPARE,
  METHOD_FLIGHTTASK_RECOVERY,
  METHOD_FLIGHTTASK_UNDO,
  METHOD_RETURN_HOME,
  WAYLINE_TYPE_WAYPOINT,
  type FlighttaskPrepare,
} from '@shared/dji/flighttask';
import { TOPIC_TASK, type TaskCommand, type TaskDispatchAction, type TaskLive, type TaskProgress, type TaskStatus } from '@shared/entities/task';
import { cancelDispatched, commandApplies, progressOutcome, type FlightEndStatus, type RuleResult } from '@shared/missions/rules';
import { parseJson } from '../../db/json';
import type { Database, TasksTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { HttpError, type ErrorReason } from '../../http/envelope';
import type { DjiLive } from '@shared/dji/live';
import type { TaskLiveMessage } from '../../mqtt/browserScope';
import type { WeatherProvider } from '../../mqtt/weather';
import { TASK_DISPATCH_MACHINE } from '../../domain/stateMachines';
import { moveStatus, SYSTEM, type Mover } from '../../domain/transitions';
import { executeRule } from './executeRules';
import { signWaylineToken, verifyWaylineToken } from './waylineLink';

export type TaskRow = Selectable<TasksTable>;

/** A reported position, or null while unknown. */
const positionOf = (live: Pick<DjiLive, 'lat' | 'lng'> | undefined) =>
  live?.lat !== undefined && live.lng !== undefined ? { lat: live.lat, lng: live.lng } : null;

/** The route as the whole-flight rules read it. */
const routeFacts = (route: DispatchRoute): WholeFlightFacts['route'] => ({
  first: route.first,
  last: route.last,
  durationS: route.duration_s,
  batteryPct: route.battery_pct,
});

/** The route facts a dispatch needs (route model of issue 15). */
export interface DispatchRoute {
  id: number;
  battery_pct: number;
  duration_s: number;
  first: { lat: number; lng: number };
  last: { lat: number; lng: number };
  rth_altitude: number;
  rc_lost_action: 0 | 1 | 2;
  exit_wayline_when_rc_lost: 0 | 1;
}

/** The part of the DJI gateway missions use. */
export interface MissionLink {
  currentLive(sn: string): Promise<Pick<DjiLive, 'at' | 'battery' | 'kind' | 'lat' | 'lng'> | undefined>;
  gatewayFor(sn: string): string | undefined;
  sendService(gatewaySn: string, method: string, data: Record<string, unknown>, options: { timeoutMs: number }): Promise<Record<string, unknown>>;
}

export interface MissionOptions {
  db: Kysely<Database>;
  link: MissionLink;
  weather: WeatherProvider;
  routes: {
    find(id: number): Promise<DispatchRoute | null>;
    /** The route's KMZ (wpmz/template.kml + wpmz/waylines.wpml); the same route gives the same bytes. */
    kmz(id: number): Promise<Uint8Array | null>;
  };
  /** Base URL the devices reach this server at (…/api/Task/{id}/wayline.kmz is appended). */
  publicUrl(): string;
  /** Signs the wayline download links (the server's token secret). */
  linkSecret: string;
  waylineUrlTtlSeconds: number;
  /** Publishes a sysinfo message (QoS 1, not retained). */
  publish(topic: string, payload: string): Promise<void>;
  offlineAfterMs: number;
  replyTimeoutMs: number;
  batteryReservePct: number;
  log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
  now?: () => number;
}

/** The dispatch step that ends a task in each final status the device reports. */
const ENDING_ACTION: Record<FlightEndStatus, TaskDispatchAction> = { done: 'complete', failed: 'fail', cancelled: 'cancel' };

/** The platform task each aircraft flies now: serial → id of its running, dispatched task (sysinfo/fleet names it). */
export async function tasksFlownBySerial(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tasks')
    .innerJoin('devices', 'devices.id', 'tasks.device_id')
    .select(['tasks.id', 'devices.serial'])
    .where('tasks.status', '=', 'running')
    .where('tasks.flight_id', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.serial, row.id]));
}

/** Which service each command sends. */
const COMMAND_METHODS: Record<Exclude<TaskCommand, 'execute'>, string> = {
  pause: METHOD_FLIGHTTASK_PAUSE,
  resume: METHOD_FLIGHTTASK_RECOVERY,
  return_home: METHOD_RETURN_HOME,
};

/** A failed service → the English reason stored on the task and the HTTP error the caller gets. */
export function serviceFailure(method: string, error: unknown): HttpError {
  const result = (error as { result?: unknown }).result;
  if (result === 'timeout')
    return new HttpError(504, `The device did not answer ${method} in time`, undefined, { code: 'mission.device_timeout', params: { method } });
  if (typeof result === 'number')
    return new HttpError(502, `The device refused ${method} (result ${result})`, undefined, { code: 'mission.device_refused', params: { method, result } });
  return new HttpError(502, `${method} could not be sent: ${(error as Error).message}`, undefined, { code: 'mission.link_failed', params: { method } });
}

// A rule's params are the ones its catalogue entry declares.
const refusal = (rule: Exclude<RuleResult, { ok: true }>) =>
  new HttpError(409, rule.message, undefined, { code: rule.code, params: rule.params } as ErrorReason);

export const taskProgressOf = (row: Pick<TaskRow, 'progress'>): TaskProgress | null => parseJson<TaskProgress | null>(row.progress, null);

/**
 * Dispatch of tasks to the aircraft over the DJI Cloud API (docs/api.md "Missions"): execute (checks, then
 * flighttask_prepare + flighttask_execute), the flight commands, the device's flighttask_progress, and the live
 * sysinfo/task push. The database row is the one truth: a dispatch is claimed there, so it happens once.
 */
export class MissionService {
  readonly stats = { progressApplied: 0, unknownFlights: 0, dispatched: 0, dispatchFailed: 0 };
  private readonly now: () => number;

  constructor(private readonly options: MissionOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Checks the preconditions, claims the task and sends it to the aircraft; resolves with the running task. */
  async execute(taskId: number, who: Mover, taskType: 'immediate' | 'timed' = 'immediate'): Promise<TaskRow> {
    const { db } = this.options;
    const task = await this.find(taskId);
    const applies = commandApplies('execute', { ...task, status: task.status as TaskStatus, progress: taskProgressOf(task) });
    if (!applies.ok) throw refusal(applies);
    const device = task.device_id ? await db.selectFrom('devices').select('serial').where('id', '=', task.device_id).executeTakeFirst() : undefined;
    const route = task.route_id ? await this.options.routes.find(task.route_id) : null;
    const aircraftSn = device?.serial ?? null;
    const gatewaySn = aircraftSn ? this.options.link.gatewayFor(aircraftSn) : undefined;
    const now = this.now();
    const liveOf = (sn: string | null | undefined) => (sn ? this.options.link.currentLive(sn) : Promise.resolve(undefined));
    const [live, gateway] = await Promise.all([liveOf(aircraftSn), liveOf(gatewaySn)]);
    const flight = route ? this.wholeFlightOf(route, live, gateway) : null;
    const plan = await this.coveringPlan(task, now);
    const verdict = executeRule({
      aircraftSn,
      flightBatteryPct: flight?.batteryPct ?? null,
      gatewaySn,
      live,
      now,
      offlineAfterMs: this.options.offlineAfterMs,
      batteryReservePct: this.options.batteryReservePct,
      weather: route ? await this.weatherAt(task.project_id, route.first, now) : { flyable: true, reasons: [] },
      plan: plan && { id: plan.id, transitLeaves: route && flight ? transitLeavingArea(flight, routeFacts(route), plan.area) : null },
    });
    if (!verdict.ok) throw refusal(verdict);
    const kmz = await this.options.routes.kmz(route!.id);
    if (!kmz) throw new HttpError(409, 'The task has no route', undefined, { code: 'mission.no_route' });

    const flightId = randomUUID();
    const fingerprint = createHash('md5').update(kmz).digest('hex');
    const claimed = await db.transaction().execute((trx) =>
      moveStatus(trx, 'tasks', taskId, 'task', TASK_DISPATCH_MACHINE, 'dispatch', who, {
        guard: { flight_id: null },
        set: () => ({
          started_at: nowIso(now),
          finished_at: null,
          flight_id: flightId,
          gateway_sn: gatewaySn!,
          kmz_md5: fingerprint,
          progress: null,
          dispatch_error: null,
        }),
        detail: { flight_id: flightId, gateway_sn: gatewaySn },
      }),
    );
    if (!claimed.ok) throw new HttpError(409, 'The task was dispatched meanwhile', undefined, { code: 'mission.already_dispatched' });

    const prepare: FlighttaskPrepare = {
      flight_id: flightId,
      execute_time: taskType === 'timed' && task.scheduled_at ? Math.max(now, Date.parse(task.scheduled_at)) : now,
      task_type: FLIGHTTASK_TYPE[taskType],
      wayline_type: WAYLINE_TYPE_WAYPOINT,
      file: { url: this.waylineUrl(taskId, flightId, gatewaySn!, now), fingerprint },
      rth_altitude: route!.rth_altitude,
      out_of_control_action: route!.rc_lost_action,
      exit_wayline_when_rc_lost: route!.exit_wayline_when_rc_lost,
    };
    try {
      await this.send(gatewaySn!, METHOD_FLIGHTTASK_PREPARE, prepare);
      await this.send(gatewaySn!, METHOD_FLIGHTTASK_EXECUTE, { flight_id: flightId });
    } catch (error) {
      this.stats.dispatchFailed++;
      await this.fail(taskId, flightId, error instanceof HttpError ? error.message : String(error), who);
      throw error;
    }
    // Progress the device already reported wins over "sent".
    const sent: TaskProgress = { status: 'sent', percent: 0, current_step: null, waypoint_index: null };
    await db
      .updateTable('tasks')
      .set({ progress: JSON.stringify(sent) })
      .where('id', '=', taskId)
      .where('progress', 'is', null)
      .execute();
    this.stats.dispatched++;
    return this.changed(taskId);
  }

  /** Pause, resume or send home the aircraft flying the task. */
  async command(taskId: number, command: Exclude<TaskCommand, 'execute'>): Promise<TaskRow> {
    const task = await this.find(taskId);
    const applies = commandApplies(command, { ...task, status: task.status as TaskStatus, progress: taskProgressOf(task) });
    if (!applies.ok) throw refusal(applies);
    await this.send(task.gateway_sn!, COMMAND_METHODS[command], {});
    return task;
  }

  /**
   * Before the workflow cancels a running task: a dispatched task not yet started is withdrawn from the device
   * (flighttask_undo); one that flies cannot be cancelled. Tasks never dispatched need nothing.
   */
  async withdraw(task: TaskRow): Promise<void> {
    if (task.status !== 'running') return;
    if (!task.flight_id || !task.gateway_sn)
      throw new HttpError(409, 'A task started by hand is finished with complete or fail', undefined, {
        code: 'mission.command_not_applicable',
        params: { command: 'cancel', status: task.status },
      });
    const rule = cancelDispatched(taskProgressOf(task));
    if (!rule.ok) throw refusal(rule);
    await this.send(task.gateway_sn, METHOD_FLIGHTTASK_UNDO, { flight_ids: [task.flight_id] });
  }

  /**
   * The KMZ of a dispatch, for the gateway it was sent to while that gateway still carries the task's aircraft, and
   * only as it was when dispatched (its fingerprint went with flighttask_prepare).
   */
  async wayline(taskId: number, token: string): Promise<{ ok: true; bytes: Uint8Array; name: string } | { ok: false; why: string }> {
    const { db } = this.options;
    const check = verifyWaylineToken(this.options.linkSecret, token, this.now());
    if (!check.ok) return check;
    if (check.claims.task !== taskId) return { ok: false, why: 'it is for another task' };
    const { flight: flightId, gw: gatewaySn } = check.claims;
    const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.flight_id !== flightId || task.gateway_sn !== gatewaySn) return { ok: false, why: 'the task was dispatched again or removed' };
    const device = task.device_id ? await db.selectFrom('devices').select('serial').where('id', '=', task.device_id).executeTakeFirst() : undefined;
    if (!device || this.options.link.gatewayFor(device.serial) !== gatewaySn) return { ok: false, why: 'the aircraft is no longer behind that gateway' };
    const bytes = task.route_id ? await this.options.routes.kmz(task.route_id) : null;
    if (!bytes || createHash('md5').update(bytes).digest('hex') !== task.kmz_md5) return { ok: false, why: 'the route changed since the dispatch' };
    return { ok: true, bytes, name: `flight-${flightId}` };
  }

  /** A flighttask_progress event: drives the task it names; events of unknown flights are counted and ignored. */
  async onProgress(gatewaySn: string, event: FlighttaskProgress, _envelope: Envelope): Promise<void> {
    const flightId = event.output.ext?.flight_id;
    const task = flightId ? await this.options.db.selectFrom('tasks').selectAll().where('flight_id', '=', flightId).executeTakeFirst() : undefined;
    if (!task || task.gateway_sn !== gatewaySn) {
      this.stats.unknownFlights++;
      this.options.log.info({ gatewaySn, flightId }, 'missions: progress of an unknown flight ignored');
      return;
    }
    const outcome = progressOutcome(task.status as TaskStatus, event);
    if (!outcome) return;
    const at = nowIso(this.now());
    const progress = JSON.stringify(outcome.progress);
    const { status } = outcome;
    if (status === 'running') {
      await this.options.db.updateTable('tasks').set({ progress, updated_at: at }).where('id', '=', task.id).where('status', '=', 'running').execute();
    } else {
      const action = ENDING_ACTION[status];
      await this.options.db.transaction().execute((trx) =>
        moveStatus(trx, 'tasks', task.id, 'task', TASK_DISPATCH_MACHINE, action, SYSTEM, {
          guard: { flight_id: flightId! },
          set: () => ({ progress, finished_at: at, ...(outcome.error ? { dispatch_error: outcome.error } : {}) }),
          detail: { by: 'device', flight_id: flightId, ...(outcome.error ? { error: outcome.error } : {}) },
        }),
      );
    }
    this.stats.progressApplied++;
    await this.changed(task.id);
  }

  /** Reads the task again and pushes it on sysinfo/task. */
  async changed(taskId: number): Promise<TaskRow> {
    const task = await this.find(taskId);
    const live: TaskLive = {
      task_id: task.id,
      status: task.status as TaskStatus,
      progress: taskProgressOf(task),
      dispatch_error: task.dispatch_error,
      at: this.now(),
    };
    const message: TaskLiveMessage = { ...live, owner: { dept_id: task.dept_id, created_by: task.created_by } };
    await this.options
      .publish(TOPIC_TASK, JSON.stringify(message))
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'missions: publish failed'));
    return task;
  }

  /** Records a failed dispatch on the task (only the dispatch that claimed it, or a timed task never dispatched) and pushes it. */
  async fail(taskId: number, flightId: string | null, reason: string, who: Mover): Promise<void> {
    const at = nowIso(this.now());
    const failed = await this.options.db.transaction().execute((trx) =>
      moveStatus(trx, 'tasks', taskId, 'task', TASK_DISPATCH_MACHINE, 'fail', who, {
        from: flightId ? 'running' : 'scheduled',
        guard: { flight_id: flightId },
        set: () => ({ finished_at: at, dispatch_error: reason }),
        detail: { reason },
      }),
    );
    if (failed.ok) await this.changed(taskId);
  }

  /** The signed, expiring URL the gateway downloads the dispatch's KMZ from. */
  private waylineUrl(taskId: number, flightId: string, gatewaySn: string, now: number): string {
    const token = signWaylineToken(this.options.linkSecret, {
      task: taskId,
      flight: flightId,
      gw: gatewaySn,
      exp: Math.floor(now / 1000) + this.options.waylineUrlTtlSeconds,
    });
    return `${this.options.publicUrl()}/api/Task/${taskId}/wayline.kmz?token=${token}`;
  }

  private async send(gatewaySn: string, method: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    try {
      return await this.options.link.sendService(gatewaySn, method, data, { timeoutMs: this.options.replyTimeoutMs });
    } catch (error) {
      throw serviceFailure(method, error);
    }
  }

  private async find(taskId: number): Promise<TaskRow> {
    const task = await this.options.db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task) throw new HttpError(404, `No task with id ${taskId}`);
    return task;
  }

  /** The weather verdict where the route starts (the same station the console shows for the project). */
  private async weatherAt(projectId: number, at: { lat: number; lng: number }, now: number) {
    const report = await this.options.weather.observe([{ areaId: `project-${projectId}`, name: `project ${projectId}`, ...at }], now);
    const station = report.stations[0];
    return { flyable: station?.flyable ?? true, reasons: station?.reasons ?? [] };
  }

  /** The whole flight of a dispatch: from where the aircraft is (or its dock) to the route, the route, and back to its dock (or where it took off). */
  private wholeFlightOf(route: DispatchRoute, live: Pick<DjiLive, 'lat' | 'lng'> | undefined, gateway: Pick<DjiLive, 'kind' | 'lat' | 'lng'> | undefined) {
    return wholeFlight({
      route: routeFacts(route),
      aircraft: positionOf(live),
      home: gateway?.kind === 'dock' ? positionOf(gateway) : null,
    });
  }

  /**
   * An accepted or activated flight plan of the task's aircraft whose window holds now and that is filed for this
   * task (first) or its route, with the area its airspace application approved (one that cannot be read holds nothing: every
   * transit leaves it).
   */
  private async coveringPlan(task: TaskRow, now: number): Promise<{ id: number; area: Polygon } | null> {
    if (!task.device_id) return null;
    const at = nowIso(now);
    const plan = await this.options.db
      .selectFrom('flight_plans')
      .innerJoin('airspace_applications', 'airspace_applications.id', 'flight_plans.application_id')
      .select(['flight_plans.id', 'airspace_applications.area'])
      .where('flight_plans.device_id', '=', task.device_id)
      .where('flight_plans.status', 'in', ['accepted', 'activated'])
      .where('flight_plans.planned_start_at', '<=', at)
      .where('flight_plans.planned_end_at', '>=', at)
      .where((eb) => eb.or([eb('flight_plans.task_id', '=', task.id), ...(task.route_id ? [eb('flight_plans.route_id', '=', task.route_id)] : [])]))
      // The plan filed for the task before one filed for its route (as the console's card names it).
      .orderBy(sql`case when flight_plans.task_id = ${task.id} then 0 else 1 end`)
      .orderBy('flight_plans.id')
      .executeTakeFirst();
    return plan ? { id: plan.id, area: parseJson<Polygon>(plan.area, { type: 'Polygon', coordinates: [] }) } : null;
  }
}
