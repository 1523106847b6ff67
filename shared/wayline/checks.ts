import { isPointInPolygon, type Polygon, segmentTouchesPolygon } from '../geo';
import { aircraftProfile } from './aircraft';
import { LIMITS, type RouteSettings, type Waypoint } from './model';

/**
 * The rules a route must meet to be saved: the server enforces them on every write and the editor shows them while
 * drawing, from this one function. Each problem is a stable code with the waypoint (1-based) it is about.
 */

export type RouteIssueCode =
  | 'route.too_few_waypoints'
  | 'route.speed_out_of_range'
  | 'route.height_out_of_range'
  | 'route.above_ceiling'
  | 'route.outside_project_area'
  | 'route.crosses_restricted_area';

export interface RouteIssue {
  code: RouteIssueCode;
  /** Index (0-based) into waypoints of the waypoint, or the first of the segment, the issue is about; absent for the whole route. */
  index?: number;
  /** English text (the console shows its own translation of `code` with `params`). */
  message: string;
  params: Record<string, string | number>;
}

/** What the route is checked against besides its own waypoints. */
export interface RouteContext {
  /** The project's height ceiling (m), if it has one. */
  ceiling_m?: number | null;
  /** The project's area, if it has one: every waypoint must be inside it. */
  area?: Polygon | null;
  /** The no-fly and restricted polygons no segment may touch. */
  restricted?: ReadonlyArray<{ name: string; polygon: Polygon }>;
}

export const MIN_WAYPOINTS = 2;

type CheckedWaypoint = Pick<Waypoint, 'lat' | 'lng' | 'alt' | 'speed'>;

function waypointIssues(w: CheckedWaypoint, i: number, settings: Pick<RouteSettings, 'drone_model'>, context: RouteContext): RouteIssue[] {
  const profile = aircraftProfile(settings.drone_model);
  const n = i + 1;
  const issues: RouteIssue[] = [];
  const maxSpeed = Math.min(profile.maxSpeed, LIMITS.speed.max);
  if (w.speed < LIMITS.speed.min || w.speed > maxSpeed) {
    issues.push({
      code: 'route.speed_out_of_range',
      index: i,
      message: `waypoint ${n}: speed ${w.speed} m/s is outside ${LIMITS.speed.min}–${maxSpeed} m/s`,
      params: { index: n, speed: w.speed, min: LIMITS.speed.min, max: maxSpeed },
    });
  }
  if (w.alt < profile.minAlt || w.alt > profile.maxAlt) {
    issues.push({
      code: 'route.height_out_of_range',
      index: i,
      message: `waypoint ${n}: height ${w.alt} m is outside the aircraft's ${profile.minAlt}–${profile.maxAlt} m`,
      params: { index: n, alt: w.alt, min: profile.minAlt, max: profile.maxAlt },
    });
  }
  if (context.ceiling_m != null && w.alt > context.ceiling_m) {
    issues.push({
      code: 'route.above_ceiling',
      index: i,
      message: `waypoint ${n}: height ${w.alt} m is above the project's ceiling of ${context.ceiling_m} m`,
      params: { index: n, alt: w.alt, ceiling: context.ceiling_m },
    });
  }
  if (context.area && !isPointInPolygon(w, context.area)) {
    issues.push({ code: 'route.outside_project_area', index: i, message: `waypoint ${n} is outside the project area`, params: { index: n } });
  }
  return issues;
}

function segmentIssues(a: CheckedWaypoint, b: CheckedWaypoint, i: number, context: RouteContext): RouteIssue[] {
  return (context.restricted ?? [])
    .filter((area) => segmentTouchesPolygon(a, b, area.polygon))
    .map((area) => ({
      code: 'route.crosses_restricted_area' as const,
      index: i,
      message: `the leg from waypoint ${i + 1} to ${i + 2} enters the restricted area "${area.name}"`,
      params: { index: i + 1, to: i + 2, area: area.name },
    }));
}

/** Every problem of a route, in waypoint order (an empty list: the route may be saved). */
export function checkRoute(waypoints: readonly CheckedWaypoint[], settings: Pick<RouteSettings, 'drone_model'>, context: RouteContext = {}): RouteIssue[] {
  const issues: RouteIssue[] = [];
  if (waypoints.length < MIN_WAYPOINTS) {
    issues.push({
      code: 'route.too_few_waypoints',
      message: `a route needs at least ${MIN_WAYPOINTS} waypoints (it has ${waypoints.length})`,
      params: { count: waypoints.length, min: MIN_WAYPOINTS },
    });
  }
  waypoints.forEach((w, i) => {
    issues.push(...waypointIssues(w, i, settings, context));
    if (i + 1 < waypoints.length) issues.push(...segmentIssues(w, waypoints[i + 1], i, context));
  });
  return issues;
}
