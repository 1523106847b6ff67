import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type ServerHandle } from '../../server/app';
import { readConfig, readMqttConfig } from '../../server/config';
import { startSimulation } from '../../scripts/simulator';
import { circuitAirspace, fileCircuitPlan, PLAN_LEAD_MS } from '../../scripts/simulator/airspace';
import { circle } from '../../scripts/simulator/geometry';
import { PlatformSession } from '../../scripts/simulator/platformApi';
import { brokerUrl } from '../support/serverProcess';
import { until } from '../support/until';

const ADMIN_PASSWORD = 'sim-plans-Admin-1';

let server: ServerHandle;
let dataDir: string;
let api: string;
let admin: PlatformSession;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-sim-plans-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', HMS_URL: 'off' });
  config.mqtt = readMqttConfig({});
  server = await buildServer(config, { apiRateLimit: 10_000, loginRateLimit: 1000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  admin = await PlatformSession.login(api, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await admin?.logout();
  await server?.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Application {
  status: string;
  late: number;
  decided_by_system: number;
  reviewer_name: string | null;
  review_note: string | null;
}
interface Plan {
  status: string;
  application_id: number;
  device_id: number;
  note: string | null;
}

const plan = (id: number) => admin.call<Plan>('GET', `/Airspace/Plan/${id}/`);

/** Plan states follow telemetry and timers: no event reaches this test, it re-reads the plan. */
const planBecomes = (id: number, status: string) => until(async () => (await plan(id)).status === status, 30_000, `plan ${id} ${status}`);

describe('the simulator files its flight plans through the API', () => {
  it('a same-day application is approved by the simulator user as reviewer with a note; a second circuit in the same airspace is accepted with an override note', async () => {
    const aircraft = (await admin.call<{ items: Array<{ id: number; serial: string }> }>('GET', '/Device/?kind=aircraft&page_size=2')).items;
    const route = circle(1);
    const ids: number[] = [];
    for (const craft of aircraft)
      ids.push(await fileCircuitPlan(admin, { id: craft.id, sn: craft.serial }, circuitAirspace(route, Date.now() + PLAN_LEAD_MS, 2)));
    const plans = await Promise.all(ids.map(plan));
    expect(plans.map((p) => [p.status, p.device_id, p.note])).toEqual([
      ['accepted', aircraft[0].id, null],
      ['accepted', aircraft[1].id, 'Simulator: simulated circuits share this airspace'],
    ]);
    const application = await admin.call<Application>('GET', `/Airspace/Apply/${plans[0].application_id}/`);
    expect(application).toMatchObject({
      status: 'approved',
      late: 1,
      decided_by_system: 0,
      reviewer_name: expect.any(String),
      review_note: 'Simulator: same-day airspace for a simulated circuit',
    });
    await Promise.all(ids.map((id) => admin.call('POST', `/Airspace/Plan/${id}/end/`, {})));
  });

  it('with plans, the aircraft takes off under its accepted plan, flies on under the next one filed before the window closes, and stopping ends the plans', async () => {
    const simulation = await startSimulation({
      url: brokerUrl(api),
      api,
      user: 'admin',
      password: ADMIN_PASSWORD,
      gateways: 1,
      docks: 0,
      workspaceId: 1,
      rate: 5,
      hmsEverySeconds: 0,
      prefix: 'SIMP',
      plans: true,
      // 20 s windows: the next plan is filed a quarter of a window (5 s) before each closes.
      planHours: 20 / 3600,
    });
    const sn = simulation.gateways[0].plan.aircraft.sn;
    const first = simulation.flightPlans.get(sn)!;
    let next = first;
    try {
      expect((await plan(first)).status).toBe('accepted');
      await planBecomes(first, 'activated');
      await until(() => (next = simulation.flightPlans.get(sn)!) !== first, 30_000, 'the next plan filed');
      const [current, following] = await Promise.all([plan(first), plan(next)]);
      expect(following).toMatchObject({ status: 'accepted', device_id: current.device_id });
      // The next window starts as the first ends: the aircraft flies on under it, and the first plan ends.
      await planBecomes(next, 'activated');
      await planBecomes(first, 'ended');
      const alerts = await admin.call<{ total: number }>('GET', `/Alert/?kind=conformance&device_sn=${sn}`);
      expect(alerts.total).toBe(0);
    } finally {
      await simulation.stop();
    }
    expect((await plan(next)).status).toBe('ended');
  });
});
