import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { loginToken, startServer, type TestServer } from '../mqtt/support';
import { pushTo } from './push';

/**
 * The push URL handed to a pilot (POST /api/Live/liveshare/) expires (LIVE_LIVESHARE_TTL_S; 3 s here): a publish
 * after `expires_at` is refused by the ingest (a real ffmpeg push) and by the external media server's publish hook;
 * DELETE revokes it at once. Issue 30 / 34.
 */
jest.setTimeout(60_000);

const TTL_S = 3;
let server: TestServer;
let simulation: Simulation;
let token: string;
let rcSn: string;

type Json = { status: number; body: { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const share = () => call('POST', '/api/Live/liveshare/', { gateway_sn: rcSn });
const streamName = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const push = (name: string) => pushTo(server.app.live!.media.rtmpBase(), name, 1);
/** The external media server's question before a publish (2xx allows). */
const publishHook = async (name: string) => (await server.app.inject({ method: 'POST', url: '/live/hooks/publish', payload: { name } })).statusCode;

beforeAll(async () => {
  server = await startServer(
    {},
    { RTMP_PORT: '0', LIVE_SWEEP_MS: '100', LIVE_IDLE_STOP_S: '600', LIVE_LIVESHARE_TTL_S: String(TTL_S), LIVE_REPLY_TIMEOUT_MS: '5000' },
  );
  token = await loginToken(server);
  simulation = await simulatedDock(server, 'SHAREX', { gateways: 1, docks: 0, rate: 2, plans: false });
  rcSn = simulation.gateways[0].sn;
  await until(async () => (await share()).status === 200, 10_000, 'the RC reported live_capacity');
  await call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`);
}, 120_000);

afterAll(async () => {
  await simulation?.stop();
  await server?.close();
});

it('the URL takes a publish until expires_at, then neither the ingest nor the publish hook takes one; asked again, a fresh URL', async () => {
  const before = Date.now();
  const shared = await share();
  expect(shared.status).toBe(200);
  const expiresAt = Date.parse(shared.body.data.expires_at);
  expect(expiresAt).toBeGreaterThanOrEqual(before + TTL_S * 1000);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + TTL_S * 1000);
  const name = streamName(shared.body.data.url);
  expect(await publishHook(name)).toBe(200);
  expect(await push(name)).toBe(0);
  // Asked again before it expires (the page reopened): the same URL, the same expiry.
  expect((await share()).body.data).toMatchObject({ url: shared.body.data.url, expires_at: shared.body.data.expires_at });

  await until(() => Date.now() >= expiresAt, (TTL_S + 2) * 1000, 'the URL expired');
  expect(await push(name)).not.toBe(0);
  expect(await publishHook(name)).toBe(403);

  const fresh = await share();
  expect(streamName(fresh.body.data.url)).not.toBe(name);
  expect(Date.parse(fresh.body.data.expires_at)).toBeGreaterThan(expiresAt);
  expect(await push(streamName(fresh.body.data.url))).toBe(0);
  await call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`);
});

it('DELETE revokes the URL at once, long before it expires', async () => {
  const shared = await share();
  const name = streamName(shared.body.data.url);
  expect(Date.parse(shared.body.data.expires_at)).toBeGreaterThan(Date.now());
  expect((await call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`)).status).toBe(200);
  expect(await push(name)).not.toBe(0);
  expect(await publishHook(name)).toBe(403);
});

it('a console stream the pilot joined expires the same way: its running push goes on, a new publish is refused, asked again a fresh URL', async () => {
  const videoId = (await share()).body.data.video_id as string;
  await call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`);
  const aircraft = await server.app.db.selectFrom('devices').select('id').where('serial', '=', videoId.split('/')[0]).executeTakeFirstOrThrow();
  const live = async () =>
    ((await call('GET', `/api/Device/${aircraft.id}/cameras/`)).body.data as { video_id: string; live: { status: string } }[]).find(
      (c) => c.video_id === videoId,
    )!.live;

  // The console asks the aircraft to stream (live_start_push); the pilot's page then joins that stream.
  const started = await call('POST', `/api/Device/${aircraft.id}/live/`, { video_id: videoId });
  expect(started.status).toBe(200);
  // Not handed to a pilot yet: the console's stream takes its device's publish without an expiry.
  const before = Date.now();
  const joined = await share();
  expect(joined.body.data).toMatchObject({ video_id: videoId, joined: true });
  const name = streamName(joined.body.data.url);
  expect(started.body.data.play.flv).toContain(`/live/${name}.flv`);
  const expiresAt = Date.parse(joined.body.data.expires_at);
  expect(expiresAt).toBeGreaterThanOrEqual(before + TTL_S * 1000);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + TTL_S * 1000);
  expect(await publishHook(name)).toBe(200);

  await until(() => Date.now() >= expiresAt, (TTL_S + 2) * 1000, 'the URL expired');
  // The push running since before goes on; a publish on that name (a reconnect) is refused from now on.
  expect(await live()).toMatchObject({ status: 'live' });
  expect(await publishHook(name)).toBe(403);

  // The pilot asks again: the expired stream ends, and the URL is a fresh one with a fresh expiry.
  const fresh = await share();
  expect(fresh.body.data.joined).toBe(false);
  expect(streamName(fresh.body.data.url)).not.toBe(name);
  expect(Date.parse(fresh.body.data.expires_at)).toBeGreaterThan(expiresAt);
  expect(await publishHook(name)).toBe(403);
  await call('DELETE', `/api/Live/liveshare/?gateway_sn=${rcSn}`);
});
