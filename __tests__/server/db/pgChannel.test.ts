import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { notificationFor, relistenPauseMs } from '../../../server/db/pgChannel';
import { instanceChannels, type SharedChannel } from '../../../server/domain/sharedChannel';
import { assertPostgres, PG_URL } from '../../support/postgres';

const quiet = { warn: () => undefined };

describe('notificationFor', () => {
  it.each([
    ['s1', 's1\nhello', 'hello'],
    ['s1', 's1\n', ''],
    ['s1', 's1\na\nb', 'a\nb'],
    ['s1', 's2\nhello', null],
    ['s1', 's10\nhello', null],
    ['s1', 's1', null],
    ['s1', undefined, null],
  ])('in schema %s, payload %j is heard as %j', (scope, payload, heard) => {
    expect(notificationFor(scope, payload)).toBe(heard);
  });
});

describe('relistenPauseMs', () => {
  it.each([
    [1, 200],
    [2, 400],
    [5, 3_200],
    [6, 5_000],
    [40, 5_000],
  ])('after %i failed attempts waits %i ms', (failures, pause) => {
    expect(relistenPauseMs(failures)).toBe(pause);
  });
});

/** A channel's messages, and a promise for the next one that matches. */
function listener() {
  const heard: string[] = [];
  const waiting: { match: (m: string) => boolean; resolve: () => void }[] = [];
  const events = { downs: 0, joins: 0 };
  const joined: (() => void)[] = [];
  return {
    heard,
    events,
    handlers: {
      onMessage: (message: string) => {
        heard.push(message);
        for (const w of waiting.filter((w) => w.match(message))) w.resolve();
      },
      onDown: () => events.downs++,
      onJoined: () => {
        events.joins++;
        joined.splice(0).forEach((resolve) => resolve());
      },
    },
    next: (match: (m: string) => boolean) => new Promise<void>((resolve) => waiting.push({ match, resolve })),
    nextJoin: () => new Promise<void>((resolve) => joined.push(resolve)),
  };
}

/** Publishes until `arrived` settles: the other side may not listen yet. */
async function announceUntil(channel: SharedChannel, message: string, arrived: Promise<void>) {
  const probing = setInterval(() => void channel.publish(message), 50);
  await arrived.finally(() => clearInterval(probing));
}

describe('a PostgreSQL LISTEN/NOTIFY channel between instances without Redis', () => {
  const databases: DatabaseHandle[] = [];
  const channels: SharedChannel[] = [];
  const open = (schema: string) => {
    const database = openDatabase({ dataDir: '', databaseUrl: `${PG_URL}?schema=${schema}` });
    databases.push(database);
    return instanceChannels({ database }, quiet)!;
  };
  beforeAll(assertPostgres);
  afterEach(async () => {
    await Promise.all(channels.splice(0).map((c) => c.close()));
    await Promise.all(databases.splice(0).map((d) => d.db.destroy()));
  });

  it("carries a message to every instance on the same schema, the publisher too, and not to another schema's", async () => {
    const schema = `ch_${randomUUID().slice(0, 8)}`;
    const [a, b, other] = [listener(), listener(), listener()];
    const joinA = open(schema);
    channels.push(joinA('test', 'test', a.handlers), open(schema)('test', 'test', b.handlers), open(`${schema}_x`)('test', 'test', other.handlers));
    await announceUntil(
      channels[0],
      'probe',
      Promise.all([a.next((m) => m === 'probe'), b.next((m) => m === 'probe')]).then(() => undefined),
    );
    // The other schema listens too: its own message reaches it, so it would have heard the probes had they been its.
    await announceUntil(
      channels[2],
      'own',
      other.next((m) => m === 'own'),
    );
    // Both instances hear a later message, the publisher too: the other schema would have heard the probes by then.
    const after = Promise.all([a.next((m) => m === 'after'), b.next((m) => m === 'after')]);
    await channels[0].publish('after');
    await after;
    expect(other.heard.filter((m) => m !== 'own')).toEqual([]);
  });

  it('stops listening when its connection is cut, says so, and listens again on its own', async () => {
    const schema = `ch_${randomUUID().slice(0, 8)}`;
    const what = `cut ${randomUUID()}`;
    const [a, b] = [listener(), listener()];
    const firstJoin = a.nextJoin();
    channels.push(open(schema)('test', what, a.handlers), open(schema)('test', 'test', b.handlers));
    await firstJoin;
    expect(channels[0].listening()).toBe(true);

    const admin = new Client({ connectionString: PG_URL });
    await admin.connect();
    const rejoined = a.nextJoin();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`skyline-ops ${what}`]);
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await rejoined;
    expect(a.events).toEqual({ downs: 1, joins: 2 });
    await announceUntil(
      channels[1],
      'again',
      a.next((m) => m === 'again'),
    );
    expect(channels[0].listening()).toBe(true);
  });
});
