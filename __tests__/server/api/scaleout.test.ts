import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPostgres, ADMIN_PASSWORD, dropSchema, startServer, type TestServer } from './harness';

/** Two server instances started together against one PostgreSQL schema: no state that matters lives in one instance's memory. */
describe('two instances on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  let shared: { root: string; schema: string } | undefined;

  beforeAll(async () => {
    await assertPostgres();
    // Both start at once on a fresh schema, as a rolling deploy may: migrations and the demo seed must not collide.
    shared = { root: fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-scaleout-')), schema: `t_${process.pid}_scaleout` };
    [first, second] = await Promise.all([startServer('postgres', {}, shared), startServer('postgres', {}, shared)]);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    if (shared) {
      await dropSchema(shared.schema);
      fs.rmSync(shared.root, { recursive: true, force: true });
    }
  });

  it('seeds once and accepts each other’s tokens, including revocation', async () => {
    expect([first.handle.demoSeeded, second.handle.demoSeeded].filter(Boolean)).toHaveLength(1);
    const login = await first.handle.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const created = await first.handle.app.inject({ method: 'POST', url: '/api/Device/', headers, payload: { serial: 'SCALE-0001', name: 'Shared', model: 'M30', kind: 'aircraft' } });
    expect(created.statusCode).toBe(200);
    const read = await second.handle.app.inject({ method: 'GET', url: `/api/Device/${created.json().data.id}/`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.serial).toBe('SCALE-0001');
    const task = await second.handle.app.inject({ method: 'POST', url: '/api/Task/1/schedule/', headers, payload: {} });
    expect(task.statusCode).toBe(200);
    expect((await first.handle.app.inject({ method: 'POST', url: '/api/Task/1/schedule/', headers, payload: {} })).statusCode).toBe(409);
    expect((await second.handle.app.inject({ method: 'POST', url: '/api/auth/logout/', headers, payload: {} })).statusCode).toBe(200);
    expect((await first.handle.app.inject({ method: 'GET', url: '/api/logininfo/', headers })).statusCode).toBe(401);
  });
});
