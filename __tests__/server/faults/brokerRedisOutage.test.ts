import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { osdTopic } from '@shared/dji/topics';
import { TOPIC_FLEET } from '@shared/live';
import { assertPostgres, dropSchema, PG_URL } from '../../support/postgres';
import { freePort } from '../../../e2e/support/freePort';
import { startOwnRedis } from '../../support/ownRedis';
import { until } from '../../support/until';
import { aircraft, aircraftOsd, pilotCredentials, RC, TestGateway } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, startServer, subscribe, within, type TestServer } from '../mqtt/support';

/**
 * Two instances with embedded brokers on one PostgreSQL and a Redis of this test's own (issue 27): Redis carries the
 * messages between the brokers, never those between two clients of one instance. With Redis frozen (SIGSTOP) or
 * gone, a gateway on instance A still reaches A's server and A's browsers, MQTT connects and the API answer within a
 * bound and /api/health says degraded; when Redis thaws or comes back, cross-instance delivery resumes by itself.
 */
const TIMEOUT_MS = 300;
/** What "answers at once" means here: well under a frozen Redis' wait, on a busy 2-core machine. */
const BOUND_MS = 1000;

describe('embedded brokers sharing through Redis while Redis is frozen or gone', () => {
  const schema = `t_broker_outage_${process.pid}_${randomBytes(3).toString('hex')}`;
  let port: number;
  let redis: ChildProcess;
  let a: TestServer;
  let b: TestServer;
  const clients: MqttClient[] = [];
  let gateway: TestGateway;
  /** Browsers (admin) on A and B subscribed to every aircraft's OSD. */
  let browserA: MqttClient;
  let browserB: MqttClient;
  let tokenA: string;
  const SN = 'AC-OUT1';
  let height = 100;
  /** Sends the aircraft's next OSD (a new height each time) and returns the height sent. */
  const sendOsd = () => {
    height += 1;
    gateway.osd(SN, aircraftOsd({ height }));
    return height;
  };
  const heightIs = (expected: number) => (payload: unknown) => (payload as { data?: { height?: number } }).data?.height === expected;
  const stopRedis = (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    return exited;
  };

  beforeAll(async () => {
    await assertPostgres();
    port = await freePort();
    redis = await startOwnRedis(port);
    const env = {
      DATABASE_URL: `${PG_URL}?schema=${schema}`,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: `${schema}:`,
      REDIS_TIMEOUT_MS: String(TIMEOUT_MS),
    };
    const mqtt = { sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 };
    // One after the other: the first migrates the schema.
    a = await startServer(mqtt, env);
    b = await startServer(mqtt, env);
    tokenA = await loginToken(a);
    const tokenB = await loginToken(b);
    browserA = await connect(a.wsUrl, { clientId: `web_a_${schema}`, username: 'admin', password: tokenA });
    browserB = await connect(b.wsUrl, { clientId: `web_b_${schema}`, username: 'admin', password: tokenB });
    clients.push(browserA, browserB);
    for (const browser of [browserA, browserB]) expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    expect(await subscribe(browserB, TOPIC_FLEET)).toBe(0);
    const { username, password } = await pilotCredentials(a, tokenA);
    gateway = await TestGateway.connect(a.wsUrl, 'RC-OUT1', username, password);
    clients.push(gateway.client);
    expect((await gateway.topo(RC, [aircraft(SN)])).data).toEqual({ result: 0 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map(end));
    await a?.close();
    await b?.close();
    if (redis) await stopRedis(redis);
    await dropSchema(schema);
  });

  /** A's own browser and A's server get the aircraft's next OSD within the bound. */
  const servedLocally = async () => {
    const sampled = new Promise<void>((resolve) => a.app.mqtt!.gateway.onAircraftSample((sample) => sample.sn === SN && resolve()));
    const sent = height + 1;
    const heard = nextMessage(browserA, osdTopic(SN), BOUND_MS, heightIs(sent));
    expect(sendOsd()).toBe(sent);
    await heard;
    await within(sampled, BOUND_MS, "A's server taking the OSD");
  };

  /**
   * B's browser hears the gateway on A: OSDs are sent until one arrives (those sent before B joined the relay, or before
   * Redis is back, are lost).
   */
  const crossInstanceResumes = async () => {
    let heard = false;
    const onMessage = (topic: string) => void (topic === osdTopic(SN) && (heard = true));
    browserB.on('message', onMessage);
    try {
      await until(() => {
        if (!heard) sendOsd();
        return heard;
      }, 30_000);
    } finally {
      browserB.off('message', onMessage);
    }
  };

  const health = async (server: TestServer) =>
    (
      (await server.app.inject({ method: 'GET', url: '/api/health/' })).json() as {
        data: { status: string; redis: string };
      }
    ).data;

  /** A new browser connects to A and a list is read from A's API, each within the bound. */
  const answersWithinBound = async () => {
    let started = Date.now();
    const browser = await connect(a.wsUrl, { clientId: `web_new_${Date.now()}`, username: 'admin', password: tokenA });
    clients.push(browser);
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    started = Date.now();
    const list = await a.app.inject({ method: 'GET', url: '/api/Device/', headers: { authorization: `Bearer ${tokenA}` } });
    expect(list.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
  };

  it('relays a device on A to a browser on B while Redis answers', async () => {
    await crossInstanceResumes();
    await servedLocally();
  });

  it('serves A from its own broker while Redis is frozen, and relays again once it thaws', async () => {
    redis.kill('SIGSTOP');
    await servedLocally();
    await answersWithinBound();
    await servedLocally();
    expect(await health(a)).toMatchObject({ status: 'degraded', redis: 'down' });
    // B's browsers are told the fleet by B itself (A, the sysinfo lease holder, cannot reach them).
    await nextMessage(
      browserB,
      TOPIC_FLEET,
      5000,
      (_payload, retain) => !retain,
      (payload) => payload,
    );

    redis.kill('SIGCONT');
    await crossInstanceResumes();
    expect(await health(a)).toMatchObject({ status: 'ok', redis: 'up' });
  }, 60_000);

  it('serves A from its own broker while Redis is gone, and relays again once it is restarted', async () => {
    await stopRedis(redis);
    await servedLocally();
    await answersWithinBound();
    expect(await health(b)).toMatchObject({ status: 'degraded', redis: 'down' });

    redis = await startOwnRedis(port);
    await crossInstanceResumes();
    expect(await health(b)).toMatchObject({ status: 'ok', redis: 'up' });
  }, 60_000);
});
