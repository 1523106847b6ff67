import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { ADMIN_PASSWORD, startServer, type Dialect, type TestServer } from '../api/harness';

type Json = { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each<Dialect>(['sqlite', 'postgres'])('privilege escalation and sessions (%s)', (dialect) => {
  let server: TestServer;
  const call = async (method: InjectOptions['method'], url: string, token?: string, payload?: object) => {
    const response = await server.handle.app.inject({ method, url: `/api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const login = async (username: string, password: string) => {
    const response = await call('POST', '/auth/login/', undefined, { username, password });
    expect([username, response.status]).toEqual([username, 200]);
    return response.body.data.token as string;
  };
  const roleId = async (code: string, token: string) =>
    ((await call('GET', `/Role/?search=${code}`, token)).body.data.items as { id: number; code: string }[]).find((r) => r.code === code)!.id;
  let admin: string;
  let adminId: number;
  let adminRoleId: number;
  let orgRoleId: number;
  let malloryId: number;

  beforeAll(async () => {
    server = await startServer(dialect, { demoSeed: false, loginRateLimit: 100 });
    admin = await login('admin', ADMIN_PASSWORD);
    adminId = (await call('GET', '/logininfo/', admin)).body.data.id;
    adminRoleId = await roleId('admin', admin);
    orgRoleId = (await call('POST', '/Role/', admin, { code: 'org_manager', name: 'Org manager', permissions: ['org:read', 'org:write'], data_scope: 'all' }))
      .body.data.id;
    malloryId = (await call('POST', '/User/', admin, { username: 'mallory', name: 'Mallory', password: 'mallory-pass-1', role_ids: [orgRoleId] })).body.data.id;
  });
  afterAll(async () => server?.close());

  it('refuses every step of the org:write escalation', async () => {
    const mallory = await login('mallory', 'mallory-pass-1');
    const steps: [string, InjectOptions['method'], string, object | undefined, number][] = [
      ['give its own role *', 'PATCH', `/Role/${orgRoleId}/`, { permissions: ['*'] }, 403],
      ['create a role with device:write', 'POST', '/Role/', { code: 'sneaky', name: 'Sneaky', permissions: ['device:write'] }, 403],
      ['give itself the admin role', 'PATCH', `/User/${malloryId}/`, { role_ids: [orgRoleId, adminRoleId] }, 403],
      ["reset admin's password", 'PATCH', `/User/${adminId}/`, { password: 'taken-over-1' }, 403],
      ['deactivate admin', 'PATCH', `/User/${adminId}/`, { is_active: 0 }, 403],
      ['delete admin', 'DELETE', `/User/${adminId}/`, undefined, 403],
      ['edit the admin role', 'PATCH', `/Role/${adminRoleId}/`, { permissions: [] }, 409],
    ];
    for (const [step, method, url, payload, expected] of steps) expect([step, (await call(method, url, mallory, payload)).status]).toEqual([step, expected]);
    // What it may do: manage within its own permissions.
    expect((await call('POST', '/Role/', mallory, { code: 'org_reader', name: 'Org reader', permissions: ['org:read'] })).status).toBe(200);
    const info = (await call('GET', '/logininfo/', mallory)).body.data;
    expect(info.permissions).toEqual(['org:read', 'org:write']);
  });

  it("keeps the admin role's permissions fixed, and repairs them at start", async () => {
    const edit = await call('PATCH', `/Role/${adminRoleId}/`, admin, { permissions: ['device:read'] });
    expect([edit.status, edit.body.msg]).toEqual([409, "The built-in admin role's code and permissions are fixed"]);
    expect((await call('PATCH', `/Role/${adminRoleId}/`, admin, { description: 'All of it' })).status).toBe(200);

    await sql`update roles set permissions = '[]' where code = 'admin'`.execute(server.handle.database.db);
    await server.handle.app.close();
    server = await startServer(dialect, { demoSeed: false, loginRateLimit: 100 }, { root: server.root, schema: server.schema });
    admin = await login('admin', ADMIN_PASSWORD);
    expect((await call('GET', `/Role/${adminRoleId}/`, admin)).body.data.permissions).toEqual(['*']);
  });

  it('keeps the last active admin', async () => {
    const viewerRoleId = await roleId('viewer', admin);
    expect((await call('PATCH', `/User/${adminId}/`, admin, { is_active: 0 })).status).toBe(409);
    expect((await call('PATCH', `/User/${adminId}/`, admin, { role_ids: [viewerRoleId] })).body.msg).toBe(
      'The last active administrator cannot be deactivated, demoted or deleted',
    );
    const second = (await call('POST', '/User/', admin, { username: 'admin2', name: 'Second admin', password: 'admin2-pass-1', role_ids: [adminRoleId] })).body
      .data.id;
    const admin2 = await login('admin2', 'admin2-pass-1');
    expect((await call('PATCH', `/User/${adminId}/`, admin2, { is_active: 0 })).status).toBe(200);
    expect((await call('DELETE', `/User/${second}/`, admin2)).status).toBe(409); // its own account
    expect((await call('PATCH', `/User/${second}/`, admin2, { role_ids: [viewerRoleId] })).status).toBe(409); // now the last one
    expect((await call('PATCH', `/User/${adminId}/`, admin2, { is_active: 1 })).status).toBe(200);
    admin = await login('admin', ADMIN_PASSWORD);
    expect((await call('DELETE', `/User/${second}/`, admin)).status).toBe(200);
  });

  it('ends the other sessions on a password change, and never revives tokens on reactivation', async () => {
    const first = await login('mallory', 'mallory-pass-1');
    const second = await login('mallory', 'mallory-pass-1');
    expect((await call('PATCH', `/User/${malloryId}/`, first, { password: 'mallory-pass-2' })).status).toBe(200);
    expect((await call('GET', '/logininfo/', first)).status).toBe(200);
    expect((await call('GET', '/logininfo/', second)).status).toBe(401);

    expect((await call('PATCH', `/User/${malloryId}/`, admin, { password: 'mallory-pass-3' })).status).toBe(200);
    expect((await call('GET', '/logininfo/', first)).status).toBe(401);
    expect((await call('GET', '/logininfo/', admin)).status).toBe(200);

    const beforeDeactivation = await login('mallory', 'mallory-pass-3');
    expect((await call('PATCH', `/User/${malloryId}/`, admin, { is_active: 0 })).status).toBe(200);
    expect((await call('GET', '/logininfo/', beforeDeactivation)).status).toBe(401);
    expect((await call('PATCH', `/User/${malloryId}/`, admin, { is_active: 1 })).status).toBe(200);
    expect((await call('GET', '/logininfo/', beforeDeactivation)).status).toBe(401);
    expect((await call('GET', '/logininfo/', await login('mallory', 'mallory-pass-3'))).status).toBe(200);
  });
});
