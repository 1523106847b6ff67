import type { Kysely } from 'kysely';
import { decodeFleet, narrowFleet, type FleetColumns } from '@shared/fleet/codec';
import { TOPIC_ALERTS, TOPIC_FLEET, TOPIC_ONLINE, type OnlineSummary } from '@shared/live';
import type { AlertNotification } from '@shared/entities/alert';
import { withDataScope } from '../api/dataScope';
import type { Database } from '../db/schema';
import { loadDataScope } from '../rbac/permissions';

/** thing/product/{sn}/… : the device a DJI topic is about. */
const DEVICE_TOPIC = /^thing\/product\/([^/]+)\//;

/** The serial a per-device topic is about, or null for any other topic. */
export function deviceOfTopic(topic: string): string | null {
  return DEVICE_TOPIC.exec(topic)?.[1] ?? null;
}

/** The serials of the devices a user's data scope shows: every one, or these. */
export async function visibleSerials(db: Kysely<Database>, userId: number): Promise<Set<string> | 'all'> {
  const rule = await loadDataScope(db, userId);
  if (rule.scope === 'all') return 'all';
  const rows = await withDataScope(db.selectFrom('devices').select('devices.serial'), 'devices', rule).execute();
  return new Set(rows.map((r) => r.serial));
}

type Serials = Set<string>;

/**
 * The sysinfo topics that name devices, narrowed to a scope: the fleet snapshot keeps the aircraft in scope, the online
 * summary its devices (counted against the devices the scope shows), an alert goes only where its device is seen
 * (without the platform's count of active alerts).
 * Each reads the payload decoded once, however many scoped browsers it goes to.
 */
const NARROWED: Record<string, (decoded: unknown, serials: Serials) => Buffer | null> = {
  [TOPIC_FLEET]: (fleet, serials) => (fleet ? Buffer.from(narrowFleet(fleet as FleetColumns, (sn) => serials.has(sn))) : null),
  [TOPIC_ONLINE]: (summary, serials) => {
    if (!summary) return null;
    const { online, changed, ...rest } = summary as OnlineSummary;
    const seen = online.filter((sn) => serials.has(sn));
    const narrowed: OnlineSummary = {
      ...rest,
      online: seen,
      onlineCount: seen.length,
      total: Math.max(serials.size, seen.length),
      changed: changed.filter((c) => serials.has(c.sn)),
    };
    return Buffer.from(JSON.stringify(narrowed));
  },
  [TOPIC_ALERTS]: (decoded, serials) => {
    const notification = decoded as AlertNotification | null;
    if (!notification || !serials.has(notification.alert.device_sn)) return null;
    // Without the platform's activeCount: the browser reads its scope's count from the API.
    const scoped: AlertNotification = { at: notification.at, alert: notification.alert };
    return Buffer.from(JSON.stringify(scoped));
  },
};

type Payload = Buffer | string;

function decode(topic: string, payload: Payload): unknown {
  if (topic === TOPIC_FLEET) {
    const result = decodeFleet(typeof payload === 'string' ? Buffer.from(payload) : payload);
    return result.ok ? result.fleet : null;
  }
  try {
    return JSON.parse(payload.toString()) as unknown;
  } catch {
    return null;
  }
}

/**
 * Which devices each browser session may hear about on the broker (its user's data scope), kept per session so the
 * broker's synchronous forwarding check needs no query; loaded when the browser connects and refreshed with the
 * session check, so a role or department change applies within that interval.
 */
export class BrowserDeviceScope {
  private readonly bySession = new Map<string, { userId: number; serials: Serials | 'all' }>();
  /** Sessions with no connection at the last check. */
  private readonly absent = new Set<string>();
  /** The last payload decoded per topic (the broker hands every subscriber of a message the same payload). */
  private readonly lastDecoded = new Map<string, { payload: Payload; decoded: unknown }>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(sessionId: string, userId: number): Promise<void> {
    this.bySession.set(sessionId, { userId, serials: await visibleSerials(this.db, userId) });
    this.absent.delete(sessionId);
  }

  /**
   * What of a message on `topic` a session may receive: the payload itself, a copy narrowed to its scope (the sysinfo
   * topics that name devices), or null. Per-device topics go only to sessions that see the device; a session whose
   * scope is not loaded sees no device.
   */
  narrow(sessionId: string, topic: string, payload: Payload): Payload | null {
    const serials = this.bySession.get(sessionId)?.serials ?? new Set<string>();
    if (serials === 'all') return payload;
    const sn = deviceOfTopic(topic);
    if (sn !== null) return serials.has(sn) ? payload : null;
    const narrowTopic = NARROWED[topic];
    if (!narrowTopic) return payload;
    let last = this.lastDecoded.get(topic);
    if (last?.payload !== payload) this.lastDecoded.set(topic, (last = { payload, decoded: decode(topic, payload) }));
    return narrowTopic(last.decoded, serials);
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
  }
}
