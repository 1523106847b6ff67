import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { deviceIdOf, openPlanOf } from './support';

/**
 * Take-off to a point, fly-to and return home through the API (issue 32, docs/remote.md), against the simulated dock
 * and its aircraft: they fly at the commanded speed and report DJI's progress events.
 */
jest.setTimeout(90_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
let dockId: number;
let aircraftId: number;
let aircraftSn: string;
let home: { lat: number; lng: number };
let planId: number;
/** The simulated home's height above the ellipsoid (the simulator's SIMULATED_HOME_ELEVATION). */
const HOME_HEIGHT = 20;

type Json = {
  status: number;
  body: {
    code: number; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
    data: any;
    error_code?: string;
    params?: Record<string, unknown>;
  };
};
async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${admin}` } });
  return { status: response.statusCode, body: response.json() };
}
const progress = async () => (await call('GET', `/api/Device/${dockId}/flight/`)).body.data.progress;
const aircraftLive = async () => (await call('GET', `/api/Device/${aircraftId}/live/`)).body.data.live;
const received = () => simulation.gateways[0].servicesReceived;
/** A point `north` metres north and `east` metres east of home. */
const offset = (north: number, east: number) => ({
  lat: home.lat + north / 111_320,
  lng: home.lng + east / (111_320 * Math.cos((home.lat * Math.PI) / 180)),
});

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  // The dock flies under an accepted plan around its circuit (filed and accepted by the simulator through the API).
  simulation = await simulatedDock(server, 'RFLY', { plans: true });
  const gateway = simulation.gateways[0];
  aircraftSn = gateway.plan.aircraft.sn;
  home = gateway.plan.route[0];
  dockId = await deviceIdOf(server, gateway.sn);
  aircraftId = await deviceIdOf(server, aircraftSn);
  await until(async () => (await aircraftLive())?.modeCode === 0, 10_000, 'the aircraft reports standby');
  planId = await openPlanOf(simulation, aircraftSn);
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('command flight', () => {
  it('refuses a fly-to on the ground and a take-off whose confirmation names another aircraft, sending nothing', async () => {
    const before = received().length;
    const grounded = await call('POST', `/api/Device/${dockId}/flyto/`, { ...offset(10, 0), height: 50, max_speed: 5, confirm_sn: aircraftSn });
    expect([grounded.status, grounded.body.error_code]).toEqual([409, 'remote.not_flying']);
    const wrong = await call('POST', `/api/Device/${dockId}/takeoff/`, { ...offset(10, 0), height: 50, confirm_sn: 'SOMETHING-ELSE' });
    expect([wrong.status, wrong.body.error_code, wrong.body.params]).toEqual([400, 'remote.confirm_mismatch', { sn: aircraftSn }]);
    expect(received().length).toBe(before);
  });

  it.each([
    ['a point 5 km away, outside the plan area', () => ({ ...offset(5_000, 0), height: HOME_HEIGHT + 25 }), 'outside_volume'],
    ['a point 1 km above take-off, over the plan ceiling', () => ({ ...offset(30, 0), height: HOME_HEIGHT + 1_000 }), 'outside_volume'],
  ])('refuses a take-off to %s like a dispatch, sending nothing and auditing the refusal', async (_what, point, rule) => {
    const before = received().length;
    const refused = await call('POST', `/api/Device/${dockId}/takeoff/`, { ...point(), confirm_sn: aircraftSn });
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([409, 'remote.airspace_refused', { sn: aircraftSn, rule }]);
    expect(received().length).toBe(before);
    const [audited] = (await call('GET', `/api/Device/${aircraftId}/commands/`)).body.data as { method: string; error_code: string | null }[];
    expect(audited).toMatchObject({ method: 'takeoff_to_point', error_code: 'remote.airspace_refused' });
  });

  /** Runs `body` while a no-fly feature ~45 m wide stands at `centre`. */
  async function withNoFlyZone(centre: { lat: number; lng: number }, body: () => Promise<void>) {
    const d = 0.0002;
    const ring = [
      [centre.lng - d, centre.lat - d],
      [centre.lng + d, centre.lat - d],
      [centre.lng + d, centre.lat + d],
      [centre.lng - d, centre.lat + d],
      [centre.lng - d, centre.lat - d],
    ];
    const feature = await call('POST', '/api/Feature/', { name: 'RFLY no-fly', category: 'no_fly_zone', geometry: { type: 'Polygon', coordinates: [ring] } });
    expect(feature.status).toBe(200);
    try {
      await body();
    } finally {
      await call('DELETE', `/api/Feature/${feature.body.data.id}/`);
    }
  }

  /** Takes off to `point` and expects the airspace refusal for `rule`, nothing sent to the dock. */
  async function expectTakeoffRefused(point: { lat: number; lng: number }, rule: string) {
    const before = received().length;
    // The feature's change reaches the monitor through the domain events; its refresh is awaited by the check.
    const refused = await call('POST', `/api/Device/${dockId}/takeoff/`, { ...point, height: HOME_HEIGHT + 25, confirm_sn: aircraftSn });
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([409, 'remote.airspace_refused', { sn: aircraftSn, rule }]);
    expect(received().length).toBe(before);
  }

  it('refuses a take-off into a no-fly zone inside the plan area', async () => {
    const zone = offset(60, 0);
    await withNoFlyZone(zone, () => expectTakeoffRefused(zone, 'in_no_fly_zone'));
  });

  it('refuses a take-off whose straight way from the dock passes a no-fly zone, its target clear of it', async () => {
    // The circuit's farthest waypoint lies in the plan's area, and so does the way there (the area is the circuit's hull).
    const metresFromHome = (p: { lat: number; lng: number }) =>
      Math.hypot((p.lat - home.lat) * 111_320, (p.lng - home.lng) * 111_320 * Math.cos((home.lat * Math.PI) / 180));
    const far = simulation.gateways[0].plan.route.reduce((a, b) => (metresFromHome(b) > metresFromHome(a) ? b : a));
    expect(metresFromHome(far)).toBeGreaterThan(150);
    const halfway = { lat: (home.lat + far.lat) / 2, lng: (home.lng + far.lng) / 2 };
    await withNoFlyZone(halfway, () => expectTakeoffRefused({ lat: far.lat, lng: far.lng }, 'path_in_no_fly_zone'));
  });

  it('takes off to a point after grabbing flight authority, and reports the progress until it hovers there', async () => {
    const before = received().length;
    const target = offset(30, 0);
    const takeoff = await call('POST', `/api/Device/${dockId}/takeoff/`, {
      ...target,
      height: HOME_HEIGHT + 25,
      security_takeoff_height: 20,
      commander_flight_height: 20,
      rth_altitude: 30,
      max_speed: 10,
      confirm_sn: aircraftSn,
    });
    expect(takeoff.status).toBe(200);
    expect(takeoff.body.data.progress).toMatchObject({ kind: 'takeoff', status: 'task_ready' });
    expect(received().slice(before)).toEqual(['flight_authority_grab', 'takeoff_to_point']);
    const seen = new Set<string>();
    await until(
      async () => {
        const now = await progress();
        seen.add(now.status);
        return now.status === 'wayline_ok';
      },
      30_000,
      'the take-off reached its point',
    );
    expect(seen.has('wayline_progress')).toBe(true);
    const reached = await progress();
    expect(reached).toMatchObject({ kind: 'takeoff', remaining_distance: 0, result: 0 });
    expect(reached.planned_path.at(-1)).toEqual([expect.closeTo(target.lng, 6), expect.closeTo(target.lat, 6), expect.closeTo(HOME_HEIGHT + 25, 1)]);
    const live = await aircraftLive();
    expect(live.lat).toBeCloseTo(target.lat, 5);
    expect(live.elevation).toBeCloseTo(25, 0);

    const again = await call('POST', `/api/Device/${dockId}/takeoff/`, { ...target, height: 50, confirm_sn: aircraftSn });
    expect([again.status, again.body.error_code]).toEqual([409, 'remote.already_flying']);
  });

  it('flies to a point without a second grab while the platform holds authority, and returns home', async () => {
    // The aircraft's state shows a cloud controller holds authority (not an RC slot A/B).
    await server.app.db
      .updateTable('devices')
      .set({ dji_state: JSON.stringify({ control_source: 'b8f3a3d0-platform' }) })
      .where('id', '=', aircraftId)
      .execute();
    const before = received().length;
    const target = offset(30, 20);
    const flyto = await call('POST', `/api/Device/${aircraftId}/flyto/`, { ...target, height: HOME_HEIGHT + 25, max_speed: 8, confirm_sn: aircraftSn });
    expect(flyto.status).toBe(200);
    expect(received().slice(before)).toEqual(['fly_to_point']);
    await until(async () => (await progress())?.kind === 'flyto' && (await progress()).status === 'wayline_ok', 30_000, 'the fly-to arrived');
    expect((await aircraftLive()).lng).toBeCloseTo(target.lng, 5);

    const home = await call('POST', `/api/Device/${aircraftId}/return-home/`, { confirm_sn: aircraftSn });
    expect(home.status).toBe(200);
    await until(async () => (await aircraftLive()).modeCode === 0, 40_000, 'the aircraft landed at home');

    const commands = (await call('GET', `/api/Device/${aircraftId}/commands/`)).body.data as {
      method: string;
      result: number | null;
      error_code: string | null;
    }[];
    expect(commands.slice(0, 4).map(({ method, result, error_code }) => [method, result, error_code])).toEqual([
      ['return_home', 0, null],
      ['fly_to_point', 0, null],
      ['takeoff_to_point', null, 'remote.already_flying'],
      ['takeoff_to_point', 0, null],
    ]);
  });

  it('refuses a take-off once the plan has ended: no accepted plan covers the aircraft now', async () => {
    expect((await call('POST', `/api/Airspace/Plan/${planId}/end/`, {})).status).toBe(200);
    const before = received().length;
    const refused = await call('POST', `/api/Device/${dockId}/takeoff/`, { ...offset(30, 0), height: HOME_HEIGHT + 25, confirm_sn: aircraftSn });
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([409, 'remote.airspace_refused', { sn: aircraftSn, rule: 'no_plan' }]);
    expect(received().length).toBe(before);
  });
});
