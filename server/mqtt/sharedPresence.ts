import type { DeviceStatus, Telemetry } from '@shared/live';
import type { Redis } from 'ioredis';
import { luaAt, NEWEST_HASH_TTL_MS, recordNewest } from './newestHash';

/** One device as an instance last saw it: its status then, and its fleet sample (aircraft with a position). */
export interface PresenceEntry {
  sn: string;
  status: DeviceStatus;
  /** epoch ms. */
  at: number;
  sample: Telemetry | null;
}

/** HDEL of each field in ARGV[2..] whose entry is not newer than ARGV[1] (an instance may have written since it was read). */
const FORGET = `for i = 2, #ARGV do
  local old = redis.call('hget', KEYS[1], ARGV[i])
  if old and ${luaAt('old')} <= tonumber(ARGV[1]) then redis.call('hdel', KEYS[1], ARGV[i]) end
end
return 0`;

/** Each field is `{at}|{status}|{sample JSON or empty}` (newestHash.ts). */
const encode = ({ at, status, sample }: PresenceEntry) => `${at}|${status}|${sample ? JSON.stringify(sample) : ''}`;

function decode(sn: string, value: string): PresenceEntry | null {
  const first = value.indexOf('|');
  const second = value.indexOf('|', first + 1);
  if (first < 0 || second < 0) return null;
  const at = Number(value.slice(0, first));
  const sample = second + 1 < value.length ? (JSON.parse(value.slice(second + 1)) as Telemetry) : null;
  return { sn, at, status: value.slice(first + 1, second) as DeviceStatus, sample };
}

/**
 * Device presence of instances splitting the devices' messages (external broker, `$share`): each instance sees a
 * share of every device's messages, so none knows from its own which devices are online and where the aircraft are.
 * Each writes what it saw, batched (`record`), to one Redis hash `{prefix}live:presence` (field: the serial, the
 * newest entry wins); the instance publishing sysinfo/* reads the whole fleet from it (`read`) once per snapshot, and
 * clears the entries of devices gone for longer than the device timeout. Offline entries stay that long, so an older
 * "online" written late by another instance does not bring a device back.
 */
export class SharedPresence {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly deviceTimeoutMs: number,
  ) {
    this.key = `${keyPrefix}live:presence`;
  }

  async record(entries: Iterable<PresenceEntry>): Promise<void> {
    const args: string[] = [];
    for (const entry of entries) args.push(entry.sn, encode(entry));
    await recordNewest(this.redis, this.key, NEWEST_HASH_TTL_MS, args);
  }

  /**
   * The devices online as of `now`, as every instance together saw them: those whose newest entry is younger than the
   * device timeout and does not say offline.
   */
  async read(now: number): Promise<PresenceEntry[]> {
    const fields = await this.redis.hgetall(this.key);
    const limit = now - this.deviceTimeoutMs;
    const online: PresenceEntry[] = [];
    const expired: string[] = [];
    for (const [sn, value] of Object.entries(fields)) {
      const entry = decode(sn, value);
      if (!entry || entry.at < limit) expired.push(sn);
      else if (entry.status !== 'offline') online.push(entry);
    }
    if (expired.length) await this.redis.eval(FORGET, 1, this.key, String(limit), ...expired);
    return online;
  }
}
