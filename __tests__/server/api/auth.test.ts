import type { InjectOptions } from 'fastify';
import { ADMIN_PASSWORD, type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('auth and permissions API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, login } = api;

  describe(`auth (${dialect})`, () => {
    it('logs in, and refuses a wrong password with 401 and malformed input with 400', async () => {
      const good = await login('admin', ADMIN_PASSWORD);
      expect(good.body).toMatchObject({ code: 200, data: { token: expect.any(String), user: { username: 'admin' } } });
      const bad = await login('admin', 'wrong-password');
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe(401);
      const malformed = await call('POST', '/api/auth/login/', undefined, { username: 'admin' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password' })]));
    });

    it('answers personal data and secrets with Cache-Control: no-store', async () => {
      const token = (await login('admin', ADMIN_PASSWORD)).body.data.token as string;
      const app = api.server.handle.app;
      const login2 = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
      expect(login2.headers['cache-control']).toBe('no-store');
      for (const url of ['/api/logininfo/', '/api/User/', '/api/djiconf/1/']) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect([url, response.headers['cache-control']]).toEqual([url, 'no-store']);
      }
      const verify = await app.inject({ method: 'POST', url: '/api/auth/verify/', payload: { token } });
      expect(verify.headers['cache-control']).toBe('no-store');
    });

    it('verifies tokens and revokes them on logout', async () => {
      const session = (await login('viewer2', api.server.handle.demoPasswords!.viewer2)).body.data.token as string;
      expect((await call('POST', '/api/auth/verify/', undefined, { token: session })).body.data).toMatchObject({ valid: true, user: { username: 'viewer2' } });
      expect((await call('POST', '/api/auth/verify/', undefined, { token: 'not-a-token' })).status).toBe(401);
      const headers = { authorization: `Bearer ${session}` };
      expect((await call('POST', '/api/auth/logout/', undefined, {}, headers)).body.code).toBe(200);
      expect((await call('GET', '/api/logininfo/', undefined, undefined, headers)).status).toBe(401);
      expect((await call('POST', '/api/auth/verify/', undefined, { token: session })).status).toBe(401);
    });

    it('keeps a session alive by refresh (sliding, the same token), never past its maximum age, and not after logout', async () => {
      const token = (await login('viewer2', api.server.handle.demoPasswords!.viewer2)).body.data.token as string;
      const headers = { authorization: `Bearer ${token}` };
      const sessionId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
      const db = api.server.handle.app.db;
      const { tokenTtlSeconds, sessionMaxAgeSeconds } = api.server.handle.app.config;
      const setSession = (values: { expires_at?: string; created_at?: string }) => db.updateTable('sessions').set(values).where('id', '=', sessionId).execute();
      const refresh = () => call('POST', '/api/auth/refresh/', undefined, {}, headers);

      // A minute before its end, a refresh moves the end a whole lifetime on; the token keeps working.
      await setSession({ expires_at: new Date(Date.now() + 60_000).toISOString() });
      const before = Date.now();
      const refreshed = await refresh();
      expect(refreshed.status).toBe(200);
      expect(Date.parse(refreshed.body.data.expiresAt)).toBeGreaterThanOrEqual(before + tokenTtlSeconds * 1000 - 1000);
      expect((await call('POST', '/api/auth/verify/', undefined, { token })).body.data.expiresAt).toBe(refreshed.body.data.expiresAt);

      // Never past its maximum age from sign-in.
      const signedIn = Date.now() - sessionMaxAgeSeconds * 1000 + 120_000;
      await setSession({ created_at: new Date(signedIn).toISOString() });
      expect(Date.parse((await refresh()).body.data.expiresAt)).toBe(signedIn + sessionMaxAgeSeconds * 1000);

      // An ended session is not brought back.
      expect((await call('POST', '/api/auth/logout/', undefined, {}, headers)).status).toBe(200);
      expect((await refresh()).status).toBe(401);
    });

    it('returns roles and permission codes in /logininfo/', async () => {
      const operator = (await call('GET', '/api/logininfo/', 'operator1')).body.data;
      expect(operator).toMatchObject({ username: 'operator1', name: expect.any(String), roles: [{ code: 'operator' }] });
      expect(operator.permissions).toEqual(expect.arrayContaining(['device:*', 'task:*', 'airspace:write']));
      expect((await call('GET', '/api/logininfo/', 'admin')).body.data.permissions).toEqual(['*']);
    });
  });

  describe(`permissions (${dialect})`, () => {
    const table: [string, InjectOptions['method'], string, unknown, number][] = [
      ['anonymous', 'GET', '/api/Device/', undefined, 401],
      ['anonymous', 'GET', '/api/chartinfo/', undefined, 401],
      ['anonymous', 'GET', '/api/djiconf/1/', undefined, 401],
      // Permission comes before validation: no 400 (and no hint at the schema) for callers who may not call at all.
      ['anonymous', 'POST', '/api/Dept/', { name: 5 }, 401],
      ['anonymous', 'GET', '/api/Device/?page_size=1000', undefined, 401],
      ['viewer1', 'POST', '/api/Dept/', { name: 5 }, 403],
      ['viewer1', 'POST', '/api/Task/abc/schedule/', {}, 403],
      ['viewer1', 'GET', '/api/Device/', undefined, 200],
      ['viewer1', 'POST', '/api/Device/', { serial: 'RBAC-0001', name: 'x', model: 'm', kind: 'aircraft' }, 403],
      ['viewer1', 'DELETE', '/api/Device/1/', undefined, 403],
      ['viewer1', 'POST', '/api/Task/1/schedule/', {}, 403],
      ['viewer1', 'GET', '/api/User/', undefined, 403],
      ['operator1', 'GET', '/api/User/', undefined, 200],
      ['operator1', 'POST', '/api/Dept/', { name: 'ops dept' }, 403],
      ['operator1', 'GET', '/api/Audit/', undefined, 403],
      ['operator1', 'POST', '/api/Airspace/Apply/4/approve/', {}, 403],
      ['operator1', 'POST', '/api/Notice/', { title: 't', content: 'c' }, 403],
      ['admin', 'GET', '/api/Audit/', undefined, 200],
    ];
    it.each(table)('%s %s %s → %i', async (who, method, url, payload, expected) => {
      const response = await call(method, url, who === 'anonymous' ? undefined : who, payload);
      expect(response.status).toBe(expected);
      expect(response.body.code).toBe(expected);
    });
  });
});
