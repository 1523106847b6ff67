import { assertPostgres, ADMIN_PASSWORD, startServer, type TestServer } from './harness';

/** Two server instances against one PostgreSQL schema: no state that matters lives in one instance's memory. */
describe('two instances on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    await assertPostgres();
    // The second instance finds the schema migrated and seeded, as a rolling start behind a load balancer would.
    first = await startServer('postgres');
    second = await startServer('postgres', {}, { root: first.root, schema: first.schema });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
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
