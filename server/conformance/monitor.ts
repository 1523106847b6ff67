import type { Kysely } from 'kysely';
import type { VolumeMargins } from '@shared/airspace';
import type { PlanTelemetryAction } from '@shared/entities/airspace';
import type { ConformanceRule } from '@shared/entities/alert';
import { AIRCRAFT_AIRBORNE_MODES } from '@shared/dji/modeCodes';
import type { Database } from '../db/schema';
import { PLAN_TELEMETRY_MACHINE, transition } from '../domain/stateMachines';
import type { ConformanceOpening } from '../entities/alert/service';
import { restrictingAreas } from '../entities/feature/service';
import type { AircraftSample } from '../mqtt/gateway/service';
import { loadPlanBook, type BookedPlan } from './planBook';
import { advancePlan } from './planStates';
import { IDLE_TRACK, judge, judgePath, step, type ConformanceSettings, type Effect, type Finding, type PathFinding, type Track } from './rules';
import { ZoneIndex } from './zoneIndex';

/** The alert operations the monitor needs (AlertService). */
export interface ConformanceAlerts {
  openConformance(opening: ConformanceOpening): Promise<number>;
  close(id: number, at: number): Promise<unknown>;
}

export interface MonitorOptions {
  db: Kysely<Database>;
  alerts: ConformanceAlerts;
  settings: ConformanceSettings;
  /** The strategic deconfliction margins a plan's route is buffered by (its volume). */
  margins: VolumeMargins;
  log: { warn(obj: unknown, msg?: string): void };
  now?: () => number;
  /** How often plans whose window has passed are ended (ms). */
  tickMs?: number;
}

/** One aircraft as the monitor last saw it. */
interface Aircraft {
  track: Track;
  flying: boolean;
  gatewaySn: string | undefined;
  /** The plan it was last judged against. */
  planId: number | null;
  /** The database id of its open conformance alert (set once the insert is done). */
  alertId: number | null;
  /** Its alert and plan writes, in order. */
  chain: Promise<void>;
}

/**
 * Live conformance monitoring (docs/mqtt.md "Conformance alerts"): every aircraft sample is judged synchronously
 * against cached plans and an R-tree of no-fly zones (rules.ts); only changes write: a conformance alert opening or
 * closing, a plan activated, nonconforming, conforming again or ended. Writes of one aircraft run in order, off the
 * sample path. The caches reload when plans, applications, routes or features change (`refresh`).
 */
export class ConformanceMonitor {
  private plans = new Map<string, BookedPlan[]>();
  private planById = new Map<number, BookedPlan>();
  private zones: ZoneIndex;
  private readonly aircraft = new Map<string, Aircraft>();
  private readonly inFlight = new Set<Promise<void>>();
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: MonitorOptions) {
    this.now = options.now ?? Date.now;
    this.zones = new ZoneIndex([], options.settings.tolerance.horizontalM);
  }

  /** Loads the caches, takes over the conformance alerts still open (e.g. from before a restart) and starts the window clock. */
  async start(): Promise<void> {
    await this.refresh();
    const open = await this.options.db
      .selectFrom('alerts')
      .select(['id', 'code', 'device_sn', 'gateway_sn', 'plan_id'])
      .where('kind', '=', 'conformance')
      .where('active', '=', 1)
      .execute();
    for (const alert of open) {
      const craft = this.craft(alert.device_sn, alert.gateway_sn ?? undefined);
      craft.track = { ...IDLE_TRACK, open: { rule: alert.code as ConformanceRule, planId: alert.plan_id } };
      craft.flying = true;
      craft.planId = alert.plan_id;
      craft.alertId = alert.id;
    }
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the window clock and waits for the writes under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    // A reload started by a write must finish before the database it reads is closed.
    await this.reloading?.catch(() => undefined);
    await this.settled();
  }

  /** Reloads plans and zones (coalesced: calls during a reload cause one more). */
  refresh(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        const [plans, areas] = await Promise.all([loadPlanBook(this.options.db, this.options.margins), restrictingAreas(this.options.db)]);
        this.plans = plans;
        this.planById = new Map([...plans.values()].flat().map((p) => [p.id, p]));
        this.zones = new ZoneIndex(
          areas.map((a) => ({ id: a.id, polygon: a.polygon })),
          this.options.settings.tolerance.horizontalM,
        );
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  /** Resolves once every write queued so far is done. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Judges one aircraft sample (the gateway's onAircraftSample listener); synchronous, writes are queued. */
  onSample(sample: AircraftSample): void {
    const { live } = sample;
    if (live.lat === undefined || live.lng === undefined) return;
    const craft = this.craft(sample.sn, sample.gatewaySn);
    const flying = live.modeCode !== undefined && AIRCRAFT_AIRBORNE_MODES.has(live.modeCode);
    const wasFlying = craft.flying;
    const position = { lng: live.lng, lat: live.lat, alt: live.elevation ?? 0, at: sample.at };
    const judgement = flying
      ? judge(position, this.plans.get(sample.sn) ?? [], this.zones.near(live.lng, live.lat), this.options.settings.tolerance, craft.track.open !== null)
      : null;
    const { track, effects } = step(craft.track, judgement?.finding ?? null, flying, sample.at, this.options.settings.hysteresis);
    craft.track = track;
    craft.flying = flying;
    craft.gatewaySn = sample.gatewaySn ?? craft.gatewaySn;
    if (judgement) craft.planId = judgement.planId;
    if (judgement && !judgement.finding && judgement.planId !== null) this.planAction(craft, judgement.planId, 'activate', sample.at);
    for (const effect of effects) this.apply(sample.sn, craft, effect, position);
    // Landing after the window ends the plan now rather than at the next tick.
    const plan = craft.planId === null ? undefined : this.planById.get(craft.planId);
    if (wasFlying && !flying && plan && sample.at > plan.volume.end_ms) this.planAction(craft, plan.id, 'end', sample.at);
  }

  /**
   * What a commanded destination of aircraft `sn` would break (a take-off or fly-to target; `alt` above take-off), by
   * the newest plans and zones: judged as strictly as an aircraft with an open alert (no slack inside a plan's volume,
   * clear of a no-fly zone by the tolerance); then the straight path to it from `from` (where the aircraft, or its
   * dock, is), which may not pass a no-fly zone nor leave the approved area of the target's plan. Null: inside an
   * accepted plan's volume and window, in no no-fly zone, and so is the way there.
   */
  async judgeDestination(
    sn: string,
    target: { lng: number; lat: number; alt: number },
    from: { lng: number; lat: number } | null,
    at = this.now(),
  ): Promise<Finding | PathFinding | null> {
    await this.reloading;
    const { tolerance } = this.options.settings;
    const judgement = judge({ ...target, at }, this.plans.get(sn) ?? [], this.zones.near(target.lng, target.lat), tolerance, true);
    if (judgement.finding || !from) return judgement.finding;
    const ends: [[number, number], [number, number]] = [
      [from.lng, from.lat],
      [target.lng, target.lat],
    ];
    const area = judgement.planId === null ? null : (this.planById.get(judgement.planId)?.area ?? null);
    return judgePath(...ends, area, this.zones.alongSegment(...ends), tolerance.horizontalM);
  }

  /** Ends plans whose window has passed: at once when never flown, at landing when their aircraft is still up. */
  tick(at = this.now()): void {
    for (const plan of this.planById.values()) {
      if (at <= plan.volume.end_ms) continue;
      const craft = this.aircraft.get(plan.deviceSn);
      if (craft?.flying && craft.planId === plan.id) continue;
      this.planAction(craft ?? this.craft(plan.deviceSn, undefined), plan.id, 'end', at);
    }
  }

  private craft(sn: string, gatewaySn: string | undefined): Aircraft {
    let craft = this.aircraft.get(sn);
    if (!craft) {
      craft = { track: IDLE_TRACK, flying: false, gatewaySn, planId: null, alertId: null, chain: Promise.resolve() };
      this.aircraft.set(sn, craft);
    }
    return craft;
  }

  private apply(sn: string, craft: Aircraft, effect: Effect, position: { lng: number; lat: number; alt: number; at: number }) {
    const { finding } = effect;
    if (effect.kind === 'open') {
      this.enqueue(craft, async () => {
        craft.alertId = await this.options.alerts.openConformance({
          deviceSn: sn,
          gatewaySn: craft.gatewaySn,
          rule: finding.rule,
          planId: finding.planId,
          at: position.at,
          args: {
            rule: finding.rule,
            plan_id: finding.planId,
            ...(finding.zoneId !== undefined ? { zone_id: finding.zoneId } : {}),
            lat: position.lat,
            lng: position.lng,
            height: position.alt,
            at: new Date(position.at).toISOString(),
          },
        });
      });
      if (finding.planId !== null) this.planAction(craft, finding.planId, 'deviate', position.at);
      return;
    }
    this.enqueue(craft, async () => {
      const id = craft.alertId;
      craft.alertId = null;
      if (id !== null) await this.options.alerts.close(id, position.at);
    });
    if (finding.planId !== null && effect.reason !== 'rule_changed') this.planAction(craft, finding.planId, 'conform', position.at);
  }

  /** Moves a cached plan now (so the next sample sees it) and queues the database change if the machine allows it. */
  private planAction(craft: Aircraft, planId: number, action: PlanTelemetryAction, at: number) {
    const plan = this.planById.get(planId);
    if (!plan) return;
    const result = transition(PLAN_TELEMETRY_MACHINE, plan.status, action);
    if (!result.ok) return;
    plan.status = result.to;
    if (result.to === 'ended') this.forget(plan);
    this.enqueue(craft, async () => void (await advancePlan(this.options.db, planId, action, at)));
  }

  private forget(plan: BookedPlan) {
    this.planById.delete(plan.id);
    const rest = (this.plans.get(plan.deviceSn) ?? []).filter((p) => p.id !== plan.id);
    if (rest.length) this.plans.set(plan.deviceSn, rest);
    else this.plans.delete(plan.deviceSn);
  }

  private enqueue(craft: Aircraft, job: () => Promise<void>) {
    const run = craft.chain.then(job).catch((error: unknown) => this.options.log.warn({ err: error }, 'conformance: write failed'));
    craft.chain = run;
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
