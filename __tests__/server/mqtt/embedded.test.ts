import type { MqttClient } from 'mqtt';
import { createDeviceDirectory } from '../../../server/mqtt/domain';
import { telemetryTopic } from '../../../server/mqtt/topics';
import { connect, DEVICE_SECRET, end, loginToken, nextMessage, sleep, startServer, subscribe, telemetry, type TestServer } from './support';

describe('embedded broker on the HTTP server (/mqtt)', () => {
  let server: TestServer;
  let token: string;
  const clients: MqttClient[] = [];
  const track = (client: MqttClient) => (clients.push(client), client);
  const web = async () => track(await connect(server.wsUrl, { clientId: `web_${Math.floor(Math.random() * 1e9)}`, username: 'admin', password: token }));
  const device = async (sn: string) => track(await connect(server.wsUrl, { clientId: `dev_${sn}`, username: sn, password: DEVICE_SECRET }));

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 1500 });
    token = await loginToken(server);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map(end));
  });
  afterAll(async () => server?.close());

  it('a logged-in browser (username + login token) receives retained sysinfo/online and sysinfo/weather', async () => {
    const client = await web();
    const online = nextMessage(client, 'sysinfo/online');
    const weather = nextMessage(client, 'sysinfo/weather');
    expect(await subscribe(client, 'sysinfo/#')).toBe(0);
    const [o, w] = await Promise.all([online, weather]);
    expect(o.retain).toBe(true);
    expect(o.payload).toMatchObject({
      online: expect.any(Array),
      onlineCount: expect.any(Number),
      total: expect.any(Number),
      changed: expect.any(Array),
      at: expect.any(Number),
    });
    expect(w.retain).toBe(true);
    const station = (w.payload as { stations: Array<Record<string, unknown>> }).stations[0];
    expect(station).toMatchObject({
      areaId: expect.stringMatching(/^(default|project-\d+)$/),
      windSpeed: expect.any(Number),
      windDirection: expect.any(Number),
      gust: expect.any(Number),
      temperature: expect.any(Number),
      humidity: expect.any(Number),
      visibility: expect.any(Number),
      precipitation: expect.any(Number),
      flyable: expect.any(Boolean),
      reasons: expect.any(Array),
    });
  });

  it.each([
    ['a wrong token', () => ({ username: 'admin', password: 'a.b.c' })],
    ['a token under another username', () => ({ username: 'mallory', password: token })],
    ['no password', () => ({ username: 'admin' })],
    ['a wrong device secret', () => ({ username: 'SN0001', password: 'nope' })],
  ])('refuses %s', async (_name, credentials) => {
    await expect(connect(server.wsUrl, { clientId: 'web_1', ...credentials() })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('ACL: a web client cannot publish to sysinfo/online; other subscribers never see it and aedes drops the publisher', async () => {
    const listener = await web();
    await subscribe(listener, 'sysinfo/online');
    await sleep(100); // the retained message arrives first
    const seen: unknown[] = [];
    listener.on('message', (topic, payload) => topic === 'sysinfo/online' && seen.push(JSON.parse(payload.toString())));
    const attacker = await web();
    const closed = new Promise<void>((resolve) => attacker.once('close', () => resolve()));
    attacker.publish('sysinfo/online', JSON.stringify({ online: ['FAKE'], onlineCount: 1, total: 1, changed: [], at: 1 }), { qos: 1 });
    await closed; // aedes answers a refused publish by closing the connection
    await sleep(200);
    expect(seen).toEqual([]);
  });

  it('ACL: web clients may not subscribe outside sysinfo/# and telemetry, nor impersonate a device', async () => {
    const client = await web();
    expect(await subscribe(client, 'thing/product/+/osd')).toBe(0);
    expect(await subscribe(client, '#')).toBe(128);
    expect(await subscribe(client, 'thing/product/SN1/services')).toBe(128);
    const listener = await web();
    await subscribe(listener, 'thing/product/+/osd');
    const seen: string[] = [];
    listener.on('message', (topic) => seen.push(topic));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(telemetryTopic('SN1'), JSON.stringify(telemetry('SN1')), { qos: 1 });
    await closed;
    await sleep(100);
    expect(seen).toEqual([]);
  });

  it('a device publishes telemetry under its own serial: received by web clients, the server marks it online, then offline when silent', async () => {
    const viewer = await web();
    await subscribe(viewer, 'thing/product/+/osd');
    await subscribe(viewer, 'sysinfo/online');
    await sleep(100);
    const drone = await device('SKY-0001');
    const sample = nextMessage(viewer, telemetryTopic('SKY-0001'));
    const online = nextMessage(viewer, 'sysinfo/online', 5000, (p) => (p as { online: string[] }).online.includes('SKY-0001'));
    drone.publish(telemetryTopic('SKY-0001'), JSON.stringify(telemetry('SKY-0001')), { qos: 1 });
    expect((await sample).payload).toMatchObject({ sn: 'SKY-0001', status: 'flying' });
    expect((await online).payload).toMatchObject({ changed: expect.arrayContaining([{ sn: 'SKY-0001', status: expect.stringMatching(/online|flying/) }]) });
    expect(server.app.mqtt?.channel.stats.telemetryAccepted).toBeGreaterThanOrEqual(1);
    // Disconnecting makes it offline at once.
    const offline = nextMessage(viewer, 'sysinfo/online', 5000, (p) => !(p as { online: string[] }).online.includes('SKY-0001'));
    await drone.endAsync();
    expect((await offline).payload).toMatchObject({ changed: [{ sn: 'SKY-0001', status: 'offline' }] });
  });

  it('a device publishing under another serial is refused (disconnected, nothing delivered)', async () => {
    const viewer = await web();
    await subscribe(viewer, 'thing/product/+/osd');
    const seen: string[] = [];
    viewer.on('message', (topic) => seen.push(topic));
    const drone = await device('SKY-0002');
    const closed = new Promise<void>((resolve) => drone.once('close', () => resolve()));
    drone.publish(telemetryTopic('SKY-0003'), JSON.stringify(telemetry('SKY-0003')), { qos: 1 });
    await closed;
    await sleep(100);
    expect(seen).toEqual([]);
  });

  it('bad telemetry is dropped and counted, never crashes the server', async () => {
    const drone = await device('SKY-0004');
    const before = server.app.mqtt!.channel.stats.telemetryDropped;
    drone.publish(telemetryTopic('SKY-0004'), 'not json', { qos: 1 });
    drone.publish(telemetryTopic('SKY-0004'), JSON.stringify({ sn: 'SKY-0004', lat: 999 }), { qos: 1 });
    drone.publish(telemetryTopic('SKY-0004'), JSON.stringify(telemetry('SKY-0005')), { qos: 1 });
    await sleep(300);
    expect(server.app.mqtt!.channel.stats.telemetryDropped - before).toBe(3);
    const health = await server.app.inject({ method: 'POST', url: '/api/auth/verify/', payload: { token } });
    expect(health.statusCode).toBe(200);
  });

  it('the static broker account (MQTT_USER/MQTT_PASSWORD) has full access', async () => {
    const admin = await startServer({ user: 'ops', password: 'ops-secret', sysinfoIntervalMs: 60_000 });
    try {
      const listener = track(await connect(admin.wsUrl, { clientId: 'ops_1', username: 'ops', password: 'ops-secret' }));
      expect(await subscribe(listener, '#')).toBe(0);
      const got = nextMessage(listener, 'ops/check');
      listener.publish('ops/check', JSON.stringify({ ok: true }));
      expect((await got).payload).toEqual({ ok: true });
      await end(listener);
    } finally {
      await admin.close();
    }
  });
});

describe('optional TCP listener (MQTT_TCP_PORT)', () => {
  it('serves plain MQTT on its own port with the same authentication', async () => {
    const server = await startServer({ tcpPort: 0, tcpHost: '127.0.0.1', sysinfoIntervalMs: 60_000 });
    try {
      const port = server.app.mqtt!.broker!.tcpAddress!.port;
      const drone = await connect(`mqtt://127.0.0.1:${port}`, { clientId: 'dev_tcp', username: 'SKY-TCP', password: DEVICE_SECRET });
      drone.publish(telemetryTopic('SKY-TCP'), JSON.stringify(telemetry('SKY-TCP')), { qos: 1 });
      await sleep(200);
      expect(server.app.mqtt!.channel.summary().online).toContain('SKY-TCP');
      await end(drone);
    } finally {
      await server.close();
    }
  });
});

describe('device rows', () => {
  it('telemetry updates status, last seen, position and battery by serial; a disconnect marks it offline', async () => {
    const server = await startServer({ sysinfoIntervalMs: 60_000 });
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = server.app.db as any;
      const now = new Date().toISOString();
      await db
        .insertInto('devices')
        .values({ serial: 'SKY-DB1', name: 'db1', model: 'M30', kind: 'aircraft', status: 'offline', created_at: now, updated_at: now })
        .execute();
      const drone = await connect(server.wsUrl, { clientId: 'dev_db1', username: 'SKY-DB1', password: DEVICE_SECRET });
      drone.publish(telemetryTopic('SKY-DB1'), JSON.stringify(telemetry('SKY-DB1', { lat: 22.6, lng: 114.1, alt: 95, battery: 66 })), { qos: 1 });
      const row = async () => db.selectFrom('devices').selectAll().where('serial', '=', 'SKY-DB1').executeTakeFirst();
      for (let i = 0; i < 50 && (await row()).status !== 'flying'; i++) await sleep(20);
      expect(await row()).toMatchObject({ status: 'flying', last_lat: 22.6, last_lng: 114.1, last_alt: 95, battery: 66, last_seen_at: expect.any(String) });
      expect(server.app.mqtt!.channel.summary()).toMatchObject({ online: expect.arrayContaining(['SKY-DB1']) });
      await drone.endAsync();
      for (let i = 0; i < 50 && (await row()).status !== 'offline'; i++) await sleep(20);
      expect((await row()).status).toBe('offline');
    } finally {
      await server.close();
    }
  });

  it('counts registered devices plus unregistered ones seen live, in chunks past the SQL parameter bound', async () => {
    const server = await startServer({ sysinfoIntervalMs: 60_000 });
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = server.app.db as any;
      const now = new Date().toISOString();
      const registered = (
        await db
          .selectFrom('devices')
          .select((eb: any) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      ).n; // eslint-disable-line @typescript-eslint/no-explicit-any
      await db
        .insertInto('devices')
        .values({ serial: 'SKY-REG', name: 'reg', model: 'M30', kind: 'aircraft', status: 'offline', created_at: now, updated_at: now })
        .execute();
      const directory = createDeviceDirectory(db, { debug: () => undefined });
      const unregistered = Array.from({ length: 1200 }, (_, i) => `SKY-LIVE-${i}`);
      expect(await directory.countDevices([])).toBe(Number(registered) + 1);
      expect(await directory.countDevices(['SKY-REG', ...unregistered])).toBe(Number(registered) + 1 + 1200);
    } finally {
      await server.close();
    }
  });

  it('closes a browser connection once its login session ends, and keeps the others', async () => {
    const server = await startServer({ sysinfoIntervalMs: 60_000, sessionCheckMs: 200 });
    const browsers: MqttClient[] = [];
    try {
      const [endingToken, stayingToken] = [await loginToken(server), await loginToken(server)];
      const ending = await connect(server.wsUrl, { clientId: 'web_1', username: 'admin', password: endingToken, reconnectPeriod: 0 });
      const staying = await connect(server.wsUrl, { clientId: 'web_2', username: 'admin', password: stayingToken, reconnectPeriod: 0 });
      browsers.push(ending, staying);
      const closed = new Promise<boolean>((resolve) => ending.once('close', () => resolve(true)));
      const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: { authorization: `Bearer ${endingToken}` } });
      expect(logout.statusCode).toBe(200);
      expect(await Promise.race([closed, sleep(5000).then(() => false)])).toBe(true);
      await sleep(500);
      expect(staying.connected).toBe(true);
    } finally {
      await Promise.all(browsers.map(end));
      await server.close();
    }
  });
});
