import type { Kysely } from 'kysely';
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

/**
 * Which devices each browser session may hear about on the broker (its user's data scope), kept per session so the
 * broker's synchronous forwarding check needs no query; loaded when the browser connects and refreshed with the
 * session check, so a role or department change applies within that interval.
 */
export class BrowserDeviceScope {
  private readonly bySession = new Map<string, { userId: number; serials: Set<string> | 'all' }>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(sessionId: string, userId: number): Promise<void> {
    this.bySession.set(sessionId, { userId, serials: await visibleSerials(this.db, userId) });
  }

  /** Whether a session may receive a message on `topic` (topics about no device are for everyone signed in). */
  mayReceive(sessionId: string, topic: string): boolean {
    const sn = deviceOfTopic(topic);
    if (sn === null) return true;
    const serials = this.bySession.get(sessionId)?.serials;
    return serials === 'all' || Boolean(serials?.has(sn));
  }

  /** Reloads the sessions still connected and forgets the others. */
  async refresh(connected: Set<string>): Promise<void> {
    for (const [sessionId, { userId }] of [...this.bySession]) {
      if (connected.has(sessionId)) await this.load(sessionId, userId);
      else this.bySession.delete(sessionId);
    }
  }
}
