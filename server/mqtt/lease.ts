import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';

/** Extends the lease only while this holder still has it (atomic: another instance may have taken it over). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Gives the lease up only if this holder still has it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * A lease in Redis held by one instance at a time (SET NX PX, renewed at a third of its term): whoever holds it does
 * the cluster-wide chores (publishing sysinfo/*). A holder that dies stops renewing and another takes over within
 * one term; a holder that loses Redis stops acting as holder once its term has run out.
 */
export class RedisLease {
  /** Who holds the lease, as stored in Redis: host, process and a random part. */
  readonly holderId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly termMs: number,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while this instance holds the lease. */
  held(): boolean {
    return this.now() < this.heldUntil;
  }

  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(100, Math.floor(this.termMs / 3)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (!this.held()) return;
    this.heldUntil = 0;
    await this.redis.eval(RELEASE, 1, this.key, this.holderId).catch(() => undefined);
  }

  /** Renews the lease if held, else tries to take it. */
  private async tick(): Promise<void> {
    const asked = this.now();
    try {
      const renewed = this.held() && Number(await this.redis.eval(RENEW, 1, this.key, this.holderId, String(this.termMs))) === 1;
      const taken = !renewed && (await this.redis.set(this.key, this.holderId, 'PX', this.termMs, 'NX')) === 'OK';
      if (taken) this.log.info({ key: this.key, holder: this.holderId }, 'lease taken');
      // The term counts from before the request: this side never believes it holds longer than Redis keeps the key.
      this.heldUntil = renewed || taken ? asked + this.termMs : 0;
    } catch (error) {
      this.log.warn({ err: error, key: this.key }, 'lease: Redis unreachable');
    }
  }
}
