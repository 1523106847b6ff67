import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { callAs, departmentsAround, deviceIdOf, userWith } from './support';

/**
 * Dock logs (issue 32, docs/remote.md) against the simulated dock: it lists its boots (fileupload_list, `files` beside
 * the result as DJI's doc shows), packs the asked boots into a tar and puts it in the object store with the
 * credentials fileupload_start carried, reporting fileupload_progress; the archive is then downloadable in scope.
 */
jest.setTimeout(90_000);

let server: TestServer;
let simulation: Simulation;
let admin: string;
let dockId: number;
let aircraftId: number;
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => callAs(server, token, method, url, payload);
const dock = () => simulation.gateways[0];
const uploads = async (token = admin) => (await call('GET', `/api/Device/${dockId}/logs/uploads/`, undefined, token)).body.data;
const settled = async () => {
  await until(async () => ['ok', 'failed', 'canceled', 'timeout', 'rejected'].includes((await uploads())[0]?.status), 20_000, 'the upload ended');
  return (await uploads())[0];
};

beforeAll(async () => {
  server = await startServer({}, { REMOTE_REPLY_TIMEOUT_MS: '3000' });
  admin = await loginToken(server);
  simulation = await simulatedDock(server, 'RLOG', { plans: false, logStepMs: 150 });
  dockId = await deviceIdOf(server, dock().sn);
  aircraftId = await deviceIdOf(server, dock().plan.aircraft.sn);
  const { own, other } = await departmentsAround(server, admin, dock().sn, ['日志一队', '日志二队']);
  tokens.operator = await userWith(server, admin, 'log_op', own, ['device:read', 'device:operate']);
  tokens.reader = await userWith(server, admin, 'log_reader', own, ['device:read']);
  tokens.foreign = await userWith(server, admin, 'log_foreign', other, ['device:*']);
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('listing', () => {
  it("lists the dock's and the aircraft's boots, audited", async () => {
    const listed = await call('GET', `/api/Device/${dockId}/logs/`, undefined, tokens.operator);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((f: { device_sn: string; module: string }) => [f.module, f.device_sn]).sort()).toEqual([
      ['0', dock().plan.aircraft.sn],
      ['3', dock().sn],
    ]);
    expect(listed.body.data[0].list).toHaveLength(5);
    expect(listed.body.data[0].list[0]).toEqual(expect.objectContaining({ boot_index: 100, size: expect.any(Number) }));
    const commands = (await call('GET', `/api/Device/${dockId}/commands/`)).body.data;
    expect(commands[0]).toMatchObject({ username: 'log_op', method: 'fileupload_list', result: 0 });
  });

  it('needs device:operate, the dock in scope, a dock', async () => {
    const reader = await call('GET', `/api/Device/${dockId}/logs/`, undefined, tokens.reader);
    expect(reader.status).toBe(403);
    const foreign = await call('GET', `/api/Device/${dockId}/logs/`, undefined, tokens.foreign);
    expect(foreign.status).toBe(404);
    const aircraft = await call('GET', `/api/Device/${aircraftId}/logs/`, undefined, tokens.operator);
    expect([aircraft.status, aircraft.body.error_code]).toEqual([400, 'device.not_a_dock']);
    expect(dock().servicesReceived.filter((m) => m === 'fileupload_list')).toHaveLength(1);
  });
});

describe('uploading', () => {
  let uploadId: number;

  it('uploads the boots asked, reports progress and ends with each archive in the store', async () => {
    const started = await call(
      'POST',
      `/api/Device/${dockId}/logs/`,
      {
        files: [
          { module: '3', boot_indexes: [101, 102] },
          { module: '0', boot_indexes: [104] },
        ],
      },
      tokens.operator,
    );
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      username: 'log_op',
      files: [
        { module: '3', boot_indexes: [101, 102] },
        { module: '0', boot_indexes: [104] },
      ],
    });
    expect(['sent', 'file_pull']).toContain(started.body.data.status);
    uploadId = started.body.data.id;
    const again = await call('POST', `/api/Device/${dockId}/logs/`, { files: [{ module: '3', boot_indexes: [100] }] }, tokens.operator);
    expect([again.status, again.body.error_code]).toEqual([409, 'remote.log_upload_running']);
    const done = await settled();
    expect(done).toMatchObject({ id: uploadId, status: 'ok', result: 0 });
    for (const file of done.files)
      expect(file).toMatchObject({ status: 'ok', progress: 100, size: expect.any(Number), fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(done.files.map((f: { device_sn: string }) => f.device_sn)).toEqual([dock().sn, dock().plan.aircraft.sn]);
  });

  it('serves an archive to an operator in scope: a tar of the boots asked', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/Device/${dockId}/logs/file/?upload=${uploadId}&module=3`,
      headers: { authorization: `Bearer ${tokens.operator}` },
    });
    expect([response.statusCode, response.statusCode === 200 ? '' : response.body]).toEqual([200, '']);
    expect(response.headers['content-type']).toBe('application/x-tar');
    const tar = response.rawPayload;
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tar.subarray(0, 100).toString().replace(/\0+$/, '')).toBe(`${dock().sn}/boot_101.log`);
    expect(tar.toString('latin1')).toContain(`${dock().sn}/boot_102.log`);
  });

  it("refuses the archive out of scope, and another device's upload through a device in scope", async () => {
    const foreign = await call('GET', `/api/Device/${dockId}/logs/file/?upload=${uploadId}&module=3`, undefined, tokens.foreign);
    expect(foreign.status).toBe(404);
    const reader = await call('GET', `/api/Device/${dockId}/logs/file/?upload=${uploadId}&module=3`, undefined, tokens.reader);
    expect(reader.status).toBe(403);
    // A dock of the other department: its operator names their own dock and this dock's upload.
    const { db } = server.app;
    const otherDept = (await db.selectFrom('users').select('dept_id').where('username', '=', 'log_foreign').executeTakeFirstOrThrow()).dept_id;
    const theirDock = (await call('POST', '/api/Device/', { serial: 'RLOGOTHERDOCK1', name: 'other dock', model: 'DJI Dock 2', kind: 'dock' })).body.data;
    await db.updateTable('devices').set({ dept_id: otherDept }).where('id', '=', theirDock.id).execute();
    const crossed = await call('GET', `/api/Device/${theirDock.id}/logs/file/?upload=${uploadId}&module=3`, undefined, tokens.foreign);
    expect([crossed.status, crossed.body.error_code]).toEqual([404, 'remote.log_upload_not_found']);
    expect((await call('GET', `/api/Device/${theirDock.id}/logs/uploads/`, undefined, tokens.foreign)).body.data).toEqual([]);
  });

  it('cancels a running upload with fileupload_update', async () => {
    const started = await call('POST', `/api/Device/${dockId}/logs/`, { files: [{ module: '0', boot_indexes: [100] }] }, tokens.operator);
    expect(started.status).toBe(200);
    const canceled = await call('DELETE', `/api/Device/${dockId}/logs/`, undefined, tokens.operator);
    expect(canceled.status).toBe(200);
    expect(await settled()).toMatchObject({ id: started.body.data.id, status: 'canceled' });
    expect(dock().servicesReceived).toContain('fileupload_update');
    const none = await call('DELETE', `/api/Device/${dockId}/logs/`, undefined, tokens.operator);
    expect([none.status, none.body.error_code]).toEqual([409, 'remote.no_log_upload']);
    const methods = (await call('GET', `/api/Device/${dockId}/commands/`)).body.data.map((c: { method: string }) => c.method);
    expect(methods.slice(0, 3)).toEqual(['fileupload_update', 'fileupload_update', 'fileupload_start']);
  });
});
