import type { JoinChannel } from '../domain/sharedChannel';
import type { DataScopeRule } from './dataScope';

/** What a permission check learns about a live session: who it is, what it may do and see. */
export interface SessionGrant {
  userId: number;
  username: string;
  sessionId: string;
  /** The session's own expiry (ISO): a cached grant never outlives it. */
  expiresAt: string;
  permissions: string[];
  dataScope: DataScopeRule;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Session grants cached by this instance, cleared by any instance's change. */
    authCache: AuthCacheHandle;
    /** Announces a change of sessions or grants to the cache and to everything else that follows them. */
    grants: GrantChanges;
  }
}

/** Tables whose rows decide what a session may do or see: a write to any of them is announced as a grant change (GrantChanges). */
export const GRANT_TABLES: readonly string[] = ['users', 'roles', 'departments'];

/** A cached grant is re-read from the database at the latest after this, whatever happened (a missed message). */
export const AUTH_CACHE_TTL_MS = 60_000;

/**
 * Session grants cached by this instance, so a permission check costs no database round trip. Any change to
 * sessions, users, roles or departments anywhere clears every instance's cache (`changed`), which is coarse but
 * simple: such changes are rare and the next request per session re-reads one row set.
 */
export class GrantCache {
  private readonly grants = new Map<string, { grant: SessionGrant; until: number }>();
  /** Counts clears: a grant read from the database before a clear is not kept after it (it may be stale). */
  private generation = 0;

  constructor(
    /** False while changes might go unheard (e.g. the invalidation channel is down): nothing is served or kept then. */
    private readonly trusted: () => boolean = () => true,
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string): SessionGrant | undefined {
    if (!this.trusted()) return undefined;
    const entry = this.grants.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.until || now >= Date.parse(entry.grant.expiresAt)) {
      this.grants.delete(sessionId);
      return undefined;
    }
    return entry.grant;
  }

  /** A token for `set`: taken before reading a grant from the database. */
  reading(): number {
    return this.generation;
  }

  /** Keeps a grant read since `reading()` returned `since`, unless the cache was cleared meanwhile. */
  set(grant: SessionGrant, since: number): void {
    if (this.trusted() && since === this.generation) this.grants.set(grant.sessionId, { grant, until: this.now() + this.ttlMs });
  }

  clear(): void {
    this.generation++;
    this.grants.clear();
  }
}

/** This instance's cache and how to tell every instance that grants changed. */
export interface AuthCacheHandle {
  cache: GrantCache;
  /** Clears this instance's cache and every other instance's (resolves once the message is out). */
  changed(): Promise<void>;
  close(): Promise<void>;
}

type Log = { warn(obj: unknown, msg?: string): void };

/** One instance alone (SQLite): nobody else needs telling. */
export function localAuthCache(): AuthCacheHandle {
  const cache = new GrantCache();
  return { cache, changed: async () => cache.clear(), close: async () => undefined };
}

/**
 * Several instances: a change is announced on the channel they share (Redis, or PostgreSQL without Redis), and
 * every instance (this one included) clears its cache on it. While the channel does not listen (from the start until
 * it answers, and whenever it is away) nothing is cached, so no instance serves a stale grant: each reads the
 * database. Start-up does not wait for the channel.
 */
export function sharedAuthCache(join: JoinChannel): AuthCacheHandle {
  const cache: GrantCache = new GrantCache(() => channel.listening());
  const channel = join('auth-changed', 'auth cache', { onMessage: () => cache.clear(), onDown: () => cache.clear() });
  return {
    cache,
    changed: async () => {
      cache.clear();
      await channel.publish(String(Date.now()));
    },
    close: () => channel.close(),
  };
}

/**
 * Where a change of sessions or grants (logout, password change, (de)activation, role or department edits) is
 * announced: the auth cache is cleared, then each listener runs (e.g. external-broker accounts of ended sessions are
 * removed); a failing listener is logged, never fails the change itself.
 */
export class GrantChanges {
  private readonly listeners: (() => Promise<void>)[] = [];

  constructor(
    private readonly cache: AuthCacheHandle,
    private readonly log: Log,
  ) {}

  listen(listener: () => Promise<void>): void {
    this.listeners.push(listener);
  }

  async changed(): Promise<void> {
    await this.cache.changed();
    for (const listener of this.listeners) await listener().catch((error: unknown) => this.log.warn({ err: error }, 'a listener of grant changes failed'));
  }
}
