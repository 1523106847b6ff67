import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { SharedChannel } from '../domain/sharedChannel';
import { joinRedisChannel } from '../redis/channel';

/**
 * Renews ARGV[1] (if not empty) until Redis' own clock + ARGV[2] ms, drops the members whose term ran out, and returns
 * those left. Redis' clock, not the instances': their clocks need not agree.
 */
const RENEW = `local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
if ARGV[1] ~= '' then
  redis.call('zadd', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
  redis.call('pexpire', KEYS[1], tonumber(ARGV[2]))
end
return redis.call('zrange', KEYS[1], 0, -1)`;

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * The instances alive in a deployment (external broker, REDIS_URL): each keeps itself in the sorted set
 * `{prefix}link:members` (score: when its term ends), renewed at a third of the term. One that dies drops out when
 * its term runs out; one that starts or stops says so on the channel of the same name, so the others re-read at
 * once. Listeners hear each change of the list (sorted), which every instance reads alike.
 */
export class ClusterMembership {
  /** This instance as listed: host, process and a random part. */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly key: string;
  private current: readonly string[] = [];
  private readonly listeners: ((members: readonly string[]) => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private channel: SharedChannel | undefined;
  private stopped = false;

  constructor(private readonly options: { redis: Redis; url: string; keyPrefix: string; termMs: number; timeoutMs: number; log: Log }) {
    this.key = `${options.keyPrefix}link:members`;
  }

  /** The live members as last read (this one included once it has registered). */
  members(): readonly string[] {
    return this.current;
  }

  onChange(listener: (members: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  /** Registers, reads the members, and tells the others. */
  async start(): Promise<void> {
    const { url, timeoutMs, termMs, log } = this.options;
    await this.renew();
    this.channel = joinRedisChannel({ url, channel: this.key, timeoutMs, what: 'membership' }, log, {
      onMessage: () => void this.renew(),
      onJoined: () => void this.channel?.publish(this.id),
    });
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(termMs / 3)));
    this.timer.unref();
  }

  /** Leaves the list and tells the others, who take this instance's share at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.options.redis.zrem(this.key, this.id).catch(() => undefined);
    await this.channel?.publish(this.id);
    await this.channel?.close();
  }

  private async renew(): Promise<void> {
    try {
      const listed = (await this.options.redis.eval(RENEW, 1, this.key, this.stopped ? '' : this.id, String(this.options.termMs))) as string[];
      const members = [...listed].sort();
      if (members.join('\n') === this.current.join('\n')) return;
      this.options.log.info({ members }, 'membership: the live instances changed');
      this.current = members;
      for (const listener of this.listeners) listener(members);
    } catch (error) {
      // Keeps the members it knows: its share stays as it was until Redis answers.
      this.options.log.warn({ err: error }, 'membership: Redis unreachable');
    }
  }
}
