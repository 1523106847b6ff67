import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type RedisState = 'up' | 'down';

/** How often a running instance checks that Redis answers. */
const CHECK_INTERVAL_MS = 2000;

/**
 * Whether Redis answers now, checked with a bounded PING every few seconds and told by callers whose command failed.
 * Redis is a shared cache and bus here, not the system of record: while it is down this instance serves degraded (its
 * own broker's live channel, local rate limits, permission checks from the database), says so once in the log and in
 * GET /api/health/, and rejoins by itself when Redis answers again.
 */
export class RedisWatch {
  private current: RedisState | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly connection: Redis,
    private readonly log: FastifyBaseLogger,
    intervalMs = CHECK_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.check(), intervalMs).unref();
    void this.check();
  }

  /** Down until a PING has been answered. */
  get state(): RedisState {
    return this.current ?? 'down';
  }

  /** Pings Redis (bounded by the connection's command timeout) and records the answer. */
  async check(): Promise<RedisState> {
    try {
      await this.connection.ping();
      this.set('up');
    } catch (error) {
      this.set('down', error);
    }
    return this.state;
  }

  /** A command on Redis failed: down until the next PING is answered. */
  failed(error: unknown): void {
    this.set('down', error);
  }

  close(): void {
    clearInterval(this.timer);
  }

  private set(next: RedisState, error?: unknown): void {
    const previous = this.current;
    if (previous === next) return;
    this.current = next;
    if (next === 'down')
      this.log.warn(
        { err: error },
        'redis: unavailable; serving degraded (no cross-instance live channel, local rate limits, permissions read from the database) until it answers again',
      );
    else if (previous === 'down') this.log.info('redis: answering again; shared live channel, rate limits and caches rejoined');
  }
}
