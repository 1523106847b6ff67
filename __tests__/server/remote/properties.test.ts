import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { callAs, departmentsAround, deviceIdOf, userWith } from './support';

/**
 * Device settings (issue 32, docs/remote.md) against the simulated dock: each property (each struct field) goes as its
 * own property/set to the dock, the nested property/set_reply is read, the dock applies it and reports it in `state`.
 */
jest.setTimeout(90_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
let dockId: number;
let aircraftId: number;
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'PATCH', url: string, payload?: unknown, token = admin) => callAs(server, token, method, url, payload);
const dock = () => simulation.gateways[0];
const view = async (id: number) => (await call('GET', `/api/Device/${id}/properties/`)).body.data;
const propertySets = () => dock().servicesReceived.filter((m) => m === 'property/set').length;

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'RSET', { plans: false });
  dockId = await deviceIdOf(server, dock().sn);
  aircraftId = await deviceIdOf(server, dock().plan.aircraft.sn);
  const { own, other } = await departmentsAround(server, admin, dock().sn, ['设置一队', '设置二队']);
  tokens.operator = await userWith(server, admin, 'set_op', own, ['device:read', 'device:operate']);
  tokens.reader = await userWith(server, admin, 'set_reader', own, ['device:read']);
  tokens.foreign = await userWith(server, admin, 'set_foreign', other, ['device:*']);
  await until(async () => (await view(aircraftId)).values.height_limit !== undefined, 10_000, 'the aircraft reported its settings');
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

it("shows an aircraft's and a dock's current settings from their state", async () => {
  expect(await view(aircraftId)).toMatchObject({
    kind: 'aircraft',
    values: { height_limit: 120, obstacle_avoidance: { horizon: 1, upside: 1, downside: 1 }, night_lights_state: 0 },
  });
  expect((await view(aircraftId)).writable).toEqual(
    expect.arrayContaining(['height_limit', 'distance_limit_status', 'obstacle_avoidance', 'night_lights_state']),
  );
  await until(async () => (await view(dockId)).values.silent_mode !== undefined, 10_000, 'the dock reported its settings');
  expect(await view(dockId)).toMatchObject({ kind: 'dock', writable: ['silent_mode', 'user_experience_improvement'], values: { silent_mode: 0 } });
});

it('sends one property/set per property and struct field, audited one by one, and the state follows', async () => {
  const before = propertySets();
  const set = await call(
    'PATCH',
    `/api/Device/${aircraftId}/properties/`,
    { height_limit: 300, obstacle_avoidance: { horizon: 0, downside: 0 } },
    tokens.operator,
  );
  expect(set.status).toBe(200);
  expect(propertySets() - before).toBe(3);
  expect(dock().settings.aircraft).toMatchObject({ height_limit: 300, obstacle_avoidance: { horizon: 0, upside: 1, downside: 0 } });
  // The state of the last message applied reports the whole struct.
  await until(async () => (await view(aircraftId)).values.obstacle_avoidance?.downside === 0, 10_000, 'the state reported the last change');
  expect((await view(aircraftId)).values).toMatchObject({ height_limit: 300, obstacle_avoidance: { horizon: 0, upside: 1, downside: 0 } });
  const commands = (await call('GET', `/api/Device/${aircraftId}/commands/`)).body.data.slice(0, 3);
  expect(commands.map((c: { params: unknown; result: number }) => [c.params, c.result])).toEqual([
    [{ obstacle_avoidance: { downside: 0 } }, 0],
    [{ obstacle_avoidance: { horizon: 0 } }, 0],
    [{ height_limit: 300 }, 0],
  ]);
  const silent = await call('PATCH', `/api/Device/${dockId}/properties/`, { silent_mode: 1 }, tokens.operator);
  expect([silent.status, silent.body.data.kind]).toEqual([200, 'dock']);
  expect(dock().settings.dock.silent_mode).toBe(1);
});

it("refuses what DJI's ranges or the device kind do not allow, before sending", async () => {
  const before = propertySets();
  const high = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { height_limit: 5000 }, tokens.operator);
  expect(high.status).toBe(400);
  const dockOnAircraft = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { silent_mode: 1 }, tokens.operator);
  expect([dockOnAircraft.status, dockOnAircraft.body.error_code, dockOnAircraft.body.params]).toEqual([
    400,
    'remote.setting_not_writable',
    { name: 'silent_mode', kind: 'aircraft' },
  ]);
  const empty = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { obstacle_avoidance: {} }, tokens.operator);
  expect(empty.status).toBe(400);
  const unknown = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { camera_mode: 1 }, tokens.operator);
  expect(unknown.status).toBe(400);
  expect(propertySets()).toBe(before);
});

it('needs device:operate and the device in scope', async () => {
  const before = propertySets();
  const reader = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { night_lights_state: 1 }, tokens.reader);
  expect(reader.status).toBe(403);
  const foreign = await call('PATCH', `/api/Device/${aircraftId}/properties/`, { night_lights_state: 1 }, tokens.foreign);
  expect(foreign.status).toBe(404);
  const foreignView = await call('GET', `/api/Device/${dockId}/properties/`, undefined, tokens.foreign);
  expect(foreignView.status).toBe(404);
  expect(propertySets()).toBe(before);
});
