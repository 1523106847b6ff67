import { randomUUID } from 'node:crypto';
import {
  flyToProgressSchema,
  METHOD_FLIGHT_AUTHORITY_GRAB,
  METHOD_FLY_TO_POINT,
  METHOD_FLY_TO_POINT_PROGRESS,
  METHOD_FLY_TO_POINT_STOP,
  METHOD_FLY_TO_POINT_UPDATE,
  METHOD_TAKEOFF_TO_POINT,
  METHOD_TAKEOFF_TO_POINT_PROGRESS,
  takeoffProgressSchema,
  type FlightProgress,
  type TakeoffInput,
  type TakeoffToPoint,
} from '@shared/dji/commandFlight';
import { METHOD_RETURN_HOME } from '@shared/dji/flighttask';
import { needsAuthorityGrab } from '@shared/dji/remoteRules';
import { nowIso } from '../../db/time';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';
import type { FlightReporter } from '../flightReports';

/** A fly-to target as the console gives it. */
export interface FlyToTarget {
  lat: number;
  lng: number;
  height: number;
  max_speed: number;
}

/**
 * Command flight (spec dji-cloud-api-next §4): take-off to a point, fly to a point (update, stop) and return home
 * through the aircraft's gateway, each after `flight_authority_grab` unless the aircraft's `control_source` shows the
 * platform holds authority; follows `takeoff_to_point_progress` / `fly_to_point_progress`, the newest per gateway, each
 * also reported on sysinfo/flight.
 */
export class CommandFlights {
  private readonly progress = new Map<string, FlightProgress>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: { replyTimeoutMs: number; report: FlightReporter },
  ) {
    link.register({
      name: 'remote.flight',
      events: {
        [METHOD_TAKEOFF_TO_POINT_PROGRESS]: route(takeoffProgressSchema, (gatewaySn, data) =>
          this.record(gatewaySn, { kind: 'takeoff', id: data.flight_id, ...data }),
        ),
        [METHOD_FLY_TO_POINT_PROGRESS]: route(flyToProgressSchema, (gatewaySn, data) => this.record(gatewaySn, { kind: 'flyto', id: data.fly_to_id, ...data })),
      },
      services: [
        METHOD_FLIGHT_AUTHORITY_GRAB,
        METHOD_TAKEOFF_TO_POINT,
        METHOD_FLY_TO_POINT,
        METHOD_FLY_TO_POINT_UPDATE,
        METHOD_FLY_TO_POINT_STOP,
        METHOD_RETURN_HOME,
      ],
    });
  }

  /** The newest command flight's progress through this gateway. */
  progressOf(gatewaySn: string): FlightProgress | undefined {
    return this.progress.get(gatewaySn);
  }

  /** takeoff_to_point; resolves with its flight_id. */
  async takeoff(gatewaySn: string, input: TakeoffInput, controlSource: unknown): Promise<string> {
    const data: TakeoffToPoint = {
      flight_id: randomUUID(),
      target_latitude: input.lat,
      target_longitude: input.lng,
      target_height: input.height,
      security_takeoff_height: input.security_takeoff_height,
      // A dock returns at its preset altitude only (DJI doc).
      rth_mode: 1,
      rth_altitude: input.rth_altitude,
      rc_lost_action: input.rc_lost_action,
      commander_mode_lost_action: input.commander_mode_lost_action,
      commander_flight_mode: input.commander_flight_mode,
      commander_flight_height: input.commander_flight_height,
      max_speed: input.max_speed,
      flight_safety_advance_check: 0,
    };
    await this.withAuthority(gatewaySn, controlSource, METHOD_TAKEOFF_TO_POINT, data);
    this.started(gatewaySn, 'takeoff', data.flight_id, 'task_ready');
    return data.flight_id;
  }

  /** fly_to_point with one point; resolves with its fly_to_id. */
  async flyTo(gatewaySn: string, target: FlyToTarget, controlSource: unknown): Promise<string> {
    const flyToId = randomUUID();
    await this.withAuthority(gatewaySn, controlSource, METHOD_FLY_TO_POINT, { fly_to_id: flyToId, max_speed: target.max_speed, points: [point(target)] });
    this.started(gatewaySn, 'flyto', flyToId, 'wayline_progress');
    return flyToId;
  }

  async updateFlyTo(gatewaySn: string, target: FlyToTarget): Promise<void> {
    await this.send(gatewaySn, METHOD_FLY_TO_POINT_UPDATE, { max_speed: target.max_speed, points: [point(target)] });
  }

  async stopFlyTo(gatewaySn: string): Promise<void> {
    await this.send(gatewaySn, METHOD_FLY_TO_POINT_STOP, {});
  }

  async returnHome(gatewaySn: string, controlSource: unknown): Promise<void> {
    await this.withAuthority(gatewaySn, controlSource, METHOD_RETURN_HOME, {});
  }

  private withAuthority(gatewaySn: string, controlSource: unknown, method: string, data: Record<string, unknown>) {
    return withFlightAuthority((m, d) => this.send(gatewaySn, m, d), controlSource, method, data);
  }

  private send(gatewaySn: string, method: string, data: Record<string, unknown>) {
    return this.link.sendService(gatewaySn, method, data, { timeoutMs: this.options.replyTimeoutMs });
  }

  private started(gatewaySn: string, kind: FlightProgress['kind'], id: string, status: FlightProgress['status']) {
    this.keep(gatewaySn, { kind, id, status, result: 0, remaining_distance: null, remaining_time: null, planned_path: [], updated_at: nowIso() });
  }

  private keep(gatewaySn: string, progress: FlightProgress) {
    this.progress.set(gatewaySn, progress);
    this.options.report(gatewaySn, { progress });
  }

  private record(
    gatewaySn: string,
    event: Pick<FlightProgress, 'kind' | 'id' | 'status' | 'result'> & {
      remaining_distance?: number;
      remaining_time?: number;
      planned_path_points?: { latitude: number; longitude: number; height: number }[];
    },
  ) {
    const previous = this.progress.get(gatewaySn);
    const path = event.planned_path_points?.map((p): [number, number, number] => [p.longitude, p.latitude, p.height]);
    this.keep(gatewaySn, {
      kind: event.kind,
      id: event.id,
      status: event.status,
      result: event.result,
      remaining_distance: event.remaining_distance ?? null,
      remaining_time: event.remaining_time ?? null,
      planned_path: path ?? (previous?.id === event.id ? previous.planned_path : []),
      updated_at: nowIso(),
    });
  }
}

/**
 * Sends `method` through `send` after `flight_authority_grab`, unless the aircraft's `control_source` shows the platform
 * holds flight authority (a refused grab stops there: the command is not sent).
 */
export async function withFlightAuthority(
  send: (method: string, data: Record<string, unknown>) => Promise<unknown>,
  controlSource: unknown,
  method: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (needsAuthorityGrab(controlSource)) await send(METHOD_FLIGHT_AUTHORITY_GRAB, {});
  await send(method, data);
}

const point = (target: FlyToTarget) => ({ latitude: target.lat, longitude: target.lng, height: target.height });
