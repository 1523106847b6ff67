import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { decodeFleet, type FleetColumns } from '@shared/fleet/codec';
import { TOPIC_FLEET } from '@shared/live';
import { eventsTopic, osdTopic, replyTopic, statusTopic } from '@shared/dji/topics';
import { brokerUrl, useScaledOutServers, type ServerProcess } from '../../support/serverProcess';
import { connect, nextMessage, subscribe } from '../mqtt/support';
import { aircraft, aircraftOsd, DOCK, envelope, TestGateway } from '../mqtt/dji';
import { ADMIN_PASSWORD } from './harness';

jest.setTimeout(90_000);

const call = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) => {
  const response = await fetch(new URL(`api${url}`, server.url), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

/** Two server processes started together against one PostgreSQL schema: no state that matters lives in one process. */
describe('two server processes on one PostgreSQL', () => {
  // Both start at once on a fresh schema, as a rolling deploy may: their migrations must not collide.
  const servers = useScaledOutServers(2, { ADMIN_PASSWORD, MQTT_ENABLED: '0' }, { together: true });

  it('runs as two processes that share logins, rows and logouts', async () => {
    const [first, second] = servers;
    expect(first.url).not.toBe(second.url);
    const login = await call(first, 'POST', '/auth/login/', undefined, { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    expect((await call(second, 'GET', '/logininfo/', token)).body.data.username).toBe('admin');

    const created = await call(first, 'POST', '/Device/', token, { serial: 'SCALE-0001', name: 'Shared', model: 'M30', kind: 'aircraft' });
    expect(created.status).toBe(200);
    const read = await call(second, 'GET', `/Device/${created.body.data.id}/`, token);
    expect([read.status, read.body.data.serial]).toEqual([200, 'SCALE-0001']);
    expect((await call(second, 'POST', '/Device/', token, { serial: 'SCALE-0001', name: 'Twin', model: 'M30', kind: 'aircraft' })).status).toBe(409);

    expect((await call(second, 'POST', '/auth/logout/', token, {})).status).toBe(200);
    expect((await call(first, 'GET', '/logininfo/', token)).status).toBe(401);
    expect(first.output()).toMatch(/not built yet/);
  });
});

/**
 * Two processes on one PostgreSQL sharing the live channel through Redis (issue 17): A starts first and so holds the
 * sysinfo lease. Each run has its own Redis key prefix.
 */
describe('two server processes on PostgreSQL + Redis', () => {
  const LOGIN_LIMIT = 6;
  const SYSINFO_MS = 250;
  const clients: MqttClient[] = [];
  // Declared first so it runs first: the broker clients close before their servers stop.
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });
  const servers = useScaledOutServers(
    2,
    { ADMIN_PASSWORD, LOGIN_RATE_LIMIT: String(LOGIN_LIMIT), MQTT_SYSINFO_INTERVAL_MS: String(SYSINFO_MS), MQTT_SESSION_CHECK_MS: '300' },
    { redis: true },
  );

  const adminToken = async (server: ServerProcess) =>
    (await call(server, 'POST', '/auth/login/', undefined, { username: 'admin', password: ADMIN_PASSWORD })).body.data.token as string;
  const browser = async (server: ServerProcess, token: string) => {
    const client = await connect(brokerUrl(server.url), { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    clients.push(client);
    return client;
  };

  it('shows a device connected to B live to a browser on A', async () => {
    const [a, b] = servers;
    const token = await adminToken(a);
    const dock = (await call(a, 'POST', '/Device/', token, { serial: 'REDIS-DOCK-1', name: 'Dock', model: 'DJI Dock 2', kind: 'dock' })).body.data;
    const onA = await browser(a, token);
    expect(await subscribe(onA, 'thing/product/+/osd')).toBe(0);
    const heard = nextMessage(
      onA,
      osdTopic(dock.serial),
      5000,
      () => true,
      (payload) => JSON.parse(payload.toString()),
    );
    const device = await connect(brokerUrl(b.url), { clientId: dock.serial, username: dock.serial, password: dock.secret });
    clients.push(device);
    device.publish(osdTopic(dock.serial), JSON.stringify({ tid: 't', bid: 'b', timestamp: Date.now(), gateway: dock.serial, data: { mode_code: 0 } }), {
      qos: 1,
    });
    expect((await heard).payload).toMatchObject({ gateway: dock.serial });
  });

  it('handles a device message once, on the instance the device is connected to, while A still sees it live', async () => {
    const [a, b] = servers;
    const token = await adminToken(a);
    const dock = (await call(a, 'POST', '/Device/', token, { serial: 'REDIS-DOCK-2', name: 'Dock', model: 'DJI Dock 2', kind: 'dock' })).body.data;
    const gateway = await TestGateway.connect(brokerUrl(b.url), dock.serial, dock.serial, dock.secret);
    clients.push(gateway.client);
    const replies: string[] = [];
    gateway.client.on('message', (topic, payload) => {
      if (topic.endsWith('_reply')) replies.push(`${topic} ${(JSON.parse(payload.toString()) as { tid: string }).tid}`);
    });
    const onB = await browser(b, token);
    expect(await subscribe(onB, TOPIC_FLEET)).toBe(0);

    const topo = await gateway.topo(DOCK, [aircraft('REDIS-AC-2')]);
    const hms = envelope('hms', { list: [{ code: '0x16100083', level: 2, module: 3, in_the_sky: 0, imminent: 0, device_type: '0-89-0' }] }, { need_reply: 1 });
    expect((await gateway.call(eventsTopic(dock.serial), hms)).data.result).toBe(0);
    // A (the sysinfo lease holder, see above) puts the aircraft into sysinfo/fleet from what it applied itself, one
    // message after the other: once the fleet shows this sample, A has been through the HMS event as well.
    const seen = nextMessage(
      onB,
      TOPIC_FLEET,
      5000,
      (fleet) => {
        const { sn, battery } = fleet as FleetColumns;
        return battery[sn.indexOf('REDIS-AC-2')] === 42;
      },
      (payload) => (decodeFleet(payload) as { fleet: FleetColumns }).fleet,
    );
    gateway.osd('REDIS-AC-2', aircraftOsd({ battery: { capacity_percent: 42, remain_flight_time: 900 } }));
    await seen;

    const alerts = (await call(a, 'GET', '/Alert/?device_sn=REDIS-AC-2&kind=hms', token)).body.data.items as { count: number }[];
    expect(alerts.map((alert) => alert.count)).toEqual([1]);
    expect(replies.sort()).toEqual([`${replyTopic(eventsTopic(dock.serial))} ${hms.tid}`, `${replyTopic(statusTopic(dock.serial))} ${topo.tid}`].sort());
  });

  it('publishes one sysinfo/online stream, not one per instance', async () => {
    const [, b] = servers;
    const onB = await browser(b, await adminToken(b));
    const COUNT = 9;
    const stamps: number[] = [];
    const received = new Promise<void>((resolve) =>
      onB.on('message', (topic, payload, packet) => {
        if (topic !== 'sysinfo/online' || packet.retain) return;
        stamps.push((JSON.parse(payload.toString()) as { at: number }).at);
        if (stamps.length === COUNT) resolve();
      }),
    );
    expect(await subscribe(onB, 'sysinfo/online')).toBe(0);
    await received;
    // One publisher: a message every SYSINFO_MS (a debounced change may add one); two would halve the spacing.
    const spacing = (stamps[COUNT - 1] - stamps[0]) / (COUNT - 1);
    expect(spacing).toBeGreaterThan(SYSINFO_MS * 0.7);
  });

  it("closes the browser's broker connection on B when it logs out on A", async () => {
    const [a, b] = servers;
    const token = await adminToken(a);
    const onB = await browser(b, token);
    const closed = new Promise<void>((resolve) => onB.once('close', () => resolve()));
    expect((await call(a, 'POST', '/auth/logout/', token, {})).status).toBe(200);
    await closed;
  });

  it('applies a role edit and a logout on A to B within a second, though B caches grants', async () => {
    const [a, b] = servers;
    const admin = await adminToken(a);
    const role = (await call(a, 'POST', '/Role/', admin, { code: 'cached_reader', name: 'Reader', permissions: ['device:read'] })).body.data;
    await call(a, 'POST', '/User/', admin, { username: 'cached1', name: 'Cached', password: 'cached-pass-1', role_ids: [role.id] });
    const token = (await call(b, 'POST', '/auth/login/', undefined, { username: 'cached1', password: 'cached-pass-1' })).body.data.token as string;
    // B now holds the grant (and would keep it without a message from A).
    expect((await call(b, 'GET', '/Device/', token)).status).toBe(200);
    expect((await call(b, 'GET', '/Device/', token)).status).toBe(200);
    expect((await call(a, 'PATCH', `/Role/${role.id}/`, admin, { permissions: ['task:read'] })).status).toBe(200);
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await call(b, 'GET', '/Device/', token)).status;
    expect(status).toBe(403);
    expect((await call(b, 'GET', '/Task/', token)).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout/', token, {})).status).toBe(200);
    const gone = Date.now() + 1_000;
    while (status !== 401 && Date.now() < gone) status = (await call(b, 'GET', '/Task/', token)).status;
    expect(status).toBe(401);
  });

  it('counts the login rate limit across both instances', async () => {
    const [a, b] = servers;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++)
      statuses.push((await call(i % 2 ? b : a, 'POST', '/auth/login/', undefined, { username: 'admin', password: 'wrong-password' })).status);
    // The earlier tests logged in a few times already (same address, same window): the limit falls due on either side.
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(LOGIN_LIMIT);
    expect(new Set(statuses.slice(statuses.indexOf(429)))).toEqual(new Set([429]));
  });
});
