import { DEMO_COUNTS } from '../../../server/seed/demo';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('statistics API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, total } = api;

  describe(`statistics (${dialect})`, () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    it('aggregates flights per day, hours per device and status counts', async () => {
      const response = await call('GET', `/api/chartinfo/?from=${day(-40)}&to=${day(0)}`, 'viewer1');
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.flightsPerDay).toHaveLength(41);
      const flights = data.flightsPerDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0);
      expect(flights).toBe(data.totals.flights);
      expect(flights).toBeGreaterThanOrEqual(DEMO_COUNTS.reports);
      const hours = data.hoursPerDevice.reduce((sum: number, d: { hours: number }) => sum + d.hours, 0);
      expect(hours).toBeCloseTo(data.totals.hours, 0);
      expect(Object.values(data.statusCounts.devices).reduce((a, b) => (a as number) + (b as number), 0)).toBeGreaterThanOrEqual(DEMO_COUNTS.devices);
      const device = data.hoursPerDevice[0].deviceId;
      const one = (await call('GET', `/api/chartinfo/?from=${day(-40)}&to=${day(0)}&device_id=${device}`, 'viewer1')).body.data;
      expect(one.hoursPerDevice).toHaveLength(1);
      expect(one.totals.flights).toBe(await total(`/api/Airspace/Report/?device_id=${device}`));
      expect((await call('GET', `/api/chartinfo/?from=${day(0)}&to=${day(-3)}`, 'viewer1')).status).toBe(400);
      expect((await call('GET', '/api/chartinfo/?from=2026-13-45', 'viewer1')).status).toBe(400);
    });

    it('scopes plan and application counts to a project through its tasks and routes', async () => {
      const range = `from=${day(-40)}&to=${day(40)}`;
      const counts = async (project?: number) =>
        (await call('GET', `/api/chartinfo/?${range}${project ? `&project_id=${project}` : ''}`, 'viewer1')).body.data.statusCounts;
      const sum = (map: Record<string, number>) => Object.values(map).reduce((a, b) => a + b, 0);
      const all = await counts();
      const projects = (await call('GET', '/api/Project/?page_size=100', 'viewer1')).body.data.items as Array<{ id: number }>;
      const perProject = await Promise.all(projects.map((p) => counts(p.id)));
      const planTotals = perProject.map((c) => sum(c.plans));
      expect(Math.max(...planTotals)).toBeGreaterThan(0);
      expect(planTotals.every((n) => n <= sum(all.plans))).toBe(true);
      expect(perProject.every((c) => sum(c.applications) <= sum(all.applications))).toBe(true);
      const fresh = (await call('POST', '/api/Project/', 'admin', { name: `no plans ${dialect}` })).body.data;
      try {
        const empty = await counts(fresh.id);
        expect([empty.plans, empty.applications, empty.tasks]).toEqual([{}, {}, {}]);
      } finally {
        await call('DELETE', `/api/Project/${fresh.id}/`, 'admin');
      }
    });

    it('filters flight reports by takeoff day (UTC, both ends inclusive), counting as /chartinfo/ does', async () => {
      const takeoffs = ['2031-03-01T23:59:59Z', '2031-03-02T00:00:00Z', '2031-03-03T12:00:00Z'];
      const ids: number[] = [];
      for (const takeoff of takeoffs) {
        const landing = new Date(Date.parse(takeoff) + 600_000).toISOString();
        ids.push(
          (await call('POST', '/api/Airspace/Report/', 'operator1', { device_id: 2, takeoff_at: takeoff, landing_at: landing, distance_m: 1000, max_alt: 80 }))
            .body.data.id,
        );
      }
      try {
        const all = await total('/api/Airspace/Report/');
        const cases: [string, number[]][] = [
          ['takeoff_from=2031-03-02&takeoff_to=2031-03-02', [ids[1]]],
          ['takeoff_from=2031-03-01&takeoff_to=2031-03-02', [ids[1], ids[0]]],
          ['takeoff_from=2031-03-02', [ids[2], ids[1]]],
          ['takeoff_from=2031-03-04', []],
        ];
        for (const [query, expected] of cases) {
          const data = (await call('GET', `/api/Airspace/Report/?${query}`, 'viewer1')).body.data;
          expect([query, data.items.map((r: { id: number }) => r.id), data.total]).toEqual([query, expected, expected.length]);
        }
        expect(await total('/api/Airspace/Report/?takeoff_to=2031-03-01')).toBe(all - 2);
        expect((await call('GET', '/api/chartinfo/?from=2031-03-01&to=2031-03-02', 'viewer1')).body.data.totals.flights).toBe(2);
        const bad: [string, string][] = [
          ['takeoff_from=2031-13-01', 'takeoff_from'],
          ['takeoff_from=2031-02-30', 'takeoff_from'],
          ['takeoff_to=yesterday', 'takeoff_to'],
          ['takeoff_from=2031-03-05&takeoff_to=2031-03-01', 'takeoff_to'],
        ];
        for (const [query, field] of bad) {
          const response = await call('GET', `/api/Airspace/Report/?${query}`, 'viewer1');
          expect([query, response.status, response.body.errors?.map((e) => e.field)]).toEqual([query, 400, [field]]);
        }
      } finally {
        for (const id of ids) await call('DELETE', `/api/Airspace/Report/${id}/`, 'operator1');
      }
    });
  });
});
