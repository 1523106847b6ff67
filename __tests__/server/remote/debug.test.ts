import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import type { DockConditions } from '../../../scripts/simulator/dockDebug';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { deviceIdOf } from './support';

/**
 * A dock's remote debugging through the API (issue 32, docs/remote.md), against the simulated dock: it streams OSD
 * from connect, refuses what a real one refuses with DJI's codes and reports its jobs' progress on `…/events`.
 */
jest.setTimeout(60_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
const conditions: DockConditions = {};
let dockId: number;
let aircraftId: number;
const tokens: Record<string, string> = {};

type Json = {
  status: number;
  body: {
    code: number; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
    data: any;
    error_code?: string;
    params?: Record<string, unknown>;
  };
};
async function call(method: 'GET' | 'POST', url: string, payload?: unknown, token = admin): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const debug = (body: Record<string, unknown>, token = admin, id = dockId) => call('POST', `/api/Device/${id}/debug/`, body, token);
const view = async () => (await call('GET', `/api/Device/${dockId}/debug/`)).body.data;
const received = () => simulation.gateways[0].servicesReceived;

/** A user of department `dept` holding `permissions` with department scope. */
async function userWith(name: string, dept: number, permissions: string[]): Promise<string> {
  const role = await call('POST', '/api/Role/', { code: name, name, permissions, data_scope: 'dept' });
  const password = `${name}-Passw0rd`;
  const user = await call('POST', '/api/User/', { username: name, name, password, dept_id: dept, role_ids: [role.body.data.id] });
  expect(user.status).toBe(200);
  return loginToken(server, name, password);
}

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'RDBG', { rate: 4, plans: false, dockConditions: conditions, debugJobMs: 1000 });
  const { db } = server.app;
  dockId = await deviceIdOf(server, simulation.gateways[0].sn);
  aircraftId = await deviceIdOf(server, simulation.gateways[0].plan.aircraft.sn);
  // The dock belongs to one department; another one's operators must not reach it.
  const own = (await call('POST', '/api/Dept/', { name: '远程一队' })).body.data.id as number;
  const other = (await call('POST', '/api/Dept/', { name: '远程二队' })).body.data.id as number;
  await db.updateTable('devices').set({ dept_id: own }).where('id', 'in', [dockId, aircraftId]).execute();
  tokens.operator = await userWith('remote_op', own, ['device:read', 'device:operate']);
  tokens.writer = await userWith('remote_writer', own, ['device:read', 'device:write']);
  tokens.foreign = await userWith('remote_foreign', other, ['device:*']);
  await until(async () => (await view()).mode_code === 0, 10_000, 'the dock reported its mode');
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

afterEach(() => {
  for (const key of Object.keys(conditions)) delete conditions[key as keyof DockConditions];
});

describe('who may', () => {
  it.each([
    ['device:write without device:operate', 'writer', 403, 'auth.missing_permission'],
    ["another department's operator (device:*)", 'foreign', 404, 'common.row_not_found'],
  ])('refuses %s, and sends nothing', async (_who, user, status, code) => {
    const before = received().length;
    const answer = await debug({ method: 'debug_mode_open' }, tokens[user]);
    expect([answer.status, answer.body.error_code]).toEqual([status, code]);
    expect(received().length).toBe(before);
    expect((await call('GET', `/api/Device/${dockId}/commands/`, undefined, tokens[user])).status).toBe(user === 'foreign' ? 404 : 200);
  });
});

describe('dock maintenance', () => {
  it('lists the services of a DJI Dock 2 (no putter), each with why it cannot be sent yet', async () => {
    const { online, methods, live } = await view();
    expect(online).toBe(true);
    expect(live.dock).toMatchObject({ coverState: 0, droneInDock: 1 });
    expect(methods.map((m: { method: string }) => m.method)).not.toContain('putter_open');
    expect(methods.find((m: { method: string }) => m.method === 'debug_mode_open').refusal).toBeNull();
    expect(methods.find((m: { method: string }) => m.method === 'cover_open').refusal).toBe('not_in_debug_mode');
  });

  it('refuses a service outside remote debugging without sending it, then opens debugging and the cover with progress', async () => {
    const before = received().length;
    const refused = await debug({ method: 'cover_open' }, tokens.operator);
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([409, 'remote.not_in_debug_mode', { mode: 0 }]);
    expect(received().length).toBe(before);

    const opened = await debug({ method: 'debug_mode_open' }, tokens.operator);
    expect([opened.status, opened.body.data.status]).toEqual([200, 'ok']);
    await until(async () => (await view()).mode_code === 2, 10_000, 'the dock reports remote debugging');

    const cover = await debug({ method: 'cover_open' }, tokens.operator);
    expect(cover.status).toBe(200);
    expect(cover.body.data).toMatchObject({ method: 'cover_open', result: 0 });
    const percents = new Set<number>();
    await until(
      async () => {
        const { job } = await view();
        if (job?.percent !== null && job?.percent !== undefined) percents.add(job.percent);
        return job?.status === 'ok';
      },
      10_000,
      'the cover job finished',
    );
    expect((await view()).job).toMatchObject({ method: 'cover_open', status: 'ok', percent: 100, step_key: 'open_cover', result: 0 });
    expect(percents.size).toBeGreaterThanOrEqual(1);
    await until(async () => (await view()).live.dock.coverState === 1, 10_000, 'the OSD shows the cover open');
  });

  it("answers the dock's refusal in words: rain keeps the cover shut (514134)", async () => {
    conditions.rainfall = 3;
    const refused = await debug({ method: 'cover_open' }, tokens.operator);
    expect([refused.status, refused.body.error_code, refused.body.params]).toEqual([
      409,
      'remote.device_refused',
      { method: 'cover_open', result: 514134, meaning: 'heavy_rain' },
    ]);
  });

  it('checks the action of a switch and refuses a service of another kind of device', async () => {
    const bad = await debug({ method: 'air_conditioner_mode_switch', action: 7 }, tokens.operator);
    expect([bad.status, bad.body.error_code]).toEqual([400, 'common.invalid_input']);
    expect((await debug({ method: 'cover_close', action: 1 }, tokens.operator)).status).toBe(400);
    const cool = await debug({ method: 'air_conditioner_mode_switch', action: 1 }, tokens.operator);
    expect([cool.status, cool.body.data.status]).toEqual([200, 'ok']);
    expect(simulation.gateways[0].dockDebug!.airConditionerMode).toBe(1);
    const putter = await debug({ method: 'putter_open' }, tokens.operator);
    expect([putter.status, putter.body.error_code, putter.body.params]).toEqual([409, 'remote.not_supported', { method: 'putter_open', model: 'DJI Dock 2' }]);
    const aircraft = await debug({ method: 'debug_mode_open' }, tokens.operator, aircraftId);
    expect([aircraft.status, aircraft.body.error_code]).toEqual([400, 'device.not_a_dock']);
  });

  it("audits every command with who, what, parameters, result or error code and duration, listed on the device's page", async () => {
    await debug({ method: 'debug_mode_close' }, tokens.operator);
    const commands = (await call('GET', `/api/Device/${dockId}/commands/`, undefined, tokens.operator)).body.data as Record<string, unknown>[];
    expect(commands.slice(0, 5).map(({ username, method, params, result, error_code }) => ({ username, method, params, result, error_code }))).toEqual([
      { username: 'remote_op', method: 'debug_mode_close', params: null, result: 0, error_code: null },
      { username: 'remote_op', method: 'putter_open', params: null, result: null, error_code: 'remote.not_supported' },
      { username: 'remote_op', method: 'air_conditioner_mode_switch', params: { action: 1 }, result: 0, error_code: null },
      { username: 'remote_op', method: 'cover_open', params: null, result: 514134, error_code: 'remote.device_refused' },
      { username: 'remote_op', method: 'cover_open', params: null, result: 0, error_code: null },
    ]);
    expect(commands.every((c) => typeof c.duration_ms === 'number' && typeof c.at === 'string')).toBe(true);
  });
});
