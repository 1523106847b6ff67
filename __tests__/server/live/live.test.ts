import { spawn } from 'node:child_process';
import http from 'node:http';
import type { Camera } from '@shared/liveVideo';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import type { LiveFaults } from '../../../scripts/simulator/gateway';
import { until } from '../../support/until';
import { pushTo as pushPattern } from './push';
import { loginToken, startServer, type TestServer } from '../mqtt/support';

/**
 * Live video end to end on one machine (issue 30): the server with its embedded RTMP ingest, a simulated dock whose
 * camera pushes a real H.264 stream with Debian's ffmpeg, and ffprobe as the viewer of the signed HTTP-FLV URL.
 */
jest.setTimeout(60_000);

let server: TestServer;
let simulation: Simulation;
let adminToken: string;
const faults: LiveFaults = {};
let aircraftId: number;
let aircraftSn: string;
let videoId: string;

type Json = {
  status: number;
  body: {
    code: number; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
    data: any;
    error_code?: string;
    params?: Record<string, unknown>;
  };
};
async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = adminToken): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const cameras = async (token = adminToken) => (await call('GET', `/api/Device/${aircraftId}/cameras/`, undefined, token)).body.data as Camera[];
const camera = async () => (await cameras()).find((c) => c.video_id === videoId)!;
const start = (body: Record<string, unknown> = { video_id: videoId }, token = adminToken) => call('POST', `/api/Device/${aircraftId}/live/`, body, token);
const stop = () => call('DELETE', `/api/Device/${aircraftId}/live/?video_id=${encodeURIComponent(videoId)}`);
const absolute = (url: string) => `http://127.0.0.1:${server.port}${url}`;

/** ffprobe's view of the first video stream at `url` (fails when nothing decodable arrives). */
function probe(url: string): Promise<{ width: number; height: number; codec_name: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', url]);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => (code === 0 ? resolve((JSON.parse(out) as { streams: never[] }).streams[0]) : reject(new Error(`ffprobe ${code}: ${err}`))));
  });
}

/** Opens the play URL and resolves with its status (and, for a 200, a detach that closes it once bytes arrived). */
function watch(url: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(absolute(url), (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve({ status: response.statusCode ?? 0, close: () => undefined });
      }
      response.once('data', () => resolve({ status: 200, close: () => request.destroy() }));
    });
    request.on('error', reject);
  });
}

/** Pushes a test pattern to `rtmp://…/live/{name}`; resolves with ffmpeg's exit code (non-zero: refused). */
const pushTo = (name: string) => pushPattern(server.app.live!.media.rtmpBase(), name);
const streamName = (url: string) => /\/live\/([^.]+)\.flv/.exec(url)![1];

beforeAll(async () => {
  // The simulated camera answers a start once its push is up (ffmpeg starting, slower on a loaded machine).
  server = await startServer({}, { RTMP_PORT: '0', LIVE_SWEEP_MS: '100', LIVE_IDLE_STOP_S: '3', LIVE_REPLY_TIMEOUT_MS: '5000', LIVE_PLAY_URL_TTL_S: '30' });
  adminToken = await loginToken(server);
  simulation = await simulatedDock(server, 'LIVE', { rate: 2, plans: false, liveFaults: faults });
  aircraftSn = simulation.gateways[0].plan.aircraft.sn;
  const device = await server.app.db.selectFrom('devices').select('id').where('serial', '=', aircraftSn).executeTakeFirstOrThrow();
  aircraftId = device.id;
  await until(async () => (await cameras()).length > 0, 10_000, 'the dock reported live_capacity');
  videoId = (await cameras())[0].video_id;
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

afterEach(() => {
  for (const key of Object.keys(faults)) delete faults[key as keyof LiveFaults];
});

describe('cameras', () => {
  it("lists the aircraft's camera from the dock's live_capacity, and the dock lists its own too", async () => {
    expect(await cameras()).toEqual([
      {
        video_id: `${aircraftSn}/99-0-0/normal-0`,
        sn: aircraftSn,
        camera_index: '99-0-0',
        video_index: 'normal-0',
        video_type: 'normal',
        switchable_video_types: ['normal', 'wide', 'zoom', 'ir'],
        live: { status: 'idle', quality: 0, error: 0, viewers: 0, ended_reason: null },
      },
    ]);
    const dockSn = simulation.gateways[0].sn;
    const dock = await server.app.db.selectFrom('devices').select('id').where('serial', '=', dockSn).executeTakeFirstOrThrow();
    const all = (await call('GET', `/api/Device/${dock.id}/cameras/`)).body.data as Camera[];
    expect(all.map((c) => c.sn)).toEqual([aircraftSn, dockSn]);
  });
});

describe('the wall', () => {
  it("lists every online camera once, under its source device (the dock's list of its aircraft's camera is not repeated)", async () => {
    const dockSn = simulation.gateways[0].sn;
    const dock = await server.app.db.selectFrom('devices').select(['id', 'name']).where('serial', '=', dockSn).executeTakeFirstOrThrow();
    const aircraft = await server.app.db.selectFrom('devices').select('name').where('id', '=', aircraftId).executeTakeFirstOrThrow();
    const wall = (await call('GET', '/api/Live/cameras/')).body.data as Array<Camera & { device_id: number; device_name: string }>;
    expect(wall.map((c) => [c.video_id, c.device_id, c.device_name])).toEqual([
      [videoId, aircraftId, aircraft.name],
      [`${dockSn}/165-0-7/normal-0`, dock.id, dock.name],
    ]);
    expect(wall[0]).toMatchObject(await camera());
  });
});

describe('a stream', () => {
  it('starts with live_start_push, plays as H.264 over signed HTTP-FLV, joins, switches lens and quality, and stops', async () => {
    const started = await start({ video_id: videoId, quality: 2 });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      video_id: videoId,
      joined: false,
      play: { flv: expect.stringMatching(/^\/live\/[A-Za-z0-9_-]{24}\.flv\?exp=\d+&sig=/) },
    });
    const flv: string = started.body.data.play.flv;
    expect(await probe(absolute(flv))).toEqual({ codec_name: 'h264', width: 1280, height: 720 });

    const viewer = await watch(flv);
    expect(viewer.status).toBe(200);
    await until(async () => (await camera()).live.viewers === 1, 5000, 'one viewer counted');
    const joined = await start();
    expect(joined.body.data.joined).toBe(true);
    expect(streamName(joined.body.data.play.flv)).toBe(streamName(flv));

    const zoom = await call('PATCH', `/api/Device/${aircraftId}/live/`, { video_id: videoId, lens: 'zoom' });
    expect(zoom.status).toBe(200);
    expect(zoom.body.data.video_type).toBe('zoom');
    expect(simulation.gateways[0].camera(videoId)!.currentLens).toBe('zoom');
    const smooth = await call('PATCH', `/api/Device/${aircraftId}/live/`, { video_id: videoId, quality: 1 });
    expect(smooth.body.data.live.quality).toBe(1);
    // The device pushes the smaller picture to the same stream.
    await until(async () => (await probe(absolute(flv)).catch(() => null))?.width === 960, 15_000, 'the stream is 960 wide');
    viewer.close();

    expect((await stop()).body.data.live).toMatchObject({ status: 'ended', ended_reason: 'stopped', viewers: 0 });
    expect(simulation.gateways[0].camera(videoId)!.live).toBe(false);
    expect((await watch(flv)).status).toBe(404);
  });

  it('refuses a publish to an unknown name and to a stopped stream; the started name is taken by its device only', async () => {
    expect(await pushTo('not-a-stream-name')).not.toBe(0);
    const started = await start();
    const name = streamName(started.body.data.play.flv);
    // The device's push holds the name: a second publisher is refused.
    await until(() => server.app.live!.media.ingest!.publishing(name), 10_000, 'the device publishes');
    expect(await pushTo(name)).not.toBe(0);
    await stop();
    expect(await pushTo(name)).not.toBe(0);
  });

  it('opens a play URL only with a valid, unexpired signature for that stream', async () => {
    const started = await start();
    const flv: string = started.body.data.play.flv;
    const [path, query] = flv.split('?');
    const params = new URLSearchParams(query);
    expect((await watch(path)).status).toBe(403);
    expect((await watch(`${path}?exp=${params.get('exp')}&sig=${'A'.repeat(43)}`)).status).toBe(403);
    // Another stream's signature does not open this one.
    expect((await watch(`/live/${'B'.repeat(24)}.flv?${query}`)).status).toBe(404);
    // A signature for a time already past.
    const { signPlay } = await import('../../../server/livestream/playback');
    const expired = signPlay(server.app.live!.secret, streamName(flv), Math.floor(Date.now() / 1000) - 1);
    expect((await watch(`${path}?${expired}`)).status).toBe(403);
    const open = await watch(flv);
    expect(open.status).toBe(200);
    open.close();
    await stop();
  });

  it('plays over LL-HLS too: a signed master playlist opens a session, whose playlist, parts and segments alone are served', async () => {
    const started = await start();
    const hls: string = started.body.data.play.hls;
    expect(hls).toMatch(/^\/live\/[A-Za-z0-9_-]{24}\/index\.m3u8\?exp=\d+&sig=/);
    const [path, query] = hls.split('?');
    const get = (url: string) => fetch(absolute(url));
    // The same signature rules as HTTP-FLV: unsigned or another stream's signature opens nothing.
    expect((await get(path)).status).toBe(403);
    expect((await get(`/live/${'B'.repeat(24)}/index.m3u8?${query}`)).status).toBe(404);
    const master = await get(hls);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/mpegurl/);
    const sid = /live\.m3u8\?sid=([A-Za-z0-9_-]+)/.exec(await master.text())![1];
    const base = path.replace(/index\.m3u8$/, '');
    // Without the session (or with a made-up one) neither the playlist nor a part.
    expect((await get(`${base}live.m3u8`)).status).toBe(404);
    expect((await get(`${base}live.m3u8?sid=made-up`)).status).toBe(404);
    const playlist = await (await get(`${base}live.m3u8?sid=${sid}`)).text();
    expect(playlist).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=');
    expect(playlist).toContain('#EXT-X-PART-INF:PART-TARGET=');
    expect(playlist).toContain(`#EXT-X-MAP:URI="init.mp4?sid=${sid}"`);
    const parts = [...playlist.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="(p\d+\.mp4)\?sid=[^"]+"(,INDEPENDENT=YES)?/g)];
    expect(parts.length).toBeGreaterThan(0);
    // The first part listed starts a segment (a key frame); parts are ~0.2 s.
    expect(parts[0][3]).toBe(',INDEPENDENT=YES');
    for (const [, duration] of parts) expect(Number(duration)).toBeLessThanOrEqual(0.25);
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(p(\d+)\.mp4)\?/.exec(playlist)!;
    expect((await get(`${base}${parts[0][2]}`)).status).toBe(404);

    // Blocking reload: the playlist for the part three past the last one held (the advance part limit) waits until
    // it exists (about three parts, 0.6 s), then lists it: its preload hint is at least two parts further on.
    const msn = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)![1]) + (playlist.match(/#EXTINF/g) ?? []).length;
    const partIndex = playlist
      .slice(playlist.lastIndexOf('#EXTINF'))
      .split('\n')
      .filter((l) => l.startsWith('#EXT-X-PART:')).length;
    const asked = Date.now();
    const blocked = await get(`${base}live.m3u8?sid=${sid}&_HLS_msn=${msn}&_HLS_part=${partIndex + 2}`);
    expect(blocked.status).toBe(200);
    expect(Date.now() - asked).toBeGreaterThan(100);
    const nextHint = Number(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.mp4/.exec(await blocked.text())![1]);
    expect(nextHint).toBeGreaterThanOrEqual(Number(hint[2]) + 2);
    // A playlist too far ahead is a 400 at once.
    expect((await get(`${base}live.m3u8?sid=${sid}&_HLS_msn=${msn + 3}`)).status).toBe(400);

    // The init section and the parts (fMP4, a remux, not a transcode) play: ffprobe reads the H.264 picture.
    const init = await get(`${base}init.mp4?sid=${sid}`);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const media = [Buffer.from(await init.arrayBuffer())];
    for (const [, , uri] of parts) media.push(Buffer.from(await (await get(`${base}${uri}?sid=${sid}`)).arrayBuffer()));
    const file = path.replace(/[^A-Za-z0-9]/g, '') + '.mp4';
    const { writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const mp4 = `${tmpdir()}/${file}`;
    await writeFile(mp4, Buffer.concat(media));
    expect(await probe(mp4)).toEqual({ codec_name: 'h264', width: 1280, height: 720 });
    await rm(mp4);
    // A whole segment is its parts.
    const segment = /\n(s\d+\.mp4\?sid=[^\n]+)/.exec(playlist);
    if (segment) expect((await get(`${base}${segment[1]}`)).status).toBe(200);

    // The session counts as a viewer; ffprobe plays the stream through the master playlist, reading whole segments as
    // a player without low-latency support does: once one is complete (a blocking reload for the next one's first part).
    expect((await camera()).live.viewers).toBe(1);
    expect((await get(`${base}live.m3u8?sid=${sid}&_HLS_msn=${msn + 1}&_HLS_part=0`)).status).toBe(200);
    expect(await probe(absolute(hls))).toEqual({ codec_name: 'h264', width: 1280, height: 720 });
    await stop();
    expect((await get(`${base}live.m3u8?sid=${sid}`)).status).toBe(404);
  });

  it("answers the device's refusal as 409 with DJI's code, and a silent device as 504", async () => {
    faults.live_start_push = 513001;
    const refused = await start();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'live.device_refused', params: { method: 'live_start_push', result: 513001 } });
    faults.live_start_push = 'silent';
    const silent = await start();
    expect(silent.status).toBe(504);
    expect(silent.body.error_code).toBe('live.device_timeout');
    // Nothing was started: the camera shows its last stream (ended by the previous test), not a live one.
    expect((await camera()).live.status).not.toBe('live');
    expect(simulation.gateways[0].camera(videoId)!.live).toBe(false);
  });

  it('refuses a lens the camera does not have, a change of a stream that is not live and an unknown video', async () => {
    expect((await call('PATCH', `/api/Device/${aircraftId}/live/`, { video_id: videoId, lens: 'thermal' })).status).toBe(400);
    expect((await call('PATCH', `/api/Device/${aircraftId}/live/`, { video_id: videoId, quality: 3 })).body.error_code).toBe('live.not_live');
    expect((await start({ video_id: `${aircraftSn}/1-0-0/normal-0` })).body.error_code).toBe('live.unknown_video');
    expect((await start({ video_id: 'not a video id' })).status).toBe(400);
  });

  it('stops a stream nobody watches after the idle time', async () => {
    await start();
    await until(async () => (await camera()).live.ended_reason === 'idle', 10_000, 'the idle stream stopped');
    expect(simulation.gateways[0].camera(videoId)!.live).toBe(false);
  });
});

describe('scope', () => {
  it("hides another department's device: no cameras and no stream for operator1", async () => {
    const operator = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    expect((await call('GET', `/api/Device/${aircraftId}/cameras/`, undefined, operator)).status).toBe(404);
    expect((await call('GET', '/api/Live/cameras/', undefined, operator)).body.data).toEqual([]);
    expect((await start({ video_id: videoId }, operator)).status).toBe(404);
    expect(simulation.gateways[0].camera(videoId)!.live).toBe(false);
  });
});

describe('offline', () => {
  it('ends the stream when its device goes offline', async () => {
    const started = await start();
    const viewer = await watch(started.body.data.play.flv);
    await simulation.stop();
    await until(async () => (await camera()).live.ended_reason === 'offline', 10_000, 'the stream ended as offline');
    viewer.close();
  });
});
