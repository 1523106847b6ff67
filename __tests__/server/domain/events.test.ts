import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../../server/db/database';
import { DomainEvents, type EntityChange } from '../../../server/domain/events';
import { instanceChannels, type JoinChannel } from '../../../server/domain/sharedChannel';
import { PG_URL } from '../../support/postgres';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined };

/** Two instances' ways to reach each other: through Redis, or through one PostgreSQL schema without Redis. */
const engines: [string, () => { join: JoinChannel; close(): Promise<void> }][] = [
  [
    'Redis',
    () => {
      const redis = { url: REDIS_URL, keyPrefix: `test-${randomUUID()}:`, timeoutMs: 5000 };
      return { join: instanceChannels({ redis }, quiet)!, close: async () => undefined };
    },
  ],
  [
    'PostgreSQL without Redis',
    () => {
      const database = openDatabase({ dataDir: '', databaseUrl: `${PG_URL}?schema=events_${randomUUID().slice(0, 8)}` });
      return { join: instanceChannels({ database }, quiet)!, close: () => database.db.destroy() };
    },
  ],
];

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

  it.each(engines)('reach the other instances through %s, once each, and not the announcing instance twice', async (_engine, open) => {
    const engine = open();
    const [a, b] = [new DomainEvents(quiet), new DomainEvents(quiet)];
    a.share(engine.join);
    b.share(engine.join);
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
      await engine.close();
    }
  });
});
