import type { MqttClient } from 'mqtt';
import { DRC, drcDownTopic, drcUpTopic, type OsdInfoPush } from '@shared/dji/drcMessages';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { connect, end, loginToken, nextMessage, startServer, subscribe, within, type TestServer } from '../mqtt/support';
import { callAs, departmentsAround, deviceIdOf, openPlanOf, userWith } from './support';

/**
 * Live flight controls (issue 32, docs/remote.md) through the API against the simulated dock: entering DRC grabs flight
 * authority and hands the dock and this browser session broker credentials for their side of that dock's drc/down and
 * drc/up only; the browser then flies the aircraft with drone_control and the heartbeat; exit revokes the credentials.
 */
jest.setTimeout(90_000);

/** The simulated dock drops DRC after this long without a heart_beat (DJI: 60 s). */
const HEARTBEAT_TIMEOUT_MS = 2_500;
/** The simulated home's height above the ellipsoid. */
const HOME_HEIGHT = 20;

let server: TestServer;
let simulation: Simulation;
let admin: string;
const tokens: Record<string, string> = {};
let aircraftId: number;
let aircraftSn: string;
let dockSn: string;
let home: { lat: number; lng: number };
const clients: MqttClient[] = [];

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => callAs(server, token, method, url, payload);
const enter = (token = admin, confirmSn = aircraftSn) => call('POST', `/api/Device/${aircraftId}/drc/`, { confirm_sn: confirmSn }, token);
const drcStatus = async () => (await call('GET', `/api/Device/${aircraftId}/drc/`)).body.data.status;
const received = () => simulation.gateways[0].servicesReceived;
const credentialRows = () => server.app.db.selectFrom('drc_credentials').selectAll().where('gateway_sn', '=', dockSn).execute();

type Broker = { address: string; client_id: string; username: string; password: string };
/** Connects as the browser does with the credentials POST …/drc/ answered. */
async function connectBrowser(broker: Broker, clientId = broker.client_id): Promise<MqttClient> {
  const client = await connect(server.wsUrl, { clientId, username: broker.username, password: broker.password });
  clients.push(client);
  return client;
}
const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));
const osdOf = (payload: unknown) => (payload as { method: string; data: OsdInfoPush }).data;

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'RDRC', { plans: true, drcHeartbeatTimeoutMs: HEARTBEAT_TIMEOUT_MS });
  const gateway = simulation.gateways[0];
  dockSn = gateway.sn;
  aircraftSn = gateway.plan.aircraft.sn;
  home = gateway.plan.route[0];
  aircraftId = await deviceIdOf(server, aircraftSn);
  const { own, other } = await departmentsAround(server, admin, dockSn, ['飞控一队', '飞控二队']);
  tokens.writer = await userWith(server, admin, 'drc_writer', own, ['device:read', 'device:write']);
  tokens.foreign = await userWith(server, admin, 'drc_foreign', other, ['device:*']);
  await until(async () => (await call('GET', `/api/Device/${aircraftId}/live/`)).body.data.live?.modeCode === 0, 10_000, 'the aircraft reports standby');
  // Take-off needs an accepted plan in its window (the simulator files one around the dock's circuit).
  await openPlanOf(simulation, aircraftSn);
}, 120_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map(end));
});

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('who may enter DRC', () => {
  it.each([
    ['device:write without device:operate', 'writer', 403, 'auth.missing_permission'],
    ["another department's operator (device:*)", 'foreign', 404, 'common.row_not_found'],
  ])('refuses %s, sending nothing and issuing no credentials', async (_who, user, status, code) => {
    const before = received().length;
    const answer = await enter(tokens[user]);
    expect([answer.status, answer.body.error_code]).toEqual([status, code]);
    expect(received().length).toBe(before);
    expect(await credentialRows()).toEqual([]);
  });

  it('refuses on the ground and a confirmation naming another aircraft', async () => {
    const before = received().length;
    const grounded = await enter();
    expect([grounded.status, grounded.body.error_code]).toEqual([409, 'remote.not_flying']);
    const wrong = await enter(admin, 'SOMETHING-ELSE');
    expect([wrong.status, wrong.body.error_code]).toEqual([400, 'remote.confirm_mismatch']);
    expect(received().length).toBe(before);
  });
});

describe('live flight controls', () => {
  let broker: Broker;

  beforeAll(async () => {
    const takeoff = await call('POST', `/api/Device/${aircraftId}/takeoff/`, {
      lat: home.lat + 20 / 111_320,
      lng: home.lng,
      height: HOME_HEIGHT + 20,
      security_takeoff_height: 20,
      commander_flight_height: 20,
      max_speed: 10,
      confirm_sn: aircraftSn,
    });
    expect(takeoff.status).toBe(200);
    await until(
      async () => (await call('GET', `/api/Device/${aircraftId}/flight/`)).body.data.progress?.status === 'wayline_ok',
      30_000,
      'the aircraft hovers',
    );
  });

  it('is refused in words when the RC pilot keeps flight authority: no drc_mode_enter, no credentials', async () => {
    const drc = simulation.gateways[0].drc!;
    drc.rcKeepsAuthority = true;
    try {
      const before = received().length;
      const refused = await enter();
      expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([
        409,
        'remote.device_refused',
        { method: 'drc_mode_enter', result: 327002, meaning: 'authority_failed' },
      ]);
      expect(received().slice(before)).toEqual(['flight_authority_grab']);
      expect(await credentialRows()).toEqual([]);
    } finally {
      drc.rcKeepsAuthority = false;
    }
  });

  it('enters after grabbing authority, and the browser flies the aircraft forward with drone_control and the heartbeat', async () => {
    const before = received().length;
    const entered = await enter();
    expect(entered.status).toBe(200);
    expect(received().slice(before)).toEqual(['flight_authority_grab', 'drc_mode_enter']);
    const session = entered.body.data;
    expect(session).toMatchObject({ aircraft_sn: aircraftSn, gateway_sn: dockSn, pub: [drcDownTopic(dockSn)], sub: [drcUpTopic(dockSn)] });
    expect(session.mqtt_broker).toMatchObject({ address: expect.stringMatching(/^ws:\/\/.+\/mqtt$/), enable_tls: false });
    expect(session.mqtt_broker.expire_time).toBeGreaterThan(Date.now() / 1000 + 3000);
    broker = session.mqtt_broker;
    await until(async () => (await drcStatus())?.drc_state === 2, 10_000, 'the dock reports DRC connected');
    // The dock was handed its own credentials, not the browser's.
    expect(await credentialRows()).toEqual(
      expect.arrayContaining([expect.objectContaining({ side: 'device' }), expect.objectContaining({ side: 'browser', username: broker.username })]),
    );

    const browser = await connectBrowser(broker);
    const firstOsd = nextMessage(browser, drcUpTopic(dockSn), 5000, (p) => (p as { method: string }).method === DRC.osdInfoPush);
    expect(await subscribe(browser, drcUpTopic(dockSn))).toBe(0);
    const start = osdOf((await firstOsd).payload);
    expect(start.height).toBeCloseTo(HOME_HEIGHT + 20, 0);

    let seq = 0;
    const beat = () => browser.publish(drcDownTopic(dockSn), JSON.stringify({ method: DRC.heartBeat, seq: seq++, data: { timestamp: Date.now() } }));
    beat();
    const heartbeat = setInterval(beat, 1000);
    const answered = nextMessage(browser, drcUpTopic(dockSn), 5000, (p) => (p as { method: string }).method === DRC.droneControl);
    const controls = setInterval(
      () => browser.publish(drcDownTopic(dockSn), JSON.stringify({ method: DRC.droneControl, data: { seq: seq++, x: 5, y: 0, h: 0, w: 0 } })),
      100,
    );
    try {
      expect((await answered).payload).toEqual({ method: DRC.droneControl, data: { result: 0, output: { seq: expect.any(Number) } } });
      // 5 m/s forward along the heading (north after the take-off): a few metres within a couple of seconds.
      const moved = await nextMessage(browser, drcUpTopic(dockSn), 10_000, (p) => {
        const osd = (p as { method: string }).method === DRC.osdInfoPush ? osdOf(p) : null;
        return osd !== null && (osd.latitude - start.latitude) * 111_320 > 5;
      });
      expect(Math.abs((osdOf(moved.payload).longitude - start.longitude) * 111_320)).toBeLessThan(1);
    } finally {
      clearInterval(controls);
    }
    const stopped = nextMessage(browser, drcUpTopic(dockSn), 5000, (p) => (p as { method: string }).method === DRC.emergencyStop);
    browser.publish(drcDownTopic(dockSn), JSON.stringify({ method: DRC.emergencyStop, data: {} }), { qos: 1 });
    expect((await stopped).payload).toEqual({ method: DRC.emergencyStop, data: { result: 0 } });
    clearInterval(heartbeat);
  });

  it("lets the session's credentials reach no other gateway's topics, nor the dock's side, nor under another client id", async () => {
    const browser = await connectBrowser(broker);
    for (const filter of [drcUpTopic('RDRC-OTHER'), drcDownTopic(dockSn), 'thing/product/+/drc/up', `thing/product/${dockSn}/#`, `thing/product/${dockSn}/osd`])
      expect([filter, await subscribe(browser, filter)]).toEqual([filter, 0x80]);

    const heard: string[] = [];
    await server.app.mqtt!.bus.subscribe('thing/product/+/drc/down', (topic) => void heard.push(topic));
    await server.app.mqtt!.bus.subscribe('thing/product/+/services', (topic) => void heard.push(topic));
    const closed = closedOf(browser);
    browser.publish(drcDownTopic('RDRC-OTHER'), JSON.stringify({ method: DRC.emergencyStop, data: {} }), { qos: 1 });
    browser.publish(`thing/product/${dockSn}/services`, JSON.stringify({ tid: 't', bid: 'b', timestamp: 1, method: 'return_home', data: {} }), { qos: 1 });
    await within(closed, 5000, 'the broker closing the connection that published outside its link');
    // A marker on the allowed topic, from a new connection: anything the broker had taken before it arrives first.
    const again = await connectBrowser(broker);
    again.publish(drcDownTopic(dockSn), JSON.stringify({ method: DRC.heartBeat, seq: 0, data: { timestamp: Date.now() } }));
    await until(() => heard.includes(drcDownTopic(dockSn)), 5000, 'the marker arriving');
    expect(heard.filter((topic) => topic !== drcDownTopic(dockSn))).toEqual([]);
    await end(again);

    await expect(connectBrowser(broker, 'another-client-id')).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it('exits: drc_mode_exit, the credentials revoked and the open connection closed', async () => {
    const browser = await connectBrowser(broker);
    const closed = closedOf(browser);
    const before = received().length;
    const exited = await call('DELETE', `/api/Device/${aircraftId}/drc/`);
    expect(exited.status).toBe(200);
    expect(received().slice(before)).toEqual(['drc_mode_exit']);
    await within(closed, 5000, 'the revoked connection closing');
    await expect(connectBrowser(broker)).rejects.toThrow(/Bad username or password|Not authorized/);
    expect(await credentialRows()).toEqual([]);
    await until(async () => (await drcStatus())?.drc_state === 0, 5000, 'DRC not connected');
  });

  it('the dock drops DRC when the heartbeat stops, and says why', async () => {
    expect((await enter()).status).toBe(200);
    await until(async () => (await drcStatus())?.drc_state === 2, 10_000, 'the dock reports DRC connected');
    await until(async () => (await drcStatus())?.drc_state === 0, HEARTBEAT_TIMEOUT_MS + 5000, 'the dock dropping DRC');
    expect((await drcStatus()).result).toBe(514301);
    expect((await call('DELETE', `/api/Device/${aircraftId}/drc/`)).status).toBe(200);

    const commands = (await call('GET', `/api/Device/${aircraftId}/commands/`)).body.data as {
      method: string;
      result: number | null;
      error_code: string | null;
    }[];
    expect(commands.slice(0, 5).map(({ method, result, error_code }) => [method, result, error_code])).toEqual([
      ['drc_mode_exit', 0, null],
      ['drc_mode_enter', 0, null],
      ['drc_mode_exit', 0, null],
      ['drc_mode_enter', 0, null],
      ['drc_mode_enter', 327002, 'remote.device_refused'],
    ]);
  });
});
