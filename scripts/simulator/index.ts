import { deviceModelName } from '@shared/dji/devices';
import { SimulatedGateway, type BrokerLogin, type DeviceIdentity, type GatewayOptions, type GatewayPlan } from './gateway';
import { circle, type Point } from './geometry';
import { randomHmsItem } from './hms';
import { mapLimited } from './concurrency';
import type { MissionFaults } from './mission';
import { CircuitPlans } from './airspace';
import { demoData, dockLogin, PlatformSession, pilotLogin } from './platformApi';

export interface SimulationOptions {
  /** broker URL (ws://host:port/mqtt or mqtt://host:port). */
  url: string;
  /** platform HTTP base URL. */
  api: string;
  /** a user with a pilot permission (Pilot 2 gateways) and device:write (docks). */
  user: string;
  password: string;
  /** Pilot 2 gateways: remote controller + aircraft pairs. */
  gateways: number;
  docks: number;
  /** the project whose workspace the pilots sign in to (GET /api/djiconf/{id}/). */
  workspaceId: number | string;
  /** aircraft and remote-controller OSD per second; docks send at half this rate. */
  rate: number;
  /** mean seconds between two HMS events of one gateway; 0 = none. */
  hmsEverySeconds: number;
  /** serial prefix of the simulated devices. */
  prefix: string;
  replyTimeoutMs?: number;
  log?: (line: string) => void;
  /** Aircraft wait on the ground until a mission is dispatched to them (instead of flying their circuits). */
  parked?: boolean;
  /** Faults injected into the missions they fly (tests). */
  faults?: MissionFaults;
  onProgressSent?: GatewayOptions['onProgressSent'];
  onPhotoCallbackSent?: GatewayOptions['onPhotoCallbackSent'];
  /** Live services answered with these DJI codes instead (tests; the object may be changed while it runs). */
  liveFaults?: GatewayOptions['liveFaults'];
  /** The docks' weather and emergency stop as their remote debugging feels them (the object may be changed while it runs). */
  dockConditions?: GatewayOptions['dockConditions'];
  /** How long a dock's debug job takes, ms (default 20 s, like a real cover). */
  debugJobMs?: number;
  /** How long a dock's firmware upgrade takes once downloaded, ms (default 60 s). */
  otaJobMs?: number;
  /** How long each step of a dock's log upload takes, ms (default 3 s). */
  logStepMs?: number;
  /** A dock drops DRC after this long without a heart_beat, ms (default DJI's 60 s). */
  drcHeartbeatTimeoutMs?: number;
  /**
   * Fly under flight plans, as a disciplined operator does: once connected, each aircraft's airspace and plan are
   * filed and accepted through the API (the user needs airspace:write and airspace:approve; scripts/simulator/airspace.ts)
   * and it takes off when the plan's window opens. Without this the aircraft fly at once, under no plan.
   */
  plans?: boolean;
  /** How long each plan's window lasts; the next one is filed before it closes (default 12, the rules allow up to 24). */
  planHours?: number;
}

/** Where `flyTo` sends an aircraft: a position and a height above its take-off point (m). */
export interface FlyToTarget {
  lat: number;
  lng: number;
  height: number;
}

export interface Simulation {
  gateways: SimulatedGateway[];
  /** The latest accepted flight plan of each aircraft, by serial (with `plans`; an aircraft whose filing failed has none). */
  flightPlans: ReadonlyMap<string, number>;
  /** Resolves once the first plan of every aircraft (with `plans`) is in its window: take-off and fly-to are allowed. */
  planWindowsOpen(): Promise<void>;
  /** Sends the aircraft with this serial off its circuit to hover at `target`; null sends it back to its circuit. */
  flyTo(aircraftSn: string, target: FlyToTarget | null): void;
  /** messages published so far, all gateways together. */
  sent(): number;
  connected(): number;
  stop(): Promise<void>;
}

const PILOT_PAIRS = [
  { rc: { type: 144, subType: 0 }, aircraft: { type: 77, subType: 0 } },
  { rc: { type: 119, subType: 0 }, aircraft: { type: 67, subType: 1 } },
  { rc: { type: 119, subType: 0 }, aircraft: { type: 89, subType: 0 } },
];
const DOCK_PAIRS = [
  { dock: { type: 2, subType: 0 }, aircraft: { type: 91, subType: 0 } },
  { dock: { type: 1, subType: 0 }, aircraft: { type: 67, subType: 0 } },
];

/** Sign-ins and dock registrations in flight at once. */
const LOGIN_CONCURRENCY = 8;
/** Gateways connecting at once: a fleet comes up in waves, as real ones do after an outage, not in one storm. */
const CONNECT_CONCURRENCY = 20;
/** Attempts of one gateway's start (connect and handshake) before the simulation gives up. */
const START_ATTEMPTS = 3;
/**
 * Groups of gateways reporting at different moments of each period, a group at least this many ms after the last:
 * real devices' clocks are not in step, and a whole fleet reporting in the same instant would make the platform's
 * latency a sawtooth as tall as the burst (about a second at 5,000 docks on a 2-core machine).
 */
const REPORT_PHASES = 10;
const MIN_PHASE_MS = 10;
/** Each flight plan's window (with `plans`). */
const PLAN_HOURS = 12;

const device = (sn: string, domain: number, model: { type: number; subType: number }, firmware: string): DeviceIdentity => ({ sn, domain, ...model, firmware });
const padded = (n: number, width: number) => String(n).padStart(width, '0');

/** Which devices each gateway declares and where its aircraft flies; the demo's aircraft serials fly the demo routes. */
export function planGateways(
  options: Pick<SimulationOptions, 'gateways' | 'docks' | 'prefix'>,
  demo: { routes: Point[][]; aircraftSerials: string[] },
): GatewayPlan[] {
  const routeOf = (ordinal: number) => (demo.routes.length ? demo.routes[ordinal % demo.routes.length] : circle(ordinal));
  const pilots = Array.from({ length: options.gateways }, (_, i): GatewayPlan => {
    const pair = PILOT_PAIRS[i % PILOT_PAIRS.length];
    const aircraftSn = demo.aircraftSerials[i] ?? `${options.prefix}-UAV-${padded(i + 1, 4)}`;
    return {
      kind: 'pilot',
      gateway: device(`${options.prefix}-RC-${padded(i + 1, 4)}`, 2, pair.rc, '02.01.0307'),
      aircraft: device(aircraftSn, 0, pair.aircraft, '09.01.0102'),
      route: routeOf(i),
      ordinal: i,
    };
  });
  const docks = Array.from({ length: options.docks }, (_, i): GatewayPlan => {
    const pair = DOCK_PAIRS[i % DOCK_PAIRS.length];
    const ordinal = options.gateways + i;
    return {
      kind: 'dock',
      gateway: device(`${options.prefix}-DOCK-${padded(i + 1, 3)}`, 3, pair.dock, '10.01.1612'),
      aircraft: device(`${options.prefix}-DUAV-${padded(i + 1, 3)}`, 0, pair.aircraft, '10.01.1612'),
      // The dock stands at the route's start: its aircraft takes off from and lands on it.
      route: routeOf(ordinal),
      ordinal,
    };
  });
  return [...pilots, ...docks];
}

/**
 * Broker logins through the API like the real devices get them: each RC's pilot signs in and takes the thing
 * credentials GET /api/djiconf/{id}/ issues for that session (one per session, as the /djiapp page hands them to
 * Pilot 2); each dock gets a generated secret. Returns the pilots' sessions too: signing out ends their credentials.
 */
async function loginsFor(
  plans: GatewayPlan[],
  admin: PlatformSession,
  options: SimulationOptions,
): Promise<{ logins: BrokerLogin[]; sessions: PlatformSession[] }> {
  const sessions: PlatformSession[] = [];
  const loginOf = async ({ kind, gateway }: GatewayPlan): Promise<BrokerLogin> => {
    if (kind === 'pilot') {
      const session = await PlatformSession.login(options.api, options.user, options.password);
      sessions.push(session);
      return pilotLogin(session, options.workspaceId);
    }
    const model = deviceModelName(gateway.domain, gateway.type, gateway.subType);
    return dockLogin(admin, { sn: gateway.sn, model, name: `Simulated dock ${gateway.sn}` });
  };
  // A few at a time: a fleet of thousands signs in within seconds without queueing thousands of requests at once.
  const logins = await mapLimited(plans, LOGIN_CONCURRENCY, loginOf);
  return { logins, sessions };
}

/** Starts the gateways against a running platform and resolves once every one has completed its topology handshake. */
export async function startSimulation(options: SimulationOptions): Promise<Simulation> {
  const log = options.log ?? (() => undefined);
  const admin = await PlatformSession.login(options.api, options.user, options.password);
  const demo = await demoData(admin);
  const plans = planGateways(options, demo);
  const { logins, sessions } = await loginsFor(plans, admin, options);
  const gatewayOptions: GatewayOptions = {
    url: options.url,
    replyTimeoutMs: options.replyTimeoutMs ?? 10_000,
    log,
    parked: options.parked,
    holdForClearance: options.plans,
    faults: options.faults,
    onProgressSent: options.onProgressSent,
    onPhotoCallbackSent: options.onPhotoCallbackSent,
    liveFaults: options.liveFaults,
    dockConditions: options.dockConditions,
    debugJobMs: options.debugJobMs,
    otaJobMs: options.otaJobMs,
    logStepMs: options.logStepMs,
    drcHeartbeatTimeoutMs: options.drcHeartbeatTimeoutMs,
  };
  const gateways = plans.map((plan, i) => new SimulatedGateway(plan, logins[i], gatewayOptions));
  const flightPlans = new CircuitPlans(admin, options.planHours ?? PLAN_HOURS, log);
  const stopAll = async () => {
    clearInterval(ticker);
    await Promise.all(gateways.map((gateway) => gateway.stop().catch(() => undefined)));
    await flightPlans.stop();
    await Promise.all([admin, ...sessions].map((session) => session.logout()));
  };

  const periodMs = 1000 / options.rate;
  const phases = Math.max(1, Math.min(REPORT_PHASES, gateways.length, Math.floor(periodMs / MIN_PHASE_MS)));
  const startedAt = Date.now();
  const lastTickOf = new Array<number>(phases).fill(startedAt);
  let phase = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    const dt = (now - lastTickOf[phase]) / 1000;
    lastTickOf[phase] = now;
    const seconds = (now - startedAt) / 1000;
    for (let i = phase; i < gateways.length; i += phases) {
      const gateway = gateways[i];
      gateway.tick(dt, seconds, 2);
      if (options.hmsEverySeconds > 0 && gateway.connected && Math.random() < dt / options.hmsEverySeconds)
        gateway
          .raiseHms([randomHmsItem(gateway.deviceType(Math.random() < 0.5 ? 'gateway' : 'aircraft'), gateway.flight.currentPhase !== 'ground')])
          .catch((error: Error) => log(error.message));
    }
    phase = (phase + 1) % phases;
  }, periodMs / phases);

  try {
    await mapLimited(gateways, CONNECT_CONCURRENCY, async (gateway) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await gateway.start();
        } catch (error) {
          await gateway.stop().catch(() => undefined);
          if (attempt === START_ATTEMPTS) throw error;
          log(`${gateway.sn}: start failed (${(error as Error).message}); retrying`);
        }
      }
    });
    // Only a connected gateway's aircraft is registered, which its application must name.
    if (options.plans) await flightPlans.start(gateways);
  } catch (error) {
    await stopAll();
    throw error;
  }
  log(`${gateways.length} gateway(s) connected to ${options.url}: ${options.gateways} Pilot 2, ${options.docks} dock(s)`);
  if (options.plans) log(`${flightPlans.current.size} flight plan(s) accepted; the aircraft take off as their windows open`);
  const byAircraft = new Map(gateways.map((gateway) => [gateway.plan.aircraft.sn, gateway]));
  return {
    gateways,
    flightPlans: flightPlans.current,
    planWindowsOpen: () => flightPlans.windowsOpen(),
    flyTo: (aircraftSn, target) => {
      const gateway = byAircraft.get(aircraftSn);
      if (!gateway) throw new Error(`no simulated aircraft ${aircraftSn}`);
      gateway.flight.flyTo(target && { lat: target.lat, lng: target.lng, alt: target.height });
    },
    sent: () => gateways.reduce((sum, g) => sum + Object.values(g.sent).reduce((a, b) => a + b, 0), 0),
    connected: () => gateways.filter((g) => g.connected).length,
    stop: stopAll,
  };
}
