import type { Redis } from 'ioredis';

/**
 * Hashes several instances write to, each field `{at}|{rest}` with `at` in epoch ms in front: the newest entry of a
 * field wins whichever instance flushes last (they flush in no particular order).
 */

/** Such a hash outlives its last write by this: a deployment taken down leaves nothing behind for long. */
export const NEWEST_HASH_TTL_MS = 86_400_000;

/** An entry of such a hash: `text` stamped with its time. */
export const stamped = (at: number, text: string) => `${at}|${text}`;

/** The text of an entry (after its stamp), undefined for a value that is not one. */
export function stampedText(value: string | null | undefined): string | undefined {
  const bar = value?.indexOf('|') ?? -1;
  return value && bar >= 0 ? value.slice(bar + 1) : undefined;
}

/** Lua: the `at` in front of the entry `value` (0 if none). */
export const luaAt = (value: string) => `(tonumber(string.match(${value}, '^%d+')) or 0)`;

/**
 * HSET of each field/value pair in ARGV[2..] unless the field holds a newer entry; the hash then lives ARGV[1] ms more.
 */
const RECORD = `for i = 2, #ARGV, 2 do
  local old = redis.call('hget', KEYS[1], ARGV[i])
  if not old or ${luaAt('old')} <= ${luaAt('ARGV[i + 1]')} then redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('pexpire', KEYS[1], ARGV[1])
return 0`;

/** Writes `pairs` (field, value, field, value…) into hash `key`, the newest entry of each field winning, in one call. */
export async function recordNewest(redis: Redis, key: string, ttlMs: number, pairs: string[]): Promise<void> {
  if (pairs.length) await redis.eval(RECORD, 1, key, String(ttlMs), ...pairs);
}
