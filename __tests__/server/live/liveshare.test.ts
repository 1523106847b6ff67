import { spawn } from 'node:child_process';
import type { Camera } from '@shared/liveVideo';
import type { Simulation } from '../../../scripts/simulator';
import type { SimulatedCamera } from '../../../scripts/simulator/camera';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';

/**
 * Liveshare (issue 30, docs/controller.md): the pilot publishes the aircraft's camera from /djiapp. The server hands
 * the controller an RTMP URL with a fresh stream name (POST /api/Live/liveshare/, device:pilot on a remote controller
 * in the caller's scope, audited); Pilot 2 pushes there itself (here the simulated RC's camera, Debian's ffmpeg, as
 * the controller would once liveshareStartLive ran), and the console watches it like any stream.
 */
jest.setTimeout(60_000);

let server: TestServer;
let simulation: Simulation;
let adminToken: string;
let rcSn: string;
let rcId: number;
let aircraftId: number;
let videoId: string;
let camera: SimulatedCamera;

type Json = { status: number; body: { code: number; data: any; error_code?: string; params?: Record<string, unknown> } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = adminToken): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const share = (token = adminToken, gatewaySn = rcSn) => call('POST', '/api/Live/liveshare/', { gateway_sn: gatewaySn }, token);
const unshare = (token = adminToken) => call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`, undefined, token);
const aircraftCamera = async () => ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).body.data as Camera[]).find((c) => c.video_id === videoId)!;
const login = (username: 'operator1' | 'operator2' | 'viewer2') => loginToken(server, username, server.demoPasswords![username]);

/** ffprobe's view of the first video stream at `url` (fails when nothing decodable arrives). */
function probe(url: string): Promise<{ width: number; height: number; codec_name: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', url]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve((JSON.parse(out) as { streams: never[] }).streams[0]) : reject(new Error(`ffprobe ${code}`))));
  });
}
const streamName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

beforeAll(async () => {
  server = await startServer({}, { RTMP_PORT: '0', LIVE_SWEEP_MS: '100', LIVE_IDLE_STOP_S: '600', LIVE_REPLY_TIMEOUT_MS: '5000' });
  adminToken = await loginToken(server);
  // One Pilot 2 gateway: a remote controller and its aircraft.
  simulation = await simulatedDock(server, 'SHARE', { gateways: 1, docks: 0, rate: 2, plans: false });
  const gateway = simulation.gateways[0];
  rcSn = gateway.sn;
  const rows = await server.app.db.selectFrom('devices').select(['id', 'serial']).where('serial', 'in', [rcSn, gateway.plan.aircraft.sn]).execute();
  rcId = rows.find((r) => r.serial === rcSn)!.id;
  aircraftId = rows.find((r) => r.serial === gateway.plan.aircraft.sn)!.id;
  // The controller belongs to the second team (巡检二队); operator1 pilots for the first.
  const team2 = await server.app.db.selectFrom('users').select('dept_id').where('username', '=', 'operator2').executeTakeFirstOrThrow();
  await server.app.db.updateTable('devices').set({ dept_id: team2.dept_id }).where('id', '=', rcId).execute();
  await until(async () => (await call('GET', `/api/Device/${rcId}/cameras/`)).body.data?.length > 0, 10_000, 'the RC reported live_capacity');
  videoId = (await call('GET', `/api/Device/${rcId}/cameras/`)).body.data[0].video_id;
  camera = gateway.camera(videoId)!;
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

describe('who may', () => {
  it('needs device:pilot', async () => {
    const viewer = await login('viewer2');
    expect((await share(viewer)).status).toBe(403);
  });

  it("refuses another department's controller as missing, and opens nothing", async () => {
    const operator1 = await login('operator1');
    expect((await call('GET', `/api/Device/${rcId}/`, undefined, operator1)).status).toBe(404);
    const refused = await share(operator1);
    expect(refused.status).toBe(404);
    expect(refused.body.error_code).toBe('common.row_not_found');
    expect((await unshare(operator1)).status).toBe(404);
    expect((await aircraftCamera()).live.status).toBe('idle');
  });

  it('refuses a serial that is not a remote controller, and an unknown one', async () => {
    const aircraftSn = simulation.gateways[0].plan.aircraft.sn;
    expect((await share(adminToken, aircraftSn)).status).toBe(404);
    expect((await share(adminToken, 'NO-SUCH-RC')).status).toBe(404);
    expect((await share(adminToken, 'not a serial')).status).toBe(400);
  });
});

describe('a shared stream', () => {
  it("gives the controller's pilot a fresh RTMP URL for the aircraft's camera, audited; the push plays in the console and ends when the pilot stops", async () => {
    const operator2 = await login('operator2');
    const shared = await share(operator2);
    expect(shared.status).toBe(200);
    expect(shared.body.data).toEqual({
      video_id: videoId,
      url: expect.stringMatching(/^rtmp:\/\/[^/]+\/live\/[A-Za-z0-9_-]{24}$/),
      joined: false,
      expires_at: expect.any(String),
    });
    // The URL takes a publish for LIVE_LIVESHARE_TTL_S (4 h by default; liveshareExpiry.test.ts refuses one after).
    expect(Date.parse(shared.body.data.expires_at) - Date.now()).toBeGreaterThan(4 * 3600_000 - 60_000);
    const url: string = shared.body.data.url;
    const audit = await server.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'liveshare_start').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: 'operator2', entity: 'device', entity_id: String(rcId) });
    expect(JSON.parse(audit.detail!)).toEqual({ video_id: videoId, joined: false, expires_at: shared.body.data.expires_at });

    // Asked again (the page reopened): the same stream.
    expect(streamName((await share(operator2)).body.data.url)).toBe(streamName(url));

    // Pilot 2 pushes once the pilot starts (liveshareStartLive); the console's start joins it, no live_start_push.
    expect(await camera.start(url, 2)).toBe(true);
    const watched = await call('POST', `/api/Device/${aircraftId}/live/`, { video_id: videoId });
    expect(watched.body.data.joined).toBe(true);
    const flv = `http://127.0.0.1:${server.port}${watched.body.data.play.flv as string}`;
    expect(await probe(flv)).toEqual({ codec_name: 'h264', width: 1280, height: 720 });

    // The pilot stops on the controller: the stream ends, its name takes no publish any more.
    camera.stop();
    const stopped = await unshare(operator2);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.live).toMatchObject({ status: 'ended', ended_reason: 'stopped' });
    expect(server.app.live!.media.ingest!.isOpen(streamName(url))).toBe(false);
    expect(await server.app.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'liveshare_stop').execute()).toEqual([
      { entity_id: String(rcId) },
    ]);

    // Shared again: a new name.
    const again = await share(operator2);
    expect(streamName(again.body.data.url)).not.toBe(streamName(url));
    await unshare(operator2);
  });

  it('hands out the running stream when the console started the camera already', async () => {
    const started = await call('POST', `/api/Device/${aircraftId}/live/`, { video_id: videoId });
    expect(started.status).toBe(200);
    const shared = await share();
    expect(shared.body.data.joined).toBe(true);
    expect(started.body.data.play.flv).toContain(`/live/${streamName(shared.body.data.url)}.flv`);
    await call('DELETE', `/api/Device/${aircraftId}/live/?video_id=${encodeURIComponent(videoId)}`);
  });

  it('says so when the controller is offline', async () => {
    await simulation.stop();
    await until(async () => (await share()).body.error_code === 'live.device_offline', 10_000, 'the RC is offline');
  });
});
