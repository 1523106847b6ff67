import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { ClusterMembership } from '../../../server/mqtt/membership';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TERM_MS = 600;
const quiet = { info: () => undefined, warn: () => undefined };

describe('the live instances in Redis (membership)', () => {
  const prefix = `t_${process.pid}_${randomBytes(3).toString('hex')}:`;
  const connections: Redis[] = [];
  const started: ClusterMembership[] = [];
  const member = (termMs = TERM_MS) => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    connections.push(redis);
    const membership = new ClusterMembership({ redis, url: REDIS_URL, keyPrefix: prefix, termMs, timeoutMs: 1000, log: quiet });
    started.push(membership);
    return { membership, redis };
  };
  /** Resolves with the members once `membership` lists `expected` (its change listener, or already). */
  const lists = async (membership: ClusterMembership, expected: string[]) => {
    const sorted = [...expected].sort();
    while (membership.members().join() !== sorted.join()) {
      await new Promise<void>((resolve) => membership.onChange(() => resolve()));
    }
    return membership.members();
  };
  afterAll(async () => {
    await Promise.all(started.map((m) => m.stop()));
    connections.forEach((c) => c.disconnect());
  });

  it('lists every live instance alike, hears one start or stop at once, and drops one that died after its term', async () => {
    const a = member();
    // A watcher renewing only every 2 s (a third of its term): what it lists within a second it heard announced.
    const watcher = member(6_000);
    await watcher.membership.start();
    await a.membership.start();
    await lists(watcher.membership, [watcher.membership.id, a.membership.id]);
    const b = member();
    const joinedAt = Date.now();
    await b.membership.start();
    expect(await lists(watcher.membership, [watcher.membership.id, a.membership.id, b.membership.id])).toEqual(
      await lists(a.membership, [watcher.membership.id, a.membership.id, b.membership.id]),
    );
    expect(Date.now() - joinedAt).toBeLessThan(1_000);

    const c = member();
    await c.membership.start();
    await lists(watcher.membership, [watcher.membership.id, a.membership.id, b.membership.id, c.membership.id]);
    const stoppedAt = Date.now();
    await c.membership.stop();
    await lists(watcher.membership, [watcher.membership.id, a.membership.id, b.membership.id]);
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);

    // b loses Redis (as a killed instance would stop renewing): gone from a's list once its term has run out.
    const diedAt = Date.now();
    b.redis.disconnect();
    await once(b.redis, 'end');
    await lists(a.membership, [watcher.membership.id, a.membership.id]);
    const after = Date.now() - diedAt;
    expect(after).toBeGreaterThan(TERM_MS / 3);
    expect(after).toBeLessThan(TERM_MS + TERM_MS / 3 + 200);
  });
});
