import type { MqttClient } from 'mqtt';
import * as mqttPacket from 'mqtt-packet';
import WebSocket from 'ws';
import { activeSessionIds } from '../../../server/auth/tokens';
import { createDeviceStore } from '../../../server/devices/store';
import { osdTopic } from '@shared/dji/topics';
import { connect, end, loginToken, nextMessage, recordMessages, startServer, subscribe, within, type TestServer } from './support';

describe('embedded broker on the HTTP server (/mqtt)', () => {
  let server: TestServer;
  let token: string;
  const clients: MqttClient[] = [];
  const track = (client: MqttClient) => (clients.push(client), client);
  const web = async () => track(await connect(server.wsUrl, { clientId: `web_${Math.floor(Math.random() * 1e9)}`, username: 'admin', password: token }));

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
    expect(o.payload).toEqual({ kind: 'snapshot', seq: expect.any(Number), statuses: expect.any(Object), total: expect.any(Number), at: expect.any(Number) });
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

  it('sends a websocket client each MQTT packet whole in one frame, not in pieces a loaded server spaces out', async () => {
    const socket = new WebSocket(server.wsUrl, 'mqtt');
    const nameOf = (packet: mqttPacket.Packet) => (packet.cmd === 'publish' ? `publish ${packet.topic}` : packet.cmd);
    // The stream as a client reads it, and each frame on its own (a frame that starts or ends inside a packet does
    // not parse alone: an error, or bytes left over).
    const stream = mqttPacket.parser({ protocolVersion: 4 });
    const received: string[] = [];
    const frames: Array<{ packets: string[]; whole: boolean }> = [];
    const retainedOnline = new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      stream.on('packet', (packet) => (received.push(nameOf(packet)), packet.cmd === 'publish' && resolve()));
      socket.on('message', (frame: Buffer) => {
        const alone = mqttPacket.parser({ protocolVersion: 4 });
        const packets: string[] = [];
        let parsed = true;
        alone.on('packet', (packet) => packets.push(nameOf(packet)));
        alone.on('error', () => (parsed = false));
        const whole = alone.parse(frame) === 0 && parsed && packets.length > 0;
        frames.push({ packets, whole });
        stream.parse(frame);
      });
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        keepalive: 30,
        clientId: 'web_frames',
        username: 'admin',
        password: Buffer.from(token),
      }),
    );
    socket.send(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'sysinfo/online', qos: 0 }] }));
    try {
      await within(retainedOnline, 5000, 'the retained sysinfo/online');
    } finally {
      socket.close();
    }
    expect(received).toEqual(['connack', 'suback', 'publish sysinfo/online']);
    expect(frames.filter((f) => !f.whole)).toEqual([]);
    expect(frames.flatMap((f) => f.packets)).toEqual(received);
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
    const retained = nextMessage(listener, 'sysinfo/online');
    await subscribe(listener, 'sysinfo/online');
    await retained;
    const recording = recordMessages(listener, 'sysinfo/online');
    const attacker = await web();
    const closed = new Promise<void>((resolve) => attacker.once('close', () => resolve()));
    attacker.publish('sysinfo/online', JSON.stringify({ online: ['FAKE'], statuses: { FAKE: 'online' }, onlineCount: 1, total: 1, changed: [], at: 1 }), {
      qos: 1,
    });
    await closed; // aedes answers a refused publish by closing the connection
    expect(await recording.untilMarker(server)).toEqual([]);
  });

  it('ACL: web clients may not subscribe outside sysinfo/# and telemetry, nor impersonate a device', async () => {
    const client = await web();
    expect(await subscribe(client, 'thing/product/+/osd')).toBe(0);
    expect(await subscribe(client, '#')).toBe(128);
    expect(await subscribe(client, 'thing/product/SN1/services')).toBe(128);
    const listener = await web();
    await subscribe(listener, 'thing/product/+/osd');
    const recording = recordMessages(listener, osdTopic('SN1'));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(osdTopic('SN1'), JSON.stringify({ tid: 't', bid: 'b', timestamp: 1, data: { latitude: 1 } }), { qos: 1 });
    await closed;
    expect(await recording.untilMarker(server)).toEqual([]);
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

describe('device directory and sessions', () => {
  it('counts registered devices plus unregistered ones seen live, in chunks past the SQL parameter bound', async () => {
    const server = await startServer({ sysinfoIntervalMs: 60_000 });
    try {
      const db = server.app.db;
      const now = new Date().toISOString();
      const registered = (
        await db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
      await db
        .insertInto('devices')
        .values({ serial: 'SKY-REG', name: 'reg', model: 'M30', kind: 'aircraft', status: 'offline', created_at: now, updated_at: now })
        .execute();
      const directory = createDeviceStore(db);
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
      const closed = new Promise<void>((resolve) => ending.once('close', () => resolve()));
      const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: { authorization: `Bearer ${endingToken}` } });
      expect(logout.statusCode).toBe(200);
      await within(closed, 5000, "the ended session's connection closed");
      // The sweep that closed it would have closed this one too, before answering a later request; nor does a later sweep.
      expect(await subscribe(staying, 'sysinfo/online')).toBe(0);
      expect(await server.app.mqtt?.broker?.closeEndedSessions((ids) => activeSessionIds(server.app.db, ids))).toBe(0);
      expect(await subscribe(staying, 'sysinfo/weather')).toBe(0);
      expect(staying.connected).toBe(true);
    } finally {
      await Promise.all(browsers.map(end));
      await server.close();
    }
  });
});
