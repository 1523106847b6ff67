import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisLease } from '../../../server/mqtt/lease';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TERM_MS = 600;
const quiet = { info: () => undefined, warn: () => undefined };

/** Resolves once `check` holds, polling every 20 ms; rejects after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('the sysinfo lease in Redis', () => {
  const key = `t_${process.pid}_${randomBytes(3).toString('hex')}:sysinfo-lease`;
  const connections: Redis[] = [];
  const leases: RedisLease[] = [];
  const lease = () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    connections.push(redis);
    const l = new RedisLease(redis, key, TERM_MS, quiet);
    leases.push(l);
    return { lease: l, redis };
  };
  afterAll(async () => {
    await Promise.all(leases.map((l) => l.stop()));
    connections.forEach((c) => c.disconnect());
  });

  it('is held by one instance at a time, handed over on a clean stop and taken over when the holder dies', async () => {
    const first = lease();
    const second = lease();
    await first.lease.start();
    await second.lease.start();
    expect([first.lease.held(), second.lease.held()]).toEqual([true, false]);
    // Renewed past its first term: the key's time to live goes back up twice, and the first holds it throughout.
    let renewals = 0;
    let lastTtl = await first.redis.pttl(key);
    const started = Date.now();
    while (renewals < 2) {
      if (Date.now() - started > TERM_MS * 4) throw new Error(`renewed ${renewals} times in ${TERM_MS * 4} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const ttl = await first.redis.pttl(key);
      if (ttl > lastTtl) renewals += 1;
      lastTtl = ttl;
      expect([first.lease.held(), second.lease.held()]).toEqual([true, false]);
    }
    expect(await first.redis.get(key)).toBe(first.lease.holderId);

    // A clean stop gives it back: the other takes it at its next attempt.
    await first.lease.stop();
    await until(() => second.lease.held(), TERM_MS, 'hand-over');

    // The holder dies (its Redis connection is gone, nothing is released): the key expires and a third takes over.
    const third = lease();
    await third.lease.start();
    expect(third.lease.held()).toBe(false);
    second.redis.disconnect();
    await until(() => !second.lease.held(), TERM_MS + 100, 'the dead holder giving up');
    await until(() => third.lease.held(), TERM_MS * 2, 'take-over');
    expect(await third.redis.get(key)).toBe(third.lease.holderId);
  });
});
