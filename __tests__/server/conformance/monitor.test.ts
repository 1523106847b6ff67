import type { Kysely } from 'kysely';
import type { AlertNotification } from '@shared/entities/alert';
import type { ConformanceMonitor } from '../../../server/conformance/monitor';
import type { Database } from '../../../server/db/schema';
import { nowIso } from '../../../server/db/time';
import type { AircraftSample } from '../../../server/mqtt/gateway/service';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { insertAircraft, insertPlan, M, square, testMonitor } from './fixtures';

const MANUAL_FLIGHT = 3;
const STANDBY = 0;
const INSIDE = { lng: 114.005, lat: 22.502 };
const OUTSIDE = { lng: 114.005, lat: 22.51 + 50 * M };

describe.each<Dialect>(['sqlite', 'postgres'])('conformance monitor (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  let db: Kysely<Database>;
  let published: AlertNotification[];
  let monitor: ConformanceMonitor;
  // Windows around the real clock: the server's own monitor ticks too and must find nothing to end.
  const T0 = Date.now();
  let serial = 0;

  const addAircraft = async () => {
    const sn = `CONF-${dialect}-${++serial}`;
    await insertAircraft(db, sn);
    return sn;
  };
  /** An approved application over AREA (BAND) and a plan for `sn` in `status` for [start, end]. */
  const addPlan = async (sn: string, start: number, end: number, status = 'accepted') => {
    const device = await db.selectFrom('devices').select('id').where('serial', '=', sn).executeTakeFirstOrThrow();
    return insertPlan(db, device.id, start, end, status);
  };
  const sample = (sn: string, seconds: number, where: { lng: number; lat: number }, options: { alt?: number; mode?: number } = {}): AircraftSample => ({
    sn,
    gatewaySn: `RC-${sn}`,
    at: T0 + seconds * 1000,
    live: { sn, kind: 'aircraft', at: T0 + seconds * 1000, ...where, elevation: options.alt ?? 60, modeCode: options.mode ?? MANUAL_FLIGHT },
  });
  /** Feeds samples and waits for the writes they caused. */
  const fly = async (...samples: AircraftSample[]) => {
    for (const s of samples) monitor.onSample(s);
    await monitor.settled();
  };
  const planRow = (id: number) => db.selectFrom('flight_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const alertsOf = (sn: string) => db.selectFrom('alerts').selectAll().where('device_sn', '=', sn).orderBy('id').execute();
  const newMonitor = () => testMonitor(db, T0, published);

  beforeAll(async () => {
    db = api.server.handle.app.db;
  });
  beforeEach(async () => {
    published = [];
    monitor = newMonitor();
    await monitor.start();
  });
  afterEach(async () => monitor.stop());

  it('an aircraft flying its plan activates it and raises nothing', async () => {
    const sn = await addAircraft();
    const planId = await addPlan(sn, T0 - 60_000, T0 + 3_600_000);
    await monitor.refresh();
    await fly(sample(sn, 0, INSIDE, { mode: STANDBY }), sample(sn, 1, INSIDE), sample(sn, 2, INSIDE), sample(sn, 5, INSIDE));
    expect(await alertsOf(sn)).toEqual([]);
    expect(await planRow(planId)).toMatchObject({ status: 'activated', activated_at: nowIso(T0 + 1000), ended_at: null });
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'flight_plan').where('entity_id', '=', String(planId)).execute();
    expect(audit.map((a) => [a.action, a.user_id, JSON.parse(a.detail!).by])).toEqual([['activate', null, 'telemetry']]);
  });

  it('leaving the area opens an outside_volume alert after the hysteresis, the plan goes nonconforming, and both recover', async () => {
    const sn = await addAircraft();
    const planId = await addPlan(sn, T0 - 60_000, T0 + 3_600_000);
    await monitor.refresh();
    await fly(sample(sn, 0, INSIDE), sample(sn, 1, OUTSIDE), sample(sn, 2, OUTSIDE));
    expect(await alertsOf(sn)).toEqual([]);
    await fly(sample(sn, 3, OUTSIDE, { alt: 70 }));
    const [alert] = await alertsOf(sn);
    expect(alert).toMatchObject({ kind: 'conformance', code: 'outside_volume', level: 2, active: 1, plan_id: planId, gateway_sn: `RC-${sn}`, in_the_sky: 1 });
    expect(JSON.parse(alert.args!)).toEqual({ rule: 'outside_volume', plan_id: planId, lat: OUTSIDE.lat, lng: OUTSIDE.lng, height: 70, at: nowIso(T0 + 3000) });
    expect(published.map((n) => [n.alert.code, n.alert.active, n.activeCount])).toEqual([['outside_volume', 1, 1]]);
    expect((await planRow(planId)).status).toBe('nonconforming');

    // Back inside: the alert closes only after closeAfterMs of conformance.
    await fly(sample(sn, 4, INSIDE), sample(sn, 6, INSIDE));
    expect((await alertsOf(sn))[0].active).toBe(1);
    await fly(sample(sn, 7, INSIDE));
    expect((await alertsOf(sn))[0]).toMatchObject({ active: 0, closed_at: nowIso(T0 + 7000) });
    expect((await planRow(planId)).status).toBe('activated');
    expect(published.map((n) => [n.alert.code, n.alert.active, n.activeCount])).toEqual([
      ['outside_volume', 1, 1],
      ['outside_volume', 0, 0],
    ]);
  });

  it('flying with no plan raises no_plan, which closes on landing', async () => {
    const sn = await addAircraft();
    await fly(sample(sn, 0, INSIDE), sample(sn, 2, INSIDE));
    expect(await alertsOf(sn)).toMatchObject([{ code: 'no_plan', level: 1, active: 1, plan_id: null }]);
    await fly(sample(sn, 3, INSIDE, { mode: STANDBY }));
    expect(await alertsOf(sn)).toMatchObject([{ code: 'no_plan', active: 0, closed_at: nowIso(T0 + 3000) }]);
  });

  it('entering a no-fly feature raises in_no_fly_zone once the features are reloaded', async () => {
    const sn = await addAircraft();
    const planId = await addPlan(sn, T0 - 60_000, T0 + 3_600_000);
    const now = nowIso();
    await db
      .insertInto('features')
      .values({
        name: 'hospital',
        category: 'no_fly_zone',
        geometry: JSON.stringify(square(114.004, 22.501, 114.006, 22.503)),
        style: '{}',
        properties: '{}',
        project_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await monitor.refresh();
    await fly(sample(sn, 0, INSIDE), sample(sn, 2, INSIDE));
    expect(await alertsOf(sn)).toMatchObject([{ code: 'in_no_fly_zone', plan_id: planId, active: 1 }]);
    expect((await planRow(planId)).status).toBe('nonconforming');
    await db.deleteFrom('features').where('name', '=', 'hospital').execute();
  });

  it('ends plans at the window end: never flown at once, flown at landing', async () => {
    const idle = await addAircraft();
    const flown = await addAircraft();
    const idlePlan = await addPlan(idle, T0 - 7_200_000, T0 - 3_600_000);
    const flownPlan = await addPlan(flown, T0 - 60_000, T0 + 10_000);
    await monitor.refresh();
    await fly(sample(flown, 0, INSIDE));
    monitor.tick(T0 + 20_000);
    await monitor.settled();
    expect(await planRow(idlePlan)).toMatchObject({ status: 'ended', ended_at: nowIso(T0 + 20_000) });
    // Still in the air after its window: outside_window, and the plan waits for the landing.
    await fly(sample(flown, 20, INSIDE), sample(flown, 22, INSIDE));
    expect(await alertsOf(flown)).toMatchObject([{ code: 'outside_window', plan_id: flownPlan, active: 1 }]);
    expect((await planRow(flownPlan)).status).toBe('nonconforming');
    await fly(sample(flown, 30, INSIDE, { mode: STANDBY }));
    expect(await planRow(flownPlan)).toMatchObject({ status: 'ended', ended_at: nowIso(T0 + 30_000) });
    expect(await alertsOf(flown)).toMatchObject([{ active: 0 }]);
  });

  it('a restarted monitor takes over the alerts still open', async () => {
    const sn = await addAircraft();
    await fly(sample(sn, 0, OUTSIDE), sample(sn, 2, OUTSIDE));
    expect(await alertsOf(sn)).toMatchObject([{ code: 'no_plan', active: 1 }]);
    await monitor.stop();
    monitor = newMonitor();
    await monitor.start();
    await fly(sample(sn, 4, OUTSIDE));
    expect(await alertsOf(sn)).toHaveLength(1);
    await fly(sample(sn, 5, OUTSIDE, { mode: STANDBY }));
    expect(await alertsOf(sn)).toMatchObject([{ code: 'no_plan', active: 0 }]);
  });

  it('lists conformance history per aircraft, plan and day', async () => {
    const day = nowIso(T0).slice(0, 10);
    const byDevice = (await api.call('GET', `/api/Alert/summary/?kind=conformance&group=device&first_seen_from=${day}&first_seen_to=${day}`, 'admin')).body;
    expect(byDevice.data.items.length).toBeGreaterThan(0);
    expect(byDevice.data.items[0]).toMatchObject({ key: expect.any(String), count: expect.any(Number), open: expect.any(Number), codes: expect.any(Object) });
    const byDay = (await api.call('GET', '/api/Alert/summary/?group=day', 'admin')).body.data.items;
    const total = byDay.reduce((sum: number, row: { count: number }) => sum + row.count, 0);
    expect(byDay[0].key).toBe(day);
    expect(total).toBe(await api.total('/api/Alert/?kind=conformance'));
    const byPlan = (await api.call('GET', '/api/Alert/summary/?group=plan', 'admin')).body.data.items as { key: number | null; count: number }[];
    const planned = byPlan.find((row) => row.key !== null)!;
    expect(await api.total(`/api/Alert/?kind=conformance&plan_id=${planned.key}`)).toBe(planned.count);
    const bad = await api.call('GET', '/api/Alert/summary/?group=week&first_seen_from=2026-02-30', 'admin');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/group|first_seen_from/);
  });
});
