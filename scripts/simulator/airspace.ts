import { buffer, convex, featureCollection, lineString, point } from '@turf/turf';
import type { Polygon } from '@shared/geo';
import { mapLimited } from './concurrency';
import type { SimulatedGateway } from './gateway';
import type { Point } from './geometry';
import { ApiError, findDevice, type PlatformSession } from './platformApi';

/** How far the area reaches beyond the circuit: room for GPS noise and wide turns. */
const AREA_MARGIN_M = 100;
/** How far the band reaches above the circuit's highest point. */
const BAND_MARGIN_M = 20;
/** The first window opens this long after filing (the rules want it in the future); the aircraft waits for it on the ground. */
export const PLAN_LEAD_MS = 5_000;
/** The next plan is filed this long before a window closes (at most a quarter of the window), to start as it ends. */
const RENEW_AHEAD_MS = 10 * 60_000;
/** Filings (and plan ends) under way at once. */
const FILING_CONCURRENCY = 8;

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
 * stays inside), from the ground (take-off and landing) to above its highest waypoint, from `startMs` for `hours`.
 */
export function circuitAirspace(route: Point[], startMs: number, hours: number): CircuitAirspace {
  const positions = route.map((p) => [p.lng, p.lat]);
  // A hull needs three points off one line; a two-point circuit is its one leg flown back and forth.
  const hull = positions.length >= 3 ? convex(featureCollection(positions.map((p) => point(p)))) : null;
  const grown = buffer(hull ?? lineString(positions), AREA_MARGIN_M, { units: 'meters' });
  if (grown?.geometry.type !== 'Polygon') throw new Error('the circuit does not buffer to one polygon');
  return {
    area: grown.geometry as Polygon,
    min_alt: 0,
    max_alt: Math.ceil(Math.max(...route.map((p) => p.alt))) + BAND_MARGIN_M,
    start_at: new Date(startMs).toISOString(),
    end_at: new Date(startMs + hours * 3_600_000).toISOString(),
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

/**
 * Keeps each aircraft of a simulation under an accepted plan: files its first (fileCircuitPlan), clears it for
 * take-off when that window opens, and files the next one shortly before each window closes, starting as it ends
 * (windows touching end to start do not conflict). An aircraft whose first filing fails is logged and flies
 * without a plan.
 */
export class CircuitPlans {
  /** The latest plan of each aircraft, by serial. */
  readonly current = new Map<string, number>();
  private readonly filed: number[] = [];
  /** One per aircraft filed for: resolved when it is cleared for take-off. */
  private readonly clearances: Promise<void>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly session: PlatformSession,
    private readonly hours: number,
    private readonly log: (line: string) => void,
  ) {}

  async start(gateways: SimulatedGateway[]): Promise<void> {
    await mapLimited(gateways, FILING_CONCURRENCY, async (gateway) => {
      const { sn } = gateway.plan.aircraft;
      try {
        const device = await findDevice(this.session, sn);
        if (!device) throw new Error('the aircraft is not registered');
        const startMs = Date.now() + PLAN_LEAD_MS;
        await this.file(gateway, device.id, startMs);
        this.clearances.push(
          new Promise((cleared) =>
            this.at(startMs, () => {
              gateway.clearForTakeoff();
              cleared();
            }),
          ),
        );
      } catch (error) {
        this.log(`${sn}: no flight plan (${(error as Error).message}); it flies without one`);
        gateway.clearForTakeoff();
      }
    });
  }

  /** Resolves once every aircraft filed for is cleared for take-off: its first plan's window is open. */
  async windowsOpen(): Promise<void> {
    await Promise.all(this.clearances);
  }

  /** Cancels the renewals and ends every plan filed: the flights are over, and the next run needs no override here. */
  async stop(): Promise<void> {
    // A filing under way at the stop schedules nothing more.
    this.stopped = true;
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    await mapLimited(this.filed, FILING_CONCURRENCY, (id) => this.session.call('POST', `/Airspace/Plan/${id}/end/`, {}).catch(() => undefined));
  }

  private async file(gateway: SimulatedGateway, deviceId: number, startMs: number): Promise<void> {
    const { sn } = gateway.plan.aircraft;
    const airspace = circuitAirspace(gateway.plan.route, startMs, this.hours);
    const id = await fileCircuitPlan(this.session, { id: deviceId, sn }, airspace);
    this.current.set(sn, id);
    this.filed.push(id);
    const endMs = Date.parse(airspace.end_at);
    this.at(endMs - Math.min(RENEW_AHEAD_MS, (endMs - startMs) / 4), () =>
      this.file(gateway, deviceId, endMs).catch((error: Error) => this.log(`${sn}: the next flight plan failed (${error.message})`)),
    );
  }

  private at(ms: number, run: () => unknown): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.max(0, ms - Date.now()),
    );
    this.timers.add(timer);
  }
}
