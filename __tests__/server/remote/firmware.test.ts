import { createHash } from 'node:crypto';
import type { Simulation } from '../../../scripts/simulator';
import { deviceTypeKey } from '@shared/dji/devices';
import { multipart } from '../api/harness';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { callAs, departmentsAround, deviceIdOf, openPlanOf, userWith, type Json } from './support';

/**
 * Firmware packages and upgrades (issue 32, docs/remote.md), against the simulated dock: it downloads the package from
 * the signed link, checks its md5 and size, reports ota_progress and then the new version in its state.
 */
jest.setTimeout(90_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
let dockId: number;
let aircraftId: number;
const tokens: Record<string, string> = {};
const PACKAGE = Buffer.from('DJI Dock 2 firmware 10.01.9999 (simulated package)'.repeat(50));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => callAs(server, token, method, url, payload);
const dock = () => simulation.gateways[0];
const otaView = async (id = dockId) => (await call('GET', `/api/Device/${id}/ota/`)).body.data;
const otasReceived = () => dock().servicesReceived.filter((m) => m === 'ota_create').length;
const typeOf = (which: 'gateway' | 'aircraft') => {
  const { domain, type, subType } = dock().plan[which];
  return deviceTypeKey(domain, type, subType);
};

async function upload(fields: Record<string, string>, data: Buffer | null, token = tokens.writer): Promise<Json> {
  const body = multipart(fields, data ? { field: 'file', filename: 'dock2 firmware.zip', contentType: 'application/zip', data } : undefined);
  const response = await server.app.inject({ method: 'POST', url: '/api/Firmware/', ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'ROTA', { plans: true, otaJobMs: 1200 });
  dockId = await deviceIdOf(server, dock().sn);
  aircraftId = await deviceIdOf(server, dock().plan.aircraft.sn);
  const { own, other } = await departmentsAround(server, admin, dock().sn, ['固件一队', '固件二队']);
  tokens.operator = await userWith(server, admin, 'ota_op', own, ['device:read', 'device:operate']);
  tokens.writer = await userWith(server, admin, 'ota_writer', own, ['device:read', 'device:write']);
  tokens.foreign = await userWith(server, admin, 'ota_foreign', other, ['device:*']);
  await until(async () => (await otaView()).firmware_version !== null, 10_000, 'the dock reported its firmware');
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

let dockPackage: number;
let aircraftPackage: number;

describe('packages', () => {
  it('stores an uploaded package with its md5 and size, once per model and version', async () => {
    const uploaded = await upload({ device_type: typeOf('gateway'), product_version: '10.01.9999', release_note: '修复舱盖' }, PACKAGE);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({
      device_type: typeOf('gateway'),
      model: 'DJI Dock 2',
      product_version: '10.01.9999',
      file_name: 'dock2_firmware.zip',
      md5: createHash('md5').update(PACKAGE).digest('hex'),
      size: PACKAGE.length,
      release_note: '修复舱盖',
    });
    dockPackage = uploaded.body.data.id;
    const again = await upload({ device_type: typeOf('gateway'), product_version: '10.01.9999' }, PACKAGE);
    expect([again.status, again.body.error_code, again.body.params]).toEqual([409, 'remote.firmware_exists', { version: '10.01.9999' }]);
    aircraftPackage = (await upload({ device_type: typeOf('aircraft'), product_version: '10.01.0001' }, Buffer.from('aircraft'))).body.data.id;
    expect((await call('GET', '/api/Firmware/', undefined, tokens.operator)).body.data.map((f: { id: number }) => f.id)).toEqual([
      aircraftPackage,
      dockPackage,
    ]);
    // The view names the type its packages are for: the console uploads the next one for it.
    const view = await otaView();
    expect([view.device_type, view.firmwares.map((f: { id: number }) => f.id)]).toEqual([typeOf('gateway'), [dockPackage]]);
  });

  it('refuses an upload without device:write, without a file, or of a malformed model', async () => {
    expect((await upload({ device_type: '3-2-0', product_version: '1' }, PACKAGE, tokens.operator)).status).toBe(403);
    const missing = await upload({ device_type: '3-2-0', product_version: '1' }, null);
    expect([missing.status, missing.body.error_code]).toEqual([400, 'remote.firmware_file_required']);
    const malformed = await upload({ device_type: 'Dock 2', product_version: '1' }, PACKAGE);
    expect([malformed.status, malformed.body.error_code]).toEqual([400, 'common.invalid_input']);
  });
});

describe('who may', () => {
  it.each([
    ['device:write without device:operate', 'writer', 403, 'auth.missing_permission'],
    ["another department's operator (device:*)", 'foreign', 404, 'common.row_not_found'],
  ])('refuses %s, and sends nothing', async (_who, user, status, code) => {
    const before = otasReceived();
    const answer = await call('POST', `/api/Device/${dockId}/ota/`, { firmware_id: dockPackage, confirm_sn: dock().sn }, tokens[user]);
    expect([answer.status, answer.body.error_code]).toEqual([status, code]);
    expect(otasReceived()).toBe(before);
  });

  it('refuses a package of another model and a confirmation naming another device, sending nothing', async () => {
    const before = otasReceived();
    const mismatch = await call('POST', `/api/Device/${dockId}/ota/`, { firmware_id: aircraftPackage, confirm_sn: dock().sn }, tokens.operator);
    expect([mismatch.status, mismatch.body.error_code]).toEqual([400, 'remote.firmware_mismatch']);
    const wrong = await call('POST', `/api/Device/${dockId}/ota/`, { firmware_id: dockPackage, confirm_sn: dock().plan.aircraft.sn }, tokens.operator);
    expect([wrong.status, wrong.body.error_code, wrong.body.params]).toEqual([400, 'remote.confirm_mismatch', { sn: dock().sn }]);
    expect(otasReceived()).toBe(before);
  });
});

describe('upgrading', () => {
  it('upgrades the dock: ota_create with a signed link, progress until done, the new version in its state', async () => {
    const sent = await call('POST', `/api/Device/${dockId}/ota/`, { firmware_id: dockPackage, confirm_sn: dock().sn }, tokens.operator);
    expect([sent.status, sent.body.data]).toMatchObject([200, { firmware_id: dockPackage, product_version: '10.01.9999', status: 'sent' }]);
    const steps = new Set<string>();
    await until(
      async () => {
        const { job } = await otaView();
        if (job?.step_key) steps.add(job.step_key);
        return job?.status === 'ok';
      },
      15_000,
      'the upgrade finished',
    );
    expect((await otaView()).job).toMatchObject({ status: 'ok', percent: 100, result: 0 });
    expect(steps).toContain('upgrade_firmware');
    await until(async () => (await otaView()).firmware_version === '10.01.9999', 10_000, 'the dock reports the new version');
    const [audited] = (await call('GET', `/api/Device/${dockId}/commands/`)).body.data;
    expect(audited).toMatchObject({ username: 'ota_op', method: 'ota_create', params: { firmware_id: dockPackage, upgrade_type: 'normal' }, result: 0 });
  });

  it('refuses a forged file link', async () => {
    const forged = await server.app.inject({ method: 'GET', url: `/api/Firmware/${dockPackage}/file/?token=forged.token` });
    expect([forged.statusCode, forged.json().error_code]).toEqual([403, 'remote.firmware_link_invalid']);
  });

  it('refuses to upgrade the aircraft while it flies, sending nothing', async () => {
    await openPlanOf(simulation, dock().plan.aircraft.sn);
    const { lat, lng } = dock().plan.route[0];
    const takeoff = await call('POST', `/api/Device/${dockId}/takeoff/`, { lat: lat + 0.0003, lng, height: 60, confirm_sn: dock().plan.aircraft.sn });
    expect(takeoff.status).toBe(200);
    await until(
      async () => ![0, 14].includes((await call('GET', `/api/Device/${aircraftId}/live/`)).body.data.live?.modeCode),
      10_000,
      'the aircraft is in the air',
    );
    const before = otasReceived();
    const refused = await call(
      'POST',
      `/api/Device/${aircraftId}/ota/`,
      { firmware_id: aircraftPackage, confirm_sn: dock().plan.aircraft.sn },
      tokens.operator,
    );
    expect([refused.status, refused.body.error_code]).toEqual([409, 'remote.already_flying']);
    expect(otasReceived()).toBe(before);
  });
});
