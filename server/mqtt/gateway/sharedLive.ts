import type { DjiLive } from '@shared/dji/live';
import type { Redis } from 'ioredis';
import { NEWEST_HASH_TTL_MS, recordNewest, stamped, stampedText } from '../newestHash';

/** A device's changes are written to Redis together this often (at most one entry per device per flush). */
export const SHARED_LIVE_FLUSH_MS = 250;

/** Each field is `{at}|{DjiLive JSON}`, or `{at}|` once the device is gone (newestHash.ts: an older state written late stays out). */
const encode = (at: number, live: DjiLive | null) => stamped(at, live ? JSON.stringify(live) : '');

function decode(value: string | null): DjiLive | undefined {
  const text = stampedText(value);
  return text ? (JSON.parse(text) as DjiLive) : undefined;
}

/**
 * The merged live state (DjiLive) of the devices of instances splitting the uplink by gateway owner (docs/mqtt.md,
 * Scale-out): only a gateway's owner hears its devices' OSD, but an HTTP request reading it (remote commands, missions,
 * GET /api/Device/{id}/live/) lands on any instance. The owner keeps the newest state of each device it changed
 * (`changed`, a map write per message) and writes them every SHARED_LIVE_FLUSH_MS in one call to the Redis hash
 * `{prefix}link:live` (field: the serial, the newest `at` wins); a device gone is written as such (`gone`). Any
 * instance reads a device's (`read`).
 */
export class SharedLive {
  private readonly key: string;
  /** Entries not yet written: a device's newest state, or null once gone, with its time. */
  private readonly outbox = new Map<string, { at: number; live: DjiLive | null }>();
  private timer: NodeJS.Timeout | undefined;
  /** The flush under way. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {
    this.key = `${keyPrefix}link:live`;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), SHARED_LIVE_FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is left, and stops. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  changed(live: DjiLive): void {
    this.outbox.set(live.sn, { at: live.at, live });
  }

  /** Device `sn` is offline as of `at`: its state goes. */
  gone(sn: string, at: number): void {
    this.outbox.set(sn, { at, live: null });
  }

  async read(sn: string): Promise<DjiLive | undefined> {
    return decode(await this.redis.hget(this.key, sn));
  }

  /** The shared states of devices `serials` (those with none left out), in one call. */
  async readMany(serials: readonly string[]): Promise<DjiLive[]> {
    if (!serials.length) return [];
    const values = await this.redis.hmget(this.key, ...serials);
    return values.map(decode).filter((live) => live !== undefined);
  }

  /** Writes the outbox in one call, after the flush under way (a failed flush is logged: the next changes go in the next). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.outbox.size === 0) return;
      const pairs: string[] = [];
      for (const [sn, { at, live }] of this.outbox) pairs.push(sn, encode(at, live));
      this.outbox.clear();
      await recordNewest(this.redis, this.key, NEWEST_HASH_TTL_MS, pairs).catch((error: unknown) =>
        this.log.warn({ err: error, devices: pairs.length / 2 }, 'redis: live state not shared'),
      );
    });
    return this.flushing;
  }
}
