import { buffer, convex, featureCollection, lineString, point } from '@turf/turf';
import type { Polygon } from '@shared/geo';
import type { Point } from './geometry';
import { ApiError, type PlatformSession } from './platformApi';

/** How far the area reaches beyond the circuit: room for GPS noise and wide turns. */
const AREA_MARGIN_M = 100;
/** How far the band reaches above the circuit's highest point. */
const BAND_MARGIN_M = 20;
/** The window opens this long after filing (the rules want it in the future); the aircraft waits for it on the ground. */
export const PLAN_LEAD_MS = 5_000;

/** The airspace one aircraft's circuit needs, as an application asks for it. */
export interface CircuitAirspace {
  area: Polygon;
  min_alt: number;
  max_alt: number;
  start_at: string;
  end_at: string;
}

/**
 * The airspace of a circuit: the hull of its waypoints grown by a margin (so the straight flight home on low battery
 * stays inside), from the ground (take-off and landing) to above its highest waypoint, from PLAN_LEAD_MS after `now`
 * for `hours`.
 */
export function circuitAirspace(route: Point[], now: number, hours: number): CircuitAirspace {
  const positions = route.map((p) => [p.lng, p.lat]);
  // A hull needs three points off one line; a two-point circuit is its one leg flown back and forth.
  const hull = positions.length >= 3 ? convex(featureCollection(positions.map((p) => point(p)))) : null;
  const grown = buffer(hull ?? lineString(positions), AREA_MARGIN_M, { units: 'meters' });
  if (grown?.geometry.type !== 'Polygon') throw new Error('the circuit does not buffer to one polygon');
  const start = now + PLAN_LEAD_MS;
  return {
    area: grown.geometry as Polygon,
    min_alt: 0,
    max_alt: Math.ceil(Math.max(...route.map((p) => p.alt))) + BAND_MARGIN_M,
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + hours * 3_600_000).toISOString(),
  };
}

interface Row {
  id: number;
  status: string;
}

/** Whether an answer is the deconfliction refusal a reviewer may override with a note. */
const isPlanConflict = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'airspace.plan_conflict';

/** Calls `send` plainly; when the airspace is shared with another accepted plan, again as a reviewer overriding with `note`. */
async function overridingConflicts<T>(send: (extra: { override?: true; note?: string }) => Promise<T>, note: string): Promise<T> {
  try {
    return await send({});
  } catch (error) {
    if (!isPlanConflict(error)) throw error;
    return send({ override: true, note });
  }
}

/**
 * Files what an operator needs before a flight, as the session's user (airspace:write and airspace:approve): an
 * application for the aircraft's airspace, submitted and — filed the same day, so late and never auto-approved —
 * approved by that user as reviewer with a note; then a flight plan for the whole window, accepted. Simulated
 * circuits may share airspace (several aircraft on one demo route): the reviewer then accepts the plan with a note.
 * Returns the plan's id.
 */
export async function fileCircuitPlan(session: PlatformSession, aircraft: { id: number; sn: string }, airspace: CircuitAirspace): Promise<number> {
  const application = await session.call<Row>('POST', '/Airspace/Apply/', {
    ...airspace,
    device_id: aircraft.id,
    purpose_kind: 'routine',
    purpose: `Simulated circuit of ${aircraft.sn}`,
  });
  const submitted = await session.call<Row>('POST', `/Airspace/Apply/${application.id}/submit/`, {});
  if (submitted.status !== 'approved')
    await session.call('POST', `/Airspace/Apply/${application.id}/approve/`, { note: 'Simulator: same-day airspace for a simulated circuit' });
  const window = { planned_start_at: airspace.start_at, planned_end_at: airspace.end_at };
  const sharing = 'Simulator: simulated circuits share this airspace';
  const plan = await overridingConflicts(
    (extra) => session.call<Row>('POST', '/Airspace/Plan/', { application_id: application.id, ...window, ...extra }),
    sharing,
  );
  await overridingConflicts((extra) => session.call('POST', `/Airspace/Plan/${plan.id}/accept/`, extra), sharing);
  return plan.id;
}
