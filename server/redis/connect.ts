import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection whose every call is bounded: a command not answered within `timeoutMs` (Redis frozen, or away
 * and the command queued meanwhile) fails with a timeout, so a caller that treats Redis as a shared cache carries on
 * from its own state instead of waiting. The connection keeps reconnecting by itself.
 */
export function boundedRedis(url: string, timeoutMs: number, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs, connectTimeout: Math.max(timeoutMs, 1000), ...options });
}

/** Closes a connection without waiting on a Redis that is away or frozen (quit() would queue behind it). */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') return connection.disconnect();
  await connection.quit().catch(() => connection.disconnect());
}
