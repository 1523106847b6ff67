import { greatCircleMetres } from '../geo';
import { aircraftProfile } from './aircraft';
import type { WaylineAction, Waypoint } from './model';

/** Seconds an aircraft spends on each action at its waypoint (hover: its own seconds). Measured on a Mavic 3E. */
const ACTION_SECONDS: Record<Exclude<WaylineAction['type'], 'hover'>, number> = {
  takePhoto: 1,
  startRecord: 1,
  stopRecord: 1,
  gimbalRotate: 2,
  rotateYaw: 4,
  zoom: 2,
  // An action of a DJI file the editor does not model (kept as the file has it): counted like a photo.
  kept: 1,
};

/** Climbing costs more than level flight: each metre gained is charged as this many seconds of level flight. */
const CLIMB_SECONDS_PER_METRE = 2;

export const actionSeconds = (action: WaylineAction): number => (action.type === 'hover' ? action.seconds : ACTION_SECONDS[action.type]);

export interface RouteMetrics {
  /** 3D length of the legs, metres. */
  length_m: number;
  /** Each leg at its start waypoint's speed, plus the time of every waypoint's actions (hover included), seconds. */
  duration_s: number;
  /** Estimated % of a full battery the route takes (see routeMetrics). */
  battery_pct: number;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

type MetricWaypoint = Pick<Waypoint, 'lat' | 'lng' | 'alt' | 'speed'> & { actions?: readonly WaylineAction[] };

/**
 * Length, duration and battery estimate of a route. The battery model: flight time (duration, plus
 * CLIMB_SECONDS_PER_METRE for every metre climbed between waypoints) over the aircraft model's usable flight time
 * (shared/wayline/aircraft.ts). It covers the waypoints only: the transit from take-off and the way home are what the
 * dispatcher's reserve is for.
 */
export function routeMetrics(waypoints: readonly MetricWaypoint[], droneModel = ''): RouteMetrics {
  let length = 0;
  let duration = 0;
  let climb = 0;
  waypoints.forEach((b, i) => {
    for (const action of b.actions ?? []) duration += actionSeconds(action);
    if (i === 0) return;
    const a = waypoints[i - 1];
    const leg = Math.hypot(greatCircleMetres(a, b), b.alt - a.alt);
    length += leg;
    duration += leg / a.speed;
    climb += Math.max(0, b.alt - a.alt);
  });
  const battery = (100 * (duration + climb * CLIMB_SECONDS_PER_METRE)) / aircraftProfile(droneModel).enduranceS;
  return { length_m: tenths(length), duration_s: tenths(duration), battery_pct: tenths(battery) };
}
