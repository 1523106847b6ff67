import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { callAs, deviceIdOf } from './support';

/**
 * Live flight controls through DJI Pilot 2 (issue 32; spec dji-cloud-api-next §4 "Pilot RC variant"): the platform
 * asks the RC's pilot first (`cloud_control_auth_request`, a pop-up on the RC), enters DRC only once the pilot agreed
 * (`cloud_control_auth_notify` ok), and hands control back with `cloud_control_release` when it exits. No
 * flight_authority_grab: the pilot's consent is the authority.
 */
jest.setTimeout(90_000);

/** How long the API waits for the pilot's answer here. */
const CONSENT_S = 2;

let server: TestServer;
let simulation: Simulation;
let admin: string;
let aircraftId: number;
let aircraftSn: string;
let rcSn: string;

const enter = () => callAs(server, admin, 'POST', `/api/Device/${aircraftId}/drc/`, { confirm_sn: aircraftSn });
const exit = () => callAs(server, admin, 'DELETE', `/api/Device/${aircraftId}/drc/`);
const drcStatus = async () => (await callAs(server, admin, 'GET', `/api/Device/${aircraftId}/drc/`)).body.data.status;
const received = () => simulation.gateways[0].servicesReceived;
const pilotDrc = () => simulation.gateways[0].drc;
const credentialRows = () => server.app.db.selectFrom('drc_credentials').selectAll().where('gateway_sn', '=', rcSn).execute();

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000', REMOTE_PILOT_CONSENT_S: String(CONSENT_S) });
  admin = await loginToken(server);
  // One Pilot 2 gateway whose pilot flies its aircraft by hand.
  simulation = await simulatedDock(server, 'RPLT', { gateways: 1, docks: 0, parked: false });
  const gateway = simulation.gateways[0];
  rcSn = gateway.sn;
  aircraftSn = gateway.plan.aircraft.sn;
  aircraftId = await deviceIdOf(server, aircraftSn);
  await until(
    async () => (await callAs(server, admin, 'GET', `/api/Device/${aircraftId}/live/`)).body.data.live?.modeCode === 3,
    20_000,
    'the aircraft flies by hand',
  );
}, 120_000);

afterEach(() => {
  pilotDrc().pilotAnswer = 'ok';
});

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('through DJI Pilot 2', () => {
  it('is refused in words when the pilot cancels on the RC: no drc_mode_enter, no credentials kept', async () => {
    pilotDrc().pilotAnswer = 'canceled';
    const before = received().length;
    const refused = await enter();
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([409, 'remote.pilot_declined', { status: 'canceled' }]);
    expect(received().slice(before)).toEqual(['cloud_control_auth_request']);
    expect(await credentialRows()).toEqual([]);
  });

  it('answers 504 when the pilot does not answer in time', async () => {
    pilotDrc().pilotAnswer = 'silent';
    const before = received().length;
    const started = Date.now();
    const unanswered = await enter();
    expect([unanswered.status, unanswered.body.error_code, unanswered.body.params]).toEqual([504, 'remote.pilot_no_answer', { seconds: CONSENT_S }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONSENT_S * 1000 - 100);
    expect(received().slice(before)).toEqual(['cloud_control_auth_request']);
    expect(await credentialRows()).toEqual([]);
  });

  it("enters once the pilot agreed, the RC's link comes up, and exit hands control back to the pilot", async () => {
    const before = received().length;
    const entered = await enter();
    expect(entered.status).toBe(200);
    expect(received().slice(before)).toEqual(['cloud_control_auth_request', 'drc_mode_enter']);
    expect(entered.body.data).toMatchObject({ aircraft_sn: aircraftSn, gateway_sn: rcSn, pub: [`thing/product/${rcSn}/drc/down`] });
    expect(pilotDrc().cloudControl).toBe(true);
    await until(async () => (await drcStatus())?.drc_state === 2, 10_000, 'the RC reports DRC connected');

    const left = await exit();
    expect(left.status).toBe(200);
    expect(received().slice(-2)).toEqual(['drc_mode_exit', 'cloud_control_release']);
    expect(pilotDrc().cloudControl).toBe(false);
    expect(await credentialRows()).toEqual([]);
  });
});
