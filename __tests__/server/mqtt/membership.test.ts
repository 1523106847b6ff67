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
  const member = () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    connections.push(redis);
    const membership = new ClusterMembership({ redis, url: REDIS_URL, keyPrefix: prefix, termMs: TERM_MS, timeoutMs: 1000, log: quiet });
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
    const b = member();
    await a.membership.start();
    await b.membership.start();
    // b announced itself on starting: a lists it without waiting for its renewal.
    const joinedAt = Date.now();
    expect(await lists(a.membership, [a.membership.id, b.membership.id])).toEqual(b.membership.members());
    expect(Date.now() - joinedAt).toBeLessThan(TERM_MS / 3);

    const c = member();
    await c.membership.start();
    await lists(a.membership, [a.membership.id, b.membership.id, c.membership.id]);
    const stoppedAt = Date.now();
    await c.membership.stop();
    await lists(a.membership, [a.membership.id, b.membership.id]);
    expect(Date.now() - stoppedAt).toBeLessThan(TERM_MS / 3);

    // b loses Redis (as a killed instance would stop renewing): gone from a's list once its term has run out.
    const diedAt = Date.now();
    b.redis.disconnect();
    await once(b.redis, 'end');
    await lists(a.membership, [a.membership.id]);
    const after = Date.now() - diedAt;
    expect(after).toBeGreaterThan(TERM_MS / 3);
    expect(after).toBeLessThan(TERM_MS + TERM_MS / 3 + 200);
  });
});
