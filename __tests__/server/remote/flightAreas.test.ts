import { createHash } from 'node:crypto';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { callAs, departmentsAround, deviceIdOf, userWith } from './support';

/**
 * Custom flight areas pushed to a dock (issue 32, docs/remote.md), against the simulated dock: it accepts
 * flight_areas_update, asks for its file with flight_areas_get, downloads it, checks its SHA-256 and reports its sync.
 */
jest.setTimeout(60_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
let dockId: number;
let aircraftId: number;
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, token = admin) => callAs(server, token, method, url, payload);
const sync = (ids: number[], token = tokens.operator) => call('POST', '/api/FlightArea/sync/', { device_ids: ids }, token);
const syncView = async () => (await call('GET', `/api/Device/${dockId}/flight-areas/`)).body.data;
const dock = () => simulation.gateways[0];
const updatesReceived = () => dock().servicesReceived.filter((m) => m === 'flight_areas_update').length;

/** A square no-fly polygon `size` degrees wide at the dock's home, north-east of it. */
function square(size: number) {
  const { lat, lng } = dock().plan.route[0];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng + 0.001, lat + 0.001],
        [lng + 0.001 + size, lat + 0.001],
        [lng + 0.001 + size, lat + 0.001 + size],
        [lng + 0.001, lat + 0.001 + size],
        [lng + 0.001, lat + 0.001],
      ],
    ],
  };
}

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'RFAR', { plans: false });
  dockId = await deviceIdOf(server, dock().sn);
  aircraftId = await deviceIdOf(server, dock().plan.aircraft.sn);
  const { own, other } = await departmentsAround(server, admin, dock().sn, ['禁飞一队', '禁飞二队']);
  tokens.operator = await userWith(server, admin, 'area_op', own, ['device:read', 'device:operate']);
  tokens.writer = await userWith(server, admin, 'area_writer', own, ['device:read', 'device:write']);
  tokens.foreign = await userWith(server, admin, 'area_foreign', other, ['device:*']);
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('who may', () => {
  it.each([
    ['device:write without device:operate', 'writer', 403, 'auth.missing_permission'],
    ["another department's operator (device:*)", 'foreign', 404, 'common.row_not_found'],
  ])('refuses %s, and sends nothing', async (_who, user, status, code) => {
    const before = updatesReceived();
    const answer = await sync([dockId], tokens[user]);
    expect([answer.status, answer.body.error_code]).toEqual([status, code]);
    expect(updatesReceived()).toBe(before);
    expect((await call('GET', `/api/Device/${dockId}/flight-areas/`, undefined, tokens[user])).status).toBe(user === 'foreign' ? 404 : 200);
  });

  it('refuses the whole request when one device is out of scope, and answers an aircraft as not a dock', async () => {
    const foreignDock = (await call('POST', '/api/Device/', { serial: 'RFAR-FOREIGN-1', name: '别队机场', model: 'DJI Dock 2', kind: 'dock' })).body.data.id;
    await server.app.db.updateTable('devices').set({ dept_id: null }).where('id', '=', foreignDock).execute();
    const before = updatesReceived();
    const mixed = await sync([dockId, foreignDock]);
    expect([mixed.status, mixed.body.error_code]).toEqual([404, 'common.row_not_found']);
    expect(updatesReceived()).toBe(before);
    const aircraft = await sync([aircraftId]);
    expect([aircraft.status, aircraft.body.data]).toEqual([200, [{ device_id: aircraftId, sent: false, error_code: 'device.not_a_dock', params: null }]]);
  });
});

describe('syncing the areas', () => {
  let featureId: number;

  it('pushes the no-fly areas: the dock downloads the file, its SHA-256 matches the served bytes, and it reports synchronized', async () => {
    const polygon = await call('POST', '/api/Feature/', { name: '变电站禁飞区', category: 'no_fly_zone', geometry: square(0.002) });
    const { lat, lng } = dock().plan.route[0];
    const circle = await call('POST', '/api/Feature/', {
      name: '医院限飞区',
      category: 'restricted_zone',
      geometry: { type: 'Point', coordinates: [lng - 0.003, lat] },
      properties: { radius: 150 },
    });
    await call('POST', '/api/Feature/', { name: '巡检标注', category: 'annotation', geometry: square(0.0005) });
    featureId = polygon.body.data.id;
    expect((await syncView()).in_sync).toBe(false);

    const sent = await sync([dockId]);
    expect([sent.status, sent.body.data]).toEqual([200, [{ device_id: dockId, sent: true, error_code: null, params: null }]]);
    await until(async () => (await syncView()).status === 'synchronized', 15_000, 'the dock reports synchronized');
    const view = await syncView();
    // The demo's own no-fly features are areas too; the annotation is not.
    const restricting = await server.app.db.selectFrom('features').select('id').where('category', 'in', ['no_fly_zone', 'restricted_zone']).execute();
    expect(view).toMatchObject({ in_sync: true, reason: null, area_count: restricting.length });
    expect(view.device_checksum).toBe(view.current_checksum);
    expect(dock().flightAreas!.file!.checksum).toBe(view.current_checksum);
    expect(
      dock()
        .flightAreas!.areas.map((a) => a.id)
        .slice(-2),
    ).toEqual([`skyline-feature-${featureId}`, `skyline-feature-${circle.body.data.id}`]);

    // The stored file is DJI's format, and its checksum is the SHA-256 of exactly these bytes.
    const stored = await server.app.db.selectFrom('flight_area_files').selectAll().where('checksum', '=', view.current_checksum).executeTakeFirstOrThrow();
    expect(createHash('sha256').update(stored.content).digest('hex')).toBe(view.current_checksum);
    expect(stored.name).toBe(`geofence_${createHash('md5').update(stored.content).digest('hex')}.json`);
    const file = JSON.parse(stored.content);
    expect(file.features.at(-1)).toMatchObject({
      geofence_type: 'nfz',
      geometry: { type: 'Point' },
      properties: { subType: 'Circle', radius: 150, enable: true },
    });
    expect(file.features.at(-2)).toMatchObject({ geofence_type: 'nfz', geometry: { type: 'Polygon' }, properties: { radius: 0, enable: true } });

    const [audited] = (await call('GET', `/api/Device/${dockId}/commands/`)).body.data;
    expect(audited).toMatchObject({ username: 'area_op', method: 'flight_areas_update', result: 0 });
  });

  it('marks the dock out of sync when a no-fly feature changes, until it is synced again', async () => {
    const edited = await call('PATCH', `/api/Feature/${featureId}/`, { geometry: square(0.003) });
    expect(edited.status).toBe(200);
    const stale = await syncView();
    expect(stale).toMatchObject({ status: 'synchronized', in_sync: false });
    expect(stale.device_checksum).not.toBe(stale.current_checksum);
    await sync([dockId]);
    await until(async () => (await syncView()).in_sync, 15_000, 'the dock holds the edited areas');
  });

  it("answers a dock's offline_map_get at once with no output (no offline map offered, the dock's stays as it is)", async () => {
    expect(await dock().request('offline_map_get', null)).toEqual({ result: 0 });
  });
  it('refuses a forged or tampered file link', async () => {
    const name = `geofence_${'0'.repeat(32)}.json`;
    const forged = await server.app.inject({ method: 'GET', url: `/api/FlightArea/file/${name}?token=forged.token` });
    expect([forged.statusCode, forged.json().error_code]).toEqual([403, 'remote.area_link_invalid']);
  });
});
