import { pointInArea, segmentInArea } from './geometry';
import { toMs, violation, type ApplicationFacts, type RuleViolation } from './types';
import type { RouteFacts } from './volume';

export interface PlanInputFacts {
  planned_start_at: string;
  planned_end_at: string;
  device_id?: number | null;
}

export interface ApplicationForPlan extends ApplicationFacts {
  status: string;
  device_id: number | null;
}

/** A plan flies the application's aircraft: the one it names, else the application's. */
export const planDevice = (plan: Pick<PlanInputFacts, 'device_id'>, application: Pick<ApplicationForPlan, 'device_id'>): number | null =>
  plan.device_id ?? application.device_id;

/**
 * A plan must lie inside its approved application: its window inside the application's, the application's aircraft,
 * and, with a route, every waypoint and every leg inside the area (an edge counts as inside, holes are outside) and
 * every waypoint's height within the band. Each violation names the waypoint index (0-based) or the time.
 */
export function checkPlan(plan: PlanInputFacts, application: ApplicationForPlan, route: RouteFacts | null): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (application.status !== 'approved')
    out.push(violation('application_not_approved', 'application_id', `the application is ${application.status}, not approved`, { status: application.status }));
  const start = toMs(plan.planned_start_at);
  const end = toMs(plan.planned_end_at);
  if (end <= start) out.push(violation('plan_window_order', 'planned_end_at', 'planned_end_at must be after planned_start_at'));
  const window = { app_start: application.start_at, app_end: application.end_at };
  if (start < toMs(application.start_at))
    out.push(
      violation(
        'plan_starts_before_window',
        'planned_start_at',
        `planned_start_at ${plan.planned_start_at} is before the approved window (${application.start_at} – ${application.end_at})`,
        { time: plan.planned_start_at, ...window },
      ),
    );
  if (end > toMs(application.end_at))
    out.push(
      violation(
        'plan_ends_after_window',
        'planned_end_at',
        `planned_end_at ${plan.planned_end_at} is after the approved window (${application.start_at} – ${application.end_at})`,
        { time: plan.planned_end_at, ...window },
      ),
    );
  if (plan.device_id != null && application.device_id !== null && plan.device_id !== application.device_id)
    out.push(
      violation('plan_device_mismatch', 'device_id', `the plan names device ${plan.device_id}, the application approves device ${application.device_id}`, {
        device_id: plan.device_id,
        approved_device_id: application.device_id,
      }),
    );
  if (!route) return out;
  const wps = route.waypoints;
  wps.forEach((w, index) => {
    if (!pointInArea([w.lng, w.lat], application.area))
      out.push(
        violation('waypoint_outside_area', 'route_id', `waypoint ${index} (${w.lng}, ${w.lat}) is outside the approved area`, {
          index,
          lng: w.lng,
          lat: w.lat,
        }),
      );
    if (w.alt < application.min_alt || w.alt > application.max_alt)
      out.push(
        violation(
          'waypoint_altitude',
          'route_id',
          `waypoint ${index} flies at ${w.alt} m, outside the approved ${application.min_alt}–${application.max_alt} m`,
          { index, alt: w.alt, min_alt: application.min_alt, max_alt: application.max_alt },
        ),
      );
  });
  for (let i = 1; i < wps.length; i++) {
    const a: [number, number] = [wps[i - 1].lng, wps[i - 1].lat];
    const b: [number, number] = [wps[i].lng, wps[i].lat];
    // A leg with an outside end is already reported by its waypoint; this catches legs that leave between two inside ones.
    if (pointInArea(a, application.area) && pointInArea(b, application.area) && !segmentInArea(a, b, application.area))
      out.push(violation('segment_outside_area', 'route_id', `the leg from waypoint ${i - 1} to ${i} leaves the approved area`, { from: i - 1, to: i }));
  }
  return out;
}
