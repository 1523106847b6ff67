import type { Kysely } from 'kysely';
import type { DjiLive } from '@shared/dji/live';
import { assessSafety, DEFAULT_SAFETY_THRESHOLDS, SAFETY_RULES, stillAirborne, type SafetyRule, type SafetyThresholds } from '@shared/flight/safety';
import type { Database } from '../db/schema';
import type { SafetyOpening } from '../entities/alert/service';
import type { AircraftSample } from '../mqtt/gateway/service';

/** The alert operations the monitor needs (AlertService). */
export interface SafetyAlerts {
  openSafety(opening: SafetyOpening): Promise<number>;
  close(id: number, at: number): Promise<unknown>;
}

export interface SafetyMonitorOptions {
  db: Kysely<Database>;
  alerts: SafetyAlerts;
  thresholds?: SafetyThresholds;
  log: { warn(obj: unknown, msg?: string): void };
  now?: () => number;
  /** How often silent airborne aircraft are checked for a lost link (ms). */
  tickMs?: number;
}

/** One aircraft as the monitor last saw it. */
interface Aircraft {
  live: Partial<DjiLive>;
  airborne: boolean;
  gatewaySn: string | undefined;
  /** epoch ms of its last sample. */
  lastAt: number;
  /** Its open safety alerts: the rule → the alert's id (null until the insert is done). */
  open: Map<SafetyRule, number | null>;
  /** Its alert writes, in order. */
  chain: Promise<void>;
}

const isSafetyRule = (code: string): code is SafetyRule => (SAFETY_RULES as readonly string[]).includes(code);

/**
 * Flight safety awareness (docs/mqtt.md "Safety alerts"): every aircraft sample is judged by the pure rule
 * (shared/flight/safety.ts); a rule that starts to hold opens a `safety` alert, one that stops closes it. A clock
 * finds airborne aircraft gone silent (lost link). Writes of one aircraft run in order, off the sample path.
 */
export class SafetyMonitor {
  private readonly aircraft = new Map<string, Aircraft>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly thresholds: SafetyThresholds;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SafetyMonitorOptions) {
    this.thresholds = options.thresholds ?? DEFAULT_SAFETY_THRESHOLDS;
    this.now = options.now ?? Date.now;
  }

  /** Takes over the safety alerts still open (e.g. from before a restart: their aircraft count as airborne) and starts the clock. */
  async start(): Promise<void> {
    const open = await this.options.db
      .selectFrom('alerts')
      .select(['id', 'code', 'device_sn', 'gateway_sn'])
      .where('kind', '=', 'safety')
      .where('active', '=', 1)
      .execute();
    for (const alert of open) {
      if (!isSafetyRule(alert.code)) continue;
      const craft = this.craft(alert.device_sn, alert.gateway_sn ?? undefined);
      craft.airborne = true;
      craft.open.set(alert.code, alert.id);
    }
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the clock and waits for the writes under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.settled();
  }

  /** Resolves once every write queued so far is done. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Judges one aircraft sample (the gateway's onAircraftSample listener); synchronous, writes are queued. */
  onSample(sample: AircraftSample): void {
    const craft = this.craft(sample.sn, sample.gatewaySn);
    craft.live = sample.live;
    craft.airborne = stillAirborne(craft.airborne, sample.live.modeCode);
    craft.gatewaySn = sample.gatewaySn ?? craft.gatewaySn;
    craft.lastAt = sample.at;
    this.judge(sample.sn, craft, sample.at);
  }

  /** Judges the airborne aircraft that went silent (their link is lost once silent for long enough). */
  tick(at = this.now()): void {
    for (const [sn, craft] of this.aircraft) if (craft.airborne && at > craft.lastAt) this.judge(sn, craft, at);
  }

  private craft(sn: string, gatewaySn: string | undefined): Aircraft {
    let craft = this.aircraft.get(sn);
    if (!craft) {
      craft = { live: {}, airborne: false, gatewaySn, lastAt: this.now(), open: new Map(), chain: Promise.resolve() };
      this.aircraft.set(sn, craft);
    }
    return craft;
  }

  private judge(sn: string, craft: Aircraft, at: number) {
    const { live } = craft;
    const holds = assessSafety(
      {
        airborne: craft.airborne,
        modeCode: live.modeCode,
        battery: live.battery,
        remainFlightTime: live.remainFlightTime,
        returnHomePower: live.returnHomePower,
        landingPower: live.landingPower,
        homeDistance: live.homeDistance,
        horizontalSpeed: live.horizontalSpeed,
        windSpeed: live.windSpeed,
        silentForMs: at - craft.lastAt,
      },
      new Set(craft.open.keys()),
      this.thresholds,
    );
    for (const rule of holds) if (!craft.open.has(rule)) this.open(sn, craft, rule, at);
    for (const rule of [...craft.open.keys()]) if (!holds.has(rule)) this.close(craft, rule, at);
  }

  private open(sn: string, craft: Aircraft, rule: SafetyRule, at: number) {
    craft.open.set(rule, null);
    const { live } = craft;
    const args = {
      rule,
      battery: live.battery,
      remain_flight_time: live.remainFlightTime,
      return_home_power: live.returnHomePower,
      landing_power: live.landingPower,
      home_distance: live.homeDistance,
      mode_code: live.modeCode,
      lat: live.lat,
      lng: live.lng,
      at: new Date(at).toISOString(),
    };
    this.enqueue(craft, async () => {
      const id = await this.options.alerts.openSafety({ deviceSn: sn, gatewaySn: craft.gatewaySn, rule, at, args });
      // Closed again before the insert was done: the close below finds no id, so close it here.
      if (craft.open.has(rule)) craft.open.set(rule, id);
      else await this.options.alerts.close(id, at);
    });
  }

  private close(craft: Aircraft, rule: SafetyRule, at: number) {
    const id = craft.open.get(rule);
    craft.open.delete(rule);
    // An id still null is closed by its own opening job, queued before this point.
    if (id !== null && id !== undefined) this.enqueue(craft, async () => void (await this.options.alerts.close(id, at)));
  }

  private enqueue(craft: Aircraft, job: () => Promise<void>) {
    const run = craft.chain.then(job).catch((error: unknown) => this.options.log.warn({ err: error }, 'safety: alert write failed'));
    craft.chain = run;
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
