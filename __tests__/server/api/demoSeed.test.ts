import { DEMO_COUNTS } from '../../../server/seed/demo';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('demo seed API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { total } = api;

  describe(`demo seed (${dialect})`, () => {
    it('seeds the documented counts on a fresh database', async () => {
      expect(api.server.handle.demoPasswords).not.toBeNull();
      const counts: [string, number][] = [
        ['/api/Dept/', DEMO_COUNTS.departments],
        ['/api/Role/', DEMO_COUNTS.roles],
        ['/api/User/', DEMO_COUNTS.users],
        ['/api/Device/', DEMO_COUNTS.devices],
        ['/api/Project/', DEMO_COUNTS.projects],
        ['/api/Route/', DEMO_COUNTS.routes],
        ['/api/Task/', DEMO_COUNTS.tasks],
        ['/api/Airspace/Apply/', DEMO_COUNTS.applications],
        ['/api/Airspace/Plan/', DEMO_COUNTS.plans],
        ['/api/Airspace/Report/', DEMO_COUNTS.reports],
        ['/api/Feature/', DEMO_COUNTS.features],
        ['/api/Notice/', DEMO_COUNTS.notices],
      ];
      for (const [url, expected] of counts) expect([url, await total(url)]).toEqual([url, expected]);
      for (const status of ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled']) expect(await total(`/api/Task/?status=${status}`)).toBe(3);
    });
  });
});
