import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN_PASSWORD, assertPostgres, dropSchema, PG_URL } from './harness';

jest.setTimeout(90_000);

/** Two server processes started together against one PostgreSQL schema: no state that matters lives in one process. */
describe('two server processes on one PostgreSQL', () => {
  const schema = `t_${process.pid}_scaleout_${randomBytes(3).toString('hex')}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-scaleout-'));
  let servers: ServerProcess[] = [];

  const call = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(new URL(`api${url}`, server.url), {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  beforeAll(async () => {
    await assertPostgres();
    // Both start at once on a fresh schema, as a rolling deploy may: their migrations must not collide. No dist/ here
    // (the server only warns), uploads on one shared directory.
    const env = {
      DATABASE_URL: `${PG_URL}?schema=${schema}`,
      DATA_DIR: path.join(root, 'data'),
      DIST_DIR: path.join(root, 'dist'),
      ADMIN_PASSWORD,
      DEMO_SEED: '0',
      MQTT_ENABLED: '0',
    };
    const started = await Promise.allSettled([spawnServerProcess(env), spawnServerProcess(env)]);
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropSchema(schema);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('runs as two processes that share logins, rows and logouts', async () => {
    const [first, second] = servers;
    expect(first.url).not.toBe(second.url);
    const login = await call(first, 'POST', '/auth/login/', undefined, { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    expect((await call(second, 'GET', '/logininfo/', token)).body.data.username).toBe('admin');

    const created = await call(first, 'POST', '/Device/', token, { serial: 'SCALE-0001', name: 'Shared', model: 'M30', kind: 'aircraft' });
    expect(created.status).toBe(200);
    const read = await call(second, 'GET', `/Device/${created.body.data.id}/`, token);
    expect([read.status, read.body.data.serial]).toEqual([200, 'SCALE-0001']);
    expect((await call(second, 'POST', '/Device/', token, { serial: 'SCALE-0001', name: 'Twin', model: 'M30', kind: 'aircraft' })).status).toBe(409);

    expect((await call(second, 'POST', '/auth/logout/', token, {})).status).toBe(200);
    expect((await call(first, 'GET', '/logininfo/', token)).status).toBe(401);
    expect(first.output()).toMatch(/not built yet/);
  });
});
