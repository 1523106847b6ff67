import { ADMIN_PASSWORD, startServer, type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('OpenAPI and rate limits API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { login } = api;

  describe(`OpenAPI document and rate limits (${dialect})`, () => {
    it('publishes the OpenAPI document without login', async () => {
      const response = await api.server.handle.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of ['/api/auth/login/', '/api/Device/', '/api/Device/{id}/', '/api/chartinfo/', '/api/Task/{id}/start/', '/api/Feature/import/'])
        expect(Object.keys(doc.paths)).toContain(path);
    });

    it('rate-limits logins per user and address with 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await login('ratelimited', 'wrong')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
    });

    it('rate-limits the API in general with 429', async () => {
      const limited = await startServer(dialect, { apiRateLimit: 3, demoSeed: false });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await limited.handle.app.inject({ method: 'GET', url: '/api/Device/' })).statusCode);
        expect(statuses).toEqual([401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
