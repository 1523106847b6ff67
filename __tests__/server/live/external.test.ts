import net from 'node:net';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';

/**
 * Live video with an external media server (docs/live-video.md "External"): MediaMTX's part is played by a small RTMP
 * ingest standing in for it, which, as MediaMTX does with `authHTTPAddress`, asks /live/hooks/mediamtx before it takes
 * a publish. The start answers the external server's HTTP-FLV and HLS URLs, signed alike; its read callbacks check the
 * signature and keep the viewer count. Issue 30.
 */
jest.setTimeout(60_000);

let server: TestServer;
let simulation: Simulation;
let token: string;
let aircraftId: number;
let videoId: string;
const FLV_BASE = 'http://media.example:8081/live';
const HLS_BASE = 'http://media.example:8888/live';

/** What the stand-in asked about each publish (path, answer) and its listening socket. */
const publishes: Array<{ path: string; status: number }> = [];
let media: net.Server;

/** MediaMTX's authHTTPAddress request for `action` on path `live/{name}`. */
const mediamtx = async (action: string, name: string, query = '') =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/live/hooks/mediamtx',
      payload: { user: '', password: '', token: '', ip: '127.0.0.1', action, path: `live/${name}`, protocol: 'hls', id: null, query },
    })
  ).statusCode;

/** An RTMP ingest that takes a publish only when the API's MediaMTX callback allows it (the stream itself is dropped). */
function standInMediaServer(): net.Server {
  return net.createServer((socket) => {
    const rtmp = new Rtmp();
    let name = '';
    rtmp.onOutputCallback = (buffer) => void (socket.writable && socket.write(buffer));
    rtmp.onConnectCallback = (request) => void (name = request.name);
    rtmp.onPlayCallback = () => socket.destroy();
    rtmp.onPushCallback = () => {
      // The callback's answer comes later; the publisher's packets meanwhile are dropped, as a refusal drops them all.
      void mediamtx('publish', name).then((status) => {
        publishes.push({ path: `live/${name}`, status });
        if (status !== 200) socket.destroy();
      });
    };
    rtmp.onPacketCallback = () => undefined;
    socket.on('data', (data: Buffer) => void (rtmp.parserData(data) && socket.destroy()));
    socket.on('error', () => undefined);
  });
}

type Json = { status: number; body: { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const viewers = async () =>
  ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).body.data as Array<{ video_id: string; live: { viewers: number } }>).find(
    (c) => c.video_id === videoId,
  )!.live.viewers;

beforeAll(async () => {
  media = standInMediaServer();
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  const port = (media.address() as net.AddressInfo).port;
  server = await startServer(
    {},
    {
      RTMP_PUBLIC_URL: `rtmp://127.0.0.1:${port}/live`,
      LIVE_MEDIA_PLAY_URL: FLV_BASE,
      LIVE_MEDIA_HLS_URL: `${HLS_BASE}/`,
      LIVE_SWEEP_MS: '100',
      LIVE_REPLY_TIMEOUT_MS: '5000',
    },
  );
  token = await loginToken(server);
  simulation = await simulatedDock(server, 'EXTMEDIA', { rate: 2, plans: false });
  const aircraftSn = simulation.gateways[0].plan.aircraft.sn;
  aircraftId = (await server.app.db.selectFrom('devices').select('id').where('serial', '=', aircraftSn).executeTakeFirstOrThrow()).id;
  await until(async () => ((await call('GET', `/api/Device/${aircraftId}/cameras/`)).body.data ?? []).length > 0, 10_000, 'live_capacity');
  videoId = (await call('GET', `/api/Device/${aircraftId}/cameras/`)).body.data[0].video_id;
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
  await new Promise((resolve) => media?.close(resolve));
});

it("answers a start with the external server's HTTP-FLV and HLS URLs, signed alike, and its callbacks allow that stream alone", async () => {
  const started = await call('POST', `/api/Device/${aircraftId}/live/`, { video_id: videoId });
  expect(started.status).toBe(200);
  const { flv, hls } = started.body.data.play as { flv: string; hls: string };
  const [, name, flvQuery] = new RegExp(`^${FLV_BASE}/([A-Za-z0-9_-]{24})\\.flv\\?(exp=\\d+&sig=[A-Za-z0-9_-]+)$`).exec(flv)!;
  expect(hls).toBe(`${HLS_BASE}/${name}/index.m3u8?${flvQuery}`);
  // The device pushed to the external server, which asked and was allowed; the embedded ingest stays off.
  expect(publishes).toEqual([{ path: `live/${name}`, status: 200 }]);
  expect(server.app.live!.media.ingest).toBeUndefined();

  // A read (an HLS session's first request) with the play URL's query: allowed and counted.
  expect(await mediamtx('read', name, flvQuery)).toBe(200);
  expect(await viewers()).toBe(1);
  // Unsigned, forged, another stream, a publish under a made-up name, an action not offered: refused.
  expect(await mediamtx('read', name)).toBe(403);
  expect(await mediamtx('read', name, flvQuery.replace(/sig=./, 'sig=A'))).toBe(403);
  expect(await mediamtx('read', 'B'.repeat(24), flvQuery)).toBe(404);
  expect(await mediamtx('publish', 'made-up-name')).toBe(403);
  expect(await mediamtx('playback', name, flvQuery)).toBe(403);
  // MediaMTX's runOnUnread posts the path when the session ends: one viewer less.
  await server.app.inject({
    method: 'POST',
    url: '/live/hooks/play_done',
    payload: `path=live%2F${name}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(await viewers()).toBe(0);

  await call('DELETE', `/api/Device/${aircraftId}/live/?video_id=${encodeURIComponent(videoId)}`);
  expect(await mediamtx('publish', name)).toBe(403);
});
