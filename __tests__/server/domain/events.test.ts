import { randomUUID } from 'node:crypto';
import { DomainEvents, type EntityChange } from '../../../server/domain/events';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined };

/** A listener's changes, and a promise for the first change that matches. */
function recorder(events: DomainEvents) {
  const heard: EntityChange[] = [];
  const waiting: { match: (c: EntityChange) => boolean; resolve: () => void }[] = [];
  events.onChange((change) => {
    heard.push(change);
    for (const w of waiting.filter((w) => w.match(change))) w.resolve();
  });
  return { heard, next: (match: (c: EntityChange) => boolean) => new Promise<void>((resolve) => waiting.push({ match, resolve })) };
}

describe('domain events', () => {
  it("run this instance's listeners before the write answers, and a failing listener fails nothing", async () => {
    const events = new DomainEvents(quiet);
    const order: string[] = [];
    events.onChange(() => {
      throw new Error('broken listener');
    });
    events.onChange(async (change) => {
      await Promise.resolve();
      order.push(`${change.table}#${change.id}`);
    });
    await events.changed({ table: 'features', id: 7, change: 'create' });
    order.push('answered');
    expect(order).toEqual(['features#7', 'answered']);
  });

  it('reach the other instances through Redis, once each, and not the announcing instance twice', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [new DomainEvents(quiet), new DomainEvents(quiet)];
    a.shareThroughRedis(REDIS_URL, prefix, 5000);
    b.shareThroughRedis(REDIS_URL, prefix, 5000);
    const [atA, atB] = [recorder(a), recorder(b)];
    try {
      // B hears the channel once its subscription is up: announce probes until one arrives.
      const joined = atB.next((c) => c.change === 'probe');
      const probing = setInterval(() => void a.changed({ table: 'routes', id: null, change: 'probe' }), 50);
      await joined.finally(() => clearInterval(probing));

      const change: EntityChange = { table: 'flight_plans', id: 42, change: 'end' };
      const atBoth = atB.next((c) => c.id === 42);
      await a.changed(change);
      await atBoth;
      // A marker after it: once B has it, anything A could have echoed to itself would have arrived before.
      const marker = atB.next((c) => c.change === 'marker');
      await a.changed({ table: 'routes', id: null, change: 'marker' });
      await marker;
      expect(atA.heard.filter((c) => c.id === 42)).toEqual([change]);
      expect(atB.heard.filter((c) => c.id === 42)).toEqual([change]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
