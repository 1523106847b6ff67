import { type Dialect } from './harness';
import { useTestApi } from './testApi';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** This file's flights (on a database without the demo seed): [device, days ago, minutes in the air]. */
const FLIGHTS: Array<[number, number, number]> = [
  [0, 1, 30],
  [0, 5, 45],
  [1, 10, 20],
  [1, 38, 60],
];
const square = (lng: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + 0.01, lat],
      [lng + 0.01, lat + 0.01],
      [lng, lat + 0.01],
      [lng, lat],
    ],
  ],
});

describe.each<Dialect>(['sqlite', 'postgres'])('statistics API (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, total, addUser } = api;
  const devices: number[] = [];
  let plannedProject: number;

  beforeAll(async () => {
    await addUser('operator1', 'operator');
    await addUser('viewer1', 'viewer');
    for (const [i, status] of ['online', 'maintenance', 'offline'].entries()) {
      const device = { serial: `STATS-${i}`, name: `Stats ${i}`, model: 'Matrice 30T', kind: 'aircraft', status };
      // operator1's own devices: it reports their flights.
      devices.push((await call('POST', '/api/Device/', 'operator1', device)).body.data.id);
    }
    for (const [device, daysAgo, minutes] of FLIGHTS) {
      const takeoff = Date.now() - daysAgo * DAY;
      const report = {
        device_id: devices[device],
        takeoff_at: new Date(takeoff).toISOString(),
        landing_at: new Date(takeoff + minutes * 60_000).toISOString(),
      };
      expect((await call('POST', '/api/Airspace/Report/', 'operator1', { ...report, distance_m: 1000, max_alt: 80 })).status).toBe(200);
    }
    // One project with a task flown under an accepted plan (and so an application), one with a task only.
    const tasks: number[] = [];
    for (const name of ['Planned', 'Unplanned']) {
      const project = (await call('POST', '/api/Project/', 'admin', { name })).body.data.id as number;
      tasks.push((await call('POST', '/api/Task/', 'admin', { name: `task of ${name}`, project_id: project, kind: 'patrol' })).body.data.id);
      plannedProject ??= project;
    }
    const start = `${day(3)}T02:00:00.000Z`;
    const end = `${day(3)}T06:00:00.000Z`;
    const application = (
      await call('POST', '/api/Airspace/Apply/', 'admin', {
        device_id: devices[0],
        area: square(119, 22.5),
        min_alt: 0,
        max_alt: 200,
        start_at: start,
        end_at: end,
        purpose: 'stats',
      })
    ).body.data;
    await call('POST', `/api/Airspace/Apply/${application.id}/submit/`, 'admin', {});
    expect((await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'admin', { note: 'ok' })).body.data.status).toBe('approved');
    const plan = { application_id: application.id, task_id: tasks[0], planned_start_at: start, planned_end_at: end };
    expect((await call('POST', '/api/Airspace/Plan/', 'admin', plan)).status).toBe(200);
  });

  describe(`statistics (${dialect})`, () => {
    it('aggregates flights per day, hours per device and status counts', async () => {
      const response = await call('GET', `/api/chartinfo/?from=${day(-40)}&to=${day(0)}`, 'viewer1');
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.flightsPerDay).toHaveLength(41);
      const flights = data.flightsPerDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0);
      expect(flights).toBe(data.totals.flights);
      expect(flights).toBe(FLIGHTS.length);
      const hours = data.hoursPerDevice.reduce((sum: number, d: { hours: number }) => sum + d.hours, 0);
      expect(hours).toBeCloseTo(data.totals.hours, 0);
      expect(data.totals.hours).toBeCloseTo(FLIGHTS.reduce((sum, [, , minutes]) => sum + minutes, 0) / 60, 2);
      expect(data.statusCounts.devices).toEqual({ online: 1, maintenance: 1, offline: 1 });
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
      const planned = perProject[projects.findIndex((p) => p.id === plannedProject)];
      expect([sum(planned.plans), sum(planned.applications)]).toEqual([sum(all.plans), sum(all.applications)]);
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
          (
            await call('POST', '/api/Airspace/Report/', 'operator1', {
              device_id: devices[0],
              takeoff_at: takeoff,
              landing_at: landing,
              distance_m: 1000,
              max_alt: 80,
            })
          ).body.data.id,
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
