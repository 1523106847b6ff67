import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { decodeFleet, narrowFleet, type FleetColumns } from '@shared/fleet/codec';
import { TOPIC_ALERTS, TOPIC_FLEET, TOPIC_ONLINE, TOPIC_WEATHER, type WeatherReport } from '@shared/live';
import { narrowOnline, parseOnlineMessage, type OnlineMessage } from '@shared/onlineList';
import type { AlertNotification } from '@shared/entities/alert';
import { TOPIC_TASK, type TaskLive } from '@shared/entities/task';
import { TOPIC_AIRSENSE } from '@shared/dji/airsenseTraffic';
import { TOPIC_FLIGHT } from '@shared/dji/flightReport';
import { withDataScope } from '../rbac/scopeQuery';
import { parseJson } from '../db/json';
import type { Database } from '../db/schema';
import { seesRow, type DataScopeRule, type Ownership } from '../rbac/dataScope';
import { loadDataScope } from '../rbac/permissions';
import { isScopedSysinfoTopic, namespaceSerial, type ScopedSysinfoTopic } from '@shared/topics';

/** The serials of the devices a user's data scope shows: every one, or these. */
export async function visibleSerials(db: Kysely<Database>, userId: number, rule?: DataScopeRule): Promise<Set<string> | 'all'> {
  const scope = rule ?? (await loadDataScope(db, userId));
  if (scope.scope === 'all') return 'all';
  const rows = await withDataScope(db.selectFrom('devices').select('devices.serial'), 'devices', scope).execute();
  return new Set(rows.map((r) => r.serial));
}

type Serials = Set<string>;
type Payload = Buffer | string;

/** What a browser session may hear about: its user's scope rule, the devices and the projects that rule shows. */
export interface SessionScope {
  rule: DataScopeRule;
  serials: Serials;
  projectIds: Set<number>;
}

/** A user's scope as a browser session of theirs hears it, read now: `all`, or the rule with its devices and projects. */
export async function loadSessionScope(db: Kysely<Database>, userId: number): Promise<SessionScope | 'all'> {
  const rule = await loadDataScope(db, userId);
  if (rule.scope === 'all') return 'all';
  const [serials, projects] = await Promise.all([
    visibleSerials(db, userId, rule),
    withDataScope(db.selectFrom('projects').select('projects.id'), 'projects', rule).execute(),
  ]);
  return { rule, serials: serials === 'all' ? new Set<string>() : serials, projectIds: new Set(projects.map((p) => p.id)) };
}

/** Equal for equal scopes (same rule, devices and projects): sessions with equal scopes share what is narrowed for them. */
const scopeKey = (scope: SessionScope) => JSON.stringify([scope.rule, [...scope.serials].sort(), [...scope.projectIds].sort((a, b) => a - b)]);

/** A scope's id in topics (`sysinfo/scope/{id}/…`): a digest of its key, the same on every instance, telling nothing of it. */
export const scopeId = (scope: SessionScope) => createHash('sha256').update(scopeKey(scope)).digest('hex').slice(0, 24);

/**
 * A sysinfo/task message as the server publishes it: TaskLive plus who owns the task, so the broker's synchronous
 * forwarding check can tell who may hear it. The owner is taken off before a scoped browser gets it.
 */
export type TaskLiveMessage = TaskLive & { owner: Ownership };

/** sysinfo/weather's stations are projects' areas (`project-{id}`); the default area names no project. */
const PROJECT_AREA = /^project-(\d+)$/;

/**
 * A sysinfo topic that names devices, tasks or projects: its payload decoded once per message (`decode`, null when
 * unreadable: then it reaches no scoped browser), and the share of it a scope sees (`narrow`, null for none of it).
 */
interface Narrowing<Decoded> {
  decode(payload: Payload): Decoded | null;
  narrow(decoded: Decoded, scope: SessionScope): Buffer | null;
}
const narrowing = <Decoded>(topic: Narrowing<Decoded>) => topic as Narrowing<unknown>;

/** A message about one device (`sn`), as is, for the scopes that see the device. */
const aboutOneDevice = narrowing<{ sn: string; bytes: Buffer }>({
  decode: (payload) => {
    const report = parseJson<{ sn?: unknown } | null>(payload.toString(), null);
    return typeof report?.sn === 'string' ? { sn: report.sn, bytes: typeof payload === 'string' ? Buffer.from(payload) : payload } : null;
  },
  narrow: ({ sn, bytes }, { serials }) => (serials.has(sn) ? bytes : null),
});

/**
 * The fleet snapshot keeps the aircraft in scope; the online snapshot or delta its devices (counted against the devices the
 * scope shows); an alert goes only where its device is seen, without the platform's count of active alerts.
 */
const NARROWED: Record<ScopedSysinfoTopic, Narrowing<unknown>> = {
  [TOPIC_FLEET]: narrowing<FleetColumns>({
    decode: (payload) => {
      const result = decodeFleet(typeof payload === 'string' ? Buffer.from(payload) : payload);
      return result.ok ? result.fleet : null;
    },
    narrow: (fleet, { serials }) => Buffer.from(narrowFleet(fleet, (sn) => serials.has(sn))),
  }),
  [TOPIC_ONLINE]: narrowing<OnlineMessage>({
    decode: (payload) => parseOnlineMessage(parseJson<unknown>(payload.toString(), null)),
    narrow: (message, { serials }) => Buffer.from(JSON.stringify(narrowOnline(message, (sn) => serials.has(sn), serials.size))),
  }),
  [TOPIC_ALERTS]: narrowing<{ sn: string; withoutCount: Buffer }>({
    // The same bytes for every scope that sees the device: the browser reads its scope's count from the API.
    decode: (payload) => {
      const notification = parseJson<AlertNotification | null>(payload.toString(), null);
      if (!notification) return null;
      const withoutCount: AlertNotification = { at: notification.at, alert: notification.alert };
      return { sn: notification.alert.device_sn, withoutCount: Buffer.from(JSON.stringify(withoutCount)) };
    },
    narrow: ({ sn, withoutCount }, { serials }) => (serials.has(sn) ? withoutCount : null),
  }),
  // Manned traffic around a drone goes where the drone is seen.
  [TOPIC_AIRSENSE]: aboutOneDevice,
  // So do its command flight's progress and its distances to the flight areas.
  [TOPIC_FLIGHT]: aboutOneDevice,
  [TOPIC_TASK]: narrowing<{ owner: Ownership; withoutOwner: Buffer }>({
    decode: (payload) => {
      const message = parseJson<TaskLiveMessage | null>(payload.toString(), null);
      if (!message?.owner) return null;
      const { owner, ...live } = message;
      return { owner, withoutOwner: Buffer.from(JSON.stringify(live)) };
    },
    narrow: ({ owner, withoutOwner }, { rule }) => (seesRow(rule, owner) ? withoutOwner : null),
  }),
  [TOPIC_WEATHER]: narrowing<WeatherReport>({
    decode: (payload) => parseJson<WeatherReport | null>(payload.toString(), null),
    narrow: (report, { projectIds }) => {
      const seen = report.stations.filter((station) => {
        const project = PROJECT_AREA.exec(station.areaId);
        return project === null || projectIds.has(Number(project[1]));
      });
      return Buffer.from(JSON.stringify({ ...report, stations: seen }));
    },
  }),
};

/**
 * A message on a scoped sysinfo topic, decoded once: the share of it each scope sees (null: none of it, or the message
 * could not be read).
 */
export function scopedShares(topic: ScopedSysinfoTopic, payload: Payload): (scope: SessionScope) => Buffer | null {
  const narrowing = NARROWED[topic];
  const decoded = narrowing.decode(payload);
  return (scope) => (decoded === null ? null : narrowing.narrow(decoded, scope));
}

/**
 * What each browser session may hear about on the broker (its user's data scope: devices, tasks, projects), kept per session so the
 * broker's synchronous forwarding check needs no query; loaded when the browser connects and refreshed with the
 * session check, so a role or department change applies within that interval.
 */
/** A session whose scope is not loaded sees nothing scoped. */
const UNLOADED: SessionScope = { rule: { scope: 'own', userId: 0, deptId: null, deptIds: [] }, serials: new Set(), projectIds: new Set() };

export class BrowserScope {
  private readonly bySession = new Map<string, { userId: number; scope: SessionScope | 'all' }>();
  /** Sessions with no connection at the last check. */
  private readonly absent = new Set<string>();
  /**
   * The last payload decoded per topic (the broker hands every subscriber of a message the same payload), with its
   * share per scope: sessions with the same scope hold the same SessionScope object and get the same bytes.
   */
  private readonly lastDecoded = new Map<
    string,
    { payload: Payload; share: (scope: SessionScope) => Buffer | null; narrowed: Map<SessionScope, Buffer | null> }
  >();
  /** One SessionScope per distinct scope (scopeKey), for the sessions that have it. */
  private readonly scopes = new Map<string, SessionScope>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(sessionId: string, userId: number): Promise<void> {
    const scope = await loadSessionScope(this.db, userId);
    this.bySession.set(sessionId, { userId, scope: scope === 'all' ? 'all' : this.shared(scope) });
    this.absent.delete(sessionId);
  }

  /**
   * What of a message on `topic` a session may receive: the payload itself, a copy narrowed to its scope (the sysinfo
   * topics that name devices), or null. Per-device topics go only to sessions that see the device; a session whose
   * scope is not loaded sees no device.
   */
  narrow(sessionId: string, topic: string, payload: Payload): Payload | null {
    const scope = this.bySession.get(sessionId)?.scope ?? UNLOADED;
    if (scope === 'all') return payload;
    const sn = namespaceSerial(topic);
    if (sn !== null) return scope.serials.has(sn) ? payload : null;
    if (!isScopedSysinfoTopic(topic)) return payload;
    let last = this.lastDecoded.get(topic);
    if (last?.payload !== payload) this.lastDecoded.set(topic, (last = { payload, share: scopedShares(topic, payload), narrowed: new Map() }));
    let narrowed = last.narrowed.get(scope);
    if (narrowed === undefined) last.narrowed.set(scope, (narrowed = last.share(scope)));
    return narrowed;
  }

  /** The SessionScope already held for an equal scope (same rule, devices and projects), else this one. */
  private shared(scope: SessionScope): SessionScope {
    const key = scopeKey(scope);
    const held = this.scopes.get(key);
    if (held) return held;
    this.scopes.set(key, scope);
    return scope;
  }

  /**
   * Reloads the sessions still connected and forgets those without a connection at two checks running: a browser's
   * scope is loaded while it signs in, a moment before its connection counts as connected, and forgetting it then
   * would leave that connection hearing about no device for as long as it lasts.
   */
  async refresh(connected: Set<string>): Promise<void> {
    for (const [sessionId, { userId }] of [...this.bySession]) {
      if (connected.has(sessionId)) await this.load(sessionId, userId);
      else if (!this.absent.has(sessionId)) this.absent.add(sessionId);
      else {
        this.absent.delete(sessionId);
        this.bySession.delete(sessionId);
      }
    }
    // Scopes no session holds any more are forgotten.
    const held = new Set([...this.bySession.values()].map(({ scope }) => scope));
    for (const [key, scope] of this.scopes) if (!held.has(scope)) this.scopes.delete(key);
  }
}
