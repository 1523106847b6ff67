import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildServer, type ServerHandle } from '../../../server/app';
import { ADMIN_PASSWORD, assertPostgres, dropSchema, PG_URL, testConfig } from './harness';

jest.setTimeout(60_000);

const tempRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-faults-'));

describe('PostgreSQL outage mid-traffic', () => {
  const schema = `t_${process.pid}_faults_${randomBytes(3).toString('hex')}`;
  // A name of its own, so the test terminates this server's connections and nobody else's.
  const applicationName = `skyline_${schema}`;
  const root = tempRoot();
  let handle: ServerHandle;

  beforeAll(async () => {
    await assertPostgres();
    handle = await buildServer(testConfig(root, { DATABASE_URL: `${PG_URL}?schema=${schema}&application_name=${applicationName}` }), { demoSeed: false });
  });
  afterAll(async () => {
    await handle?.app.close();
    await dropSchema(schema);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 in the standard envelope while its backends are terminated, then recovers by itself', async () => {
    const login = await handle.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const admin = new Client({ connectionString: PG_URL });
    await admin.connect();
    const backends = async () =>
      Number((await admin.query('select count(*) as n from pg_stat_activity where application_name = $1', [applicationName])).rows[0].n);
    const terminate = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);

    // Idle pooled connections: unhandled, their 'error' event used to kill the process.
    await Promise.all(Array.from({ length: 8 }, () => handle.app.inject({ method: 'GET', url: '/api/Device/', headers })));
    expect(await backends()).toBeGreaterThan(0);
    await terminate();
    while ((await backends()) > 0) await new Promise<void>((resolve) => setTimeout(resolve, 20));

    // Connections in use: their queries fail with 503.
    const statuses: number[] = [];
    const failures = new Set<string>();
    let running = true;
    const traffic = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (running) {
          const response = await handle.app.inject({ method: 'GET', url: '/api/Device/?page_size=5', headers });
          statuses.push(response.statusCode);
          if (response.statusCode !== 200) failures.add(`${response.statusCode} ${JSON.stringify(response.json())}`);
        }
      }),
    );
    try {
      for (let round = 0; round < 50 && !statuses.includes(503); round++) {
        await terminate();
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      running = false;
      await traffic;
      await admin.end();
    }
    expect(statuses).toContain(503);
    expect([...failures]).toEqual([
      `503 ${JSON.stringify({ code: 503, msg: 'The database is unavailable right now; retry in a few seconds', data: null, error_code: 'common.database_unavailable' })}`,
    ]);
    expect((await handle.app.inject({ method: 'GET', url: '/api/Device/?page_size=5', headers })).statusCode).toBe(200);
  });
});

describe('database that accepts TCP but never answers', () => {
  it('is retried at start-up with growing pauses, then given up with a message saying what was tried', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const root = tempRoot();
    try {
      const started = Date.now();
      await expect(
        buildServer(
          testConfig(root, {
            DATABASE_URL: `postgres://skyline@127.0.0.1:${port}/skyline`,
            DATABASE_CONNECT_TIMEOUT_MS: '800',
            DATABASE_STARTUP_WAIT_MS: '2500',
          }),
          { demoSeed: false },
        ),
      ).rejects.toThrow(
        new RegExp(
          `^PostgreSQL 127\\.0\\.0\\.1:${port}/skyline did not answer within 0\\.8 s \\(DATABASE_CONNECT_TIMEOUT_MS\\); giving up after 2 attempts over 2\\.\\d s \\(DATABASE_STARTUP_WAIT_MS\\)$`,
        ),
      );
      // First attempt at 0, the second after a 0.5 s pause; a third would start after 1 s more, past the 2.5 s wait.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('database that comes up after the server', () => {
  it('is waited for at start-up: the server starts once PostgreSQL answers', async () => {
    await assertPostgres();
    const schema = `t_${process.pid}_late_${randomBytes(3).toString('hex')}`;
    const pg = new URL(PG_URL);
    // Stands in front of PostgreSQL: refuses connections until PostgreSQL is "up", then forwards them.
    let up = false;
    let refused = 0;
    const front = net.createServer((socket) => {
      if (!up) {
        refused += 1;
        if (refused === 2) up = true;
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(pg.port || 5432), pg.hostname);
      socket.pipe(upstream).pipe(socket);
      const end = () => (socket.destroy(), upstream.destroy());
      socket.on('error', end);
      upstream.on('error', end);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const url = new URL(PG_URL);
    url.port = String((front.address() as net.AddressInfo).port);
    url.searchParams.set('schema', schema);
    const root = tempRoot();
    try {
      const handle = await buildServer(testConfig(root, { DATABASE_URL: url.toString(), DATABASE_STARTUP_WAIT_MS: '20000' }), { demoSeed: false });
      try {
        expect(refused).toBe(2);
        const login = await handle.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
        expect(login.statusCode).toBe(200);
      } finally {
        await handle.app.close();
      }
    } finally {
      front.close();
      await dropSchema(schema);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('SQLite file checks at start-up', () => {
  const root = tempRoot();
  const file = path.join(root, 'data', 'skyline.db');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const start = async () => (await buildServer(testConfig(root), { demoSeed: false })).app.close();

  it('creates the database readable by its owner only', async () => {
    await start();
    for (const name of ['skyline.db', 'skyline.db-wal', 'skyline.db-shm', 'skyline.db.initialised'].filter((f) => fs.existsSync(path.join(root, 'data', f))))
      expect([name, fs.statSync(path.join(root, 'data', name)).mode & 0o777]).toEqual([name, 0o600]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a file that fails PRAGMA quick_check', async () => {
    const intact = fs.readFileSync(file);
    const damaged = Buffer.from(intact);
    // Scribble over every b-tree page header but keep the file header (page 1) valid.
    const pageSize = intact.readUInt16BE(16);
    for (let page = pageSize; page < damaged.length; page += pageSize) damaged.fill(0x5a, page, page + 64);
    fs.writeFileSync(file, damaged);
    await expect(start()).rejects.toThrow(/is damaged \(PRAGMA quick_check: .+\)\. Restore it from a backup/);
    fs.writeFileSync(file, intact);
    await start();
  });

  it('refuses a file emptied after it was initialised instead of starting over', async () => {
    fs.truncateSync(file, 0);
    await expect(start()).rejects.toThrow(`The database ${file} is empty but was initialised`);
    expect(fs.statSync(file).size).toBe(0);
  });
});
