import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { eventsTopic, osdTopic, replyTopic, servicesTopic, stateTopic, statusTopic } from '@shared/dji/topics';
import type { AlertNotification } from '@shared/entities/alert';
import { RESULT } from '@shared/dji/envelope';
import { airportBindStatusOutputSchema, airportOrganizationBindOutputSchema, airportOrganizationGetOutputSchema } from '@shared/dji/requests';
import { ServiceError } from '../../../server/mqtt/gateway/service';
import { assertPostgres, dropSchema, PG_URL, type Dialect } from '../api/harness';
import { aircraft, aircraftOsd, api, DOCK, envelope, pilotCredentials, RC, registerDock, streamBehindTopo, TestGateway } from './dji';
import { connect, end, loginToken, nextMessage, onlineWhere, sleep, startServer, subscribe, type TestServer } from './support';
import { decodeFleet, telemetryOf } from '@shared/fleet/codec';
import type { Telemetry } from '@shared/live';

/** The aircraft samples of one binary sysinfo/fleet snapshot (none when it does not decode). */
const fleetSamples = (payload: Buffer): Telemetry[] => {
  const decoded = decodeFleet(payload);
  return decoded.ok ? Array.from({ length: decoded.fleet.count }, (_, i) => telemetryOf(decoded.fleet, i)) : [];
};

/** Polls a database-backed condition (device rows are written behind the message path, with no event to await). */
async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  for (const until = Date.now() + timeoutMs; ; await sleep(25)) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
  }
}

const closedPromise = (client: MqttClient) =>
  new Promise<void>((resolve) => (client.disconnected || !client.connected ? resolve() : client.once('close', () => resolve())));

/** The DJI gateway against the real embedded broker, on one database dialect. */
export function runGatewaySuite(dialect: Dialect): void {
  let server: TestServer;
  let schema: string | undefined;
  let token: string;
  const clients: Array<{ end(): Promise<unknown> }> = [];
  const track = <T extends { end(): Promise<unknown> }>(client: T) => (clients.push(client), client);
  const viewer = async () => {
    const client = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    track({ end: () => end(client) });
    return client;
  };
  const dockGateway = async (sn: string) => {
    const { id, secret } = await registerDock(server, token, sn);
    return { id, secret, gateway: track(await TestGateway.connect(server.wsUrl, sn, sn, secret)) };
  };
  const deviceRow = (sn: string) => server.app.db.selectFrom('devices').selectAll().where('serial', '=', sn).executeTakeFirst();

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {};
    if (dialect === 'postgres') {
      await assertPostgres();
      schema = `mqtt_${process.pid}_${randomBytes(4).toString('hex')}`;
      env.DATABASE_URL = `${PG_URL}?schema=${schema}`;
    }
    server = await startServer({ user: 'ops', password: 'ops-secret', sysinfoIntervalMs: 60_000, sessionCheckMs: 200, deviceTimeoutMs: 60_000 }, env);
    token = await loginToken(server);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end()));
  });
  afterAll(async () => {
    await server?.close();
    if (schema) await dropSchema(schema);
  });

  it('a dock gets its secret once at registration; unknown usernames and wrong secrets are refused and counted', async () => {
    const { id, secret } = await registerDock(server, token, 'DOCK-A1');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = await api(server, token, 'GET', `/api/Device/${id}/`);
    expect(shown.data).not.toHaveProperty('secret');
    expect(shown.data).not.toHaveProperty('secret_hash');
    const stats = server.app.mqtt!.broker!.stats.refused;
    const before = { unknown: stats.unknown_username ?? 0, wrong: stats.wrong_secret ?? 0 };
    await expect(connect(server.wsUrl, { clientId: 'gw_x1', username: 'DOCK-A1', password: 'not-the-secret' })).rejects.toThrow(/Bad username or password/);
    await expect(connect(server.wsUrl, { clientId: 'gw_x2', username: 'DOCK-NOPE', password: secret })).rejects.toThrow(/Bad username or password/);
    expect(stats.wrong_secret).toBe(before.wrong + 1);
    expect(stats.unknown_username).toBe(before.unknown + 1);
    const dock = track(await TestGateway.connect(server.wsUrl, 'DOCK-A1', 'DOCK-A1', secret));
    expect(dock.client.connected).toBe(true);
  });

  it('update_topo is answered on status_reply (same tid, bid, method; result 0); the aircraft is bound by the dock with an audit entry', async () => {
    const { gateway } = await dockGateway('DOCK-B1');
    const message = envelope('update_topo', { ...DOCK, thing_version: '1.2.0', sub_devices: [aircraft('AC-B1')] });
    const reply = await gateway.call(statusTopic('DOCK-B1'), message);
    expect(reply).toEqual({ tid: message.tid, bid: message.bid, method: 'update_topo', timestamp: expect.any(Number), data: { result: 0 } });
    expect(await deviceRow('AC-B1')).toMatchObject({
      kind: 'aircraft',
      model: 'Matrice 350 RTK',
      gateway_sn: 'DOCK-B1',
      dji_domain: 0,
      dji_type: 89,
      sub_index: 'A',
    });
    expect(await deviceRow('DOCK-B1')).toMatchObject({ dji_domain: 3, dji_type: 2, thing_version: '1.2.0', gateway_sn: null });
    const audit = await server.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'bind').where('detail', 'like', '%AC-B1%').executeTakeFirst();
    expect(audit).toMatchObject({ username: 'dock:DOCK-B1', entity: 'device' });
  });

  it('OSD of an aircraft and of a dock: normalised live state, the device row, sysinfo/fleet', async () => {
    const { gateway, id: dockId } = await dockGateway('DOCK-C1');
    await gateway.topo(DOCK, [aircraft('AC-C1')]);
    const web = await viewer();
    await subscribe(web, 'sysinfo/fleet');
    const fleet = nextMessage(web, 'sysinfo/fleet', 5000, (p) => (p as Telemetry[]).some((d) => d.sn === 'AC-C1'), fleetSamples);
    gateway.osd('AC-C1', aircraftOsd());
    gateway.osd('DOCK-C1', {
      latitude: 22.61,
      longitude: 114.11,
      height: 40,
      mode_code: 0,
      drone_in_dock: 0,
      cover_state: 1,
      humidity: 55,
      rainfall: 0,
      temperature: 30,
    });
    await gateway.flush();
    expect(((await fleet).payload as Telemetry[]).find((d) => d.sn === 'AC-C1')).toEqual({
      sn: 'AC-C1',
      lat: 22.6,
      lng: 114.1,
      alt: 95,
      speed: 8,
      heading: 270,
      battery: 66,
      status: 'flying',
      at: expect.any(Number),
    });
    const aircraftId = (await deviceRow('AC-C1'))!.id;
    const live = await api(server, token, 'GET', `/api/Device/${aircraftId}/live/`);
    expect(live.data).toMatchObject({
      gatewaySn: 'DOCK-C1',
      live: {
        kind: 'aircraft',
        height: 130.5,
        elevation: 95,
        remainFlightTime: 1200,
        modeCode: 5,
        mode: { en: 'Wayline flight' },
        rtkFixed: 2,
        windDirection: 'NE',
        homeDistance: 420,
      },
    });
    const dockLive = await api(server, token, 'GET', `/api/Device/${dockId}/live/`);
    expect(dockLive.data).toMatchObject({ live: { kind: 'dock', modeCode: 0, mode: { en: 'Idle' }, dock: { coverState: 1, droneInDock: 0, humidity: 55 } } });
    const row = await eventually(
      'the aircraft row',
      () => deviceRow('AC-C1'),
      (r) => r?.status === 'flying',
    );
    expect(row).toMatchObject({ last_lat: 22.6, last_lng: 114.1, last_alt: 95, battery: 66, last_seen_at: expect.any(String) });
  });

  it('state stores firmware_version and the other properties on the device', async () => {
    const { gateway } = await dockGateway('DOCK-D1');
    await gateway.topo(DOCK, [aircraft('AC-D1')]);
    gateway.state('AC-D1', { firmware_version: '10.01.0203', compatible_status: 0 });
    await gateway.flush();
    expect(await deviceRow('AC-D1')).toMatchObject({
      firmware: '10.01.0203',
      needs_consistency_upgrade: 0,
      dji_state: JSON.stringify({ firmware_version: '10.01.0203', compatible_status: 0 }),
    });
    // compatible_status 1: the dock and its aircraft need a consistency upgrade, which the device list flags and filters.
    gateway.state('DOCK-D1', { compatible_status: 1 });
    await gateway.flush();
    expect(await deviceRow('DOCK-D1')).toMatchObject({ needs_consistency_upgrade: 1 });
    const token = await loginToken(server);
    const flagged = await api(server, token, 'GET', '/api/Device/?needs_consistency_upgrade=1&page_size=100');
    expect((flagged.data.items as Array<{ serial: string }>).map((d) => d.serial)).toContain('DOCK-D1');
    expect((flagged.data.items as Array<{ serial: string }>).map((d) => d.serial)).not.toContain('AC-D1');
    gateway.state('DOCK-D1', { compatible_status: 0 });
    await gateway.flush();
    expect(await deviceRow('DOCK-D1')).toMatchObject({ needs_consistency_upgrade: 0 });
  });

  it('HMS: alerts attributed by device_type, answered on events_reply, pushed on sysinfo/alerts, listed, acknowledged, counted and cleared', async () => {
    const { gateway } = await dockGateway('DOCK-E1');
    await gateway.topo(DOCK, [aircraft('AC-E1')]);
    const web = await viewer();
    await subscribe(web, 'sysinfo/alerts');
    const pushed: AlertNotification[] = [];
    web.on('message', (topic, payload) => topic === 'sysinfo/alerts' && pushed.push(JSON.parse(payload.toString())));
    const firstPush = nextMessage(web, 'sysinfo/alerts');
    const list = [
      { code: '0x16100083', level: 2, module: 3, in_the_sky: 0, imminent: 0, device_type: '0-89-0', args: { component_index: 0, sensor_index: 0 } },
      { code: '0x19114800', level: 1, module: 3, in_the_sky: 0, device_type: '3-2-0' },
    ];
    const reply = await gateway.event('hms', { list });
    expect(reply).toMatchObject({ method: 'hms', data: { result: 0 } });
    expect(((await firstPush).payload as AlertNotification).alert).toMatchObject({ kind: 'hms', device_sn: expect.stringMatching(/AC-E1|DOCK-E1/) });
    const aircraftAlerts = await api(server, token, 'GET', '/api/Alert/?device_sn=AC-E1&active=1');
    expect(aircraftAlerts.data.items).toEqual([
      expect.objectContaining({
        code: '0x16100083',
        level: 2,
        module: 3,
        device_sn: 'AC-E1',
        gateway_sn: 'DOCK-E1',
        count: 1,
        active: 1,
        acked_by: null,
        args: { component_index: 0, sensor_index: 0 },
      }),
    ]);
    const dockAlerts = await api(server, token, 'GET', '/api/Alert/?device_sn=DOCK-E1&kind=hms&level=1');
    expect(dockAlerts.data.items).toEqual([expect.objectContaining({ code: '0x19114800', device_id: expect.any(Number) })]);

    // The same list again: counted, not duplicated; then a list without the dock's code clears it.
    await gateway.event('hms', { list });
    await gateway.event('hms', { list: [list[0]] });
    const all = await api(server, token, 'GET', '/api/Alert/?search=E1&ordering=code');
    expect(all.data.items!.map((a) => [a.code, a.count, a.active])).toEqual([
      ['0x16100083', 3, 1],
      ['0x19114800', 2, 0],
    ]);
    const id = aircraftAlerts.data.items![0].id as number;
    const acked = await api(server, token, 'POST', `/api/Alert/${id}/ack/`);
    expect(acked.data).toMatchObject({ id, acked_by: expect.any(Number), acked_at: expect.any(String) });
    expect((await api(server, token, 'POST', '/api/Alert/999999/ack/')).status).toBe(404);
    expect(pushed.some((n) => n.alert.id === id && n.alert.acked_at !== null)).toBe(true);
    expect(pushed.some((n) => n.alert.code === '0x19114800' && n.alert.active === 0)).toBe(true);
    expect((await api(server, token, 'GET', '/api/Alert/?level=7')).status).toBe(400);
  });

  it('requests: config, the dock binding exchange, and an unknown method answered with a non-zero result', async () => {
    const { gateway } = await dockGateway('DOCK-F1');
    await gateway.topo(DOCK, []);
    const config = await gateway.request('config', { config_type: 'json', config_scope: 'product' });
    expect(config).toMatchObject({
      method: 'config',
      data: {
        result: 0,
        output: { ntp_server_host: expect.any(String), app_id: expect.any(String), app_key: expect.any(String), app_license: expect.any(String) },
      },
    });
    const status = await gateway.request('airport_bind_status', { devices: [{ sn: 'DOCK-F1' }, { sn: 'AC-UNKNOWN-F1' }] });
    expect(status.data.output).toEqual({
      bind_status: [
        expect.objectContaining({ sn: 'DOCK-F1', is_device_bind_organization: true, organization_id: 'default' }),
        expect.objectContaining({ sn: 'AC-UNKNOWN-F1', is_device_bind_organization: false }),
      ],
    });
    // Every field DJI's reply carries, typed as DJI documents it.
    expect(() => airportBindStatusOutputSchema.parse(status.data.output)).not.toThrow();
    expect((await gateway.request('airport_organization_get', { device_binding_code: 'x', organization_id: 'default' })).data).toEqual({
      result: 0,
      output: { organization_name: expect.any(String) },
    });
    const organization = await gateway.request('airport_organization_get', { organization_id: 'default' });
    expect(() => airportOrganizationGetOutputSchema.parse(organization.data.output)).not.toThrow();
    const bind = await gateway.request('airport_organization_bind', { bind_devices: [{ sn: 'DOCK-F1', organization_id: 'default' }] });
    expect(bind.data).toEqual({ result: 0, output: { err_infos: [] } });
    expect(() => airportOrganizationBindOutputSchema.parse(bind.data.output)).not.toThrow();
    const unknown = await gateway.request('flighttask_resource_get', { flight_id: 'x' });
    expect(unknown.data.result).not.toBe(0);
    expect(server.app.mqtt!.gateway.stats.unknownMethods.flighttask_resource_get).toBeGreaterThanOrEqual(1);
  });

  it('real shapes: state with need_reply answered on state_reply, any need_reply event answered, data as an array, partial OSD merged, unknown keys kept out of the way', async () => {
    const { gateway } = await dockGateway('DOCK-S1');
    await gateway.topo(DOCK, [aircraft('AC-S1')]);
    // A Matrice 4TD reports its payloads' control source and asks for a reply, like DJI's cloud gives it.
    expect(await subscribe(gateway.client, 'thing/product/AC-S1/state_reply')).toBe(0);
    const state = envelope(undefined, { payloads: [{ payload_index: '99-0-0', control_source: 'A' }] }, { need_reply: 1, gateway: 'DOCK-S1' });
    const stateReply = await gateway.call(stateTopic('AC-S1'), state);
    expect(stateReply).toEqual({ tid: state.tid, bid: state.bid, method: '', timestamp: expect.any(Number), data: { result: 0 } });
    // AirSense sends its manned aircraft as an array.
    const airsense = await gateway.event('airsense_warning', [
      {
        icao: '78A1B2',
        warning_level: 1,
        latitude: 22.7,
        longitude: 114.2,
        altitude: 1200,
        altitude_type: 1,
        heading: 90,
        relative_altitude: 1100,
        vert_trend: 0,
        distance: 30000,
      },
    ]);
    expect(airsense.data).toEqual({ result: 0 });
    // A partial OSD keeps what the last one said; keys we do not know are ignored.
    gateway.osd('AC-S1', aircraftOsd({ some_future_key: { nested: true } }));
    gateway.osd('AC-S1', { mode_code: 9, another_new_key: 1 });
    await gateway.flush();
    expect(await server.app.mqtt!.gateway.currentLive('AC-S1')).toMatchObject({ lat: 22.6, battery: 66, modeCode: 9 });
  });

  it('an unknown event method is logged, counted and still answered', async () => {
    const { gateway } = await dockGateway('DOCK-G1');
    await gateway.topo(DOCK, []);
    // A method a newer firmware may send that no capability module handles yet.
    const reply = await gateway.event('some_future_event_notify', { anything: { nested: true } });
    expect(reply.data).toEqual({ result: 0 });
    expect(server.app.mqtt!.gateway.stats.unknownMethods.some_future_event_notify).toBe(1);
  });

  it("a gateway flooding HMS events is answered, but only its budget's worth of items is applied; the excess is dropped and counted", async () => {
    const { gateway } = await dockGateway('DOCK-HF');
    await gateway.topo(DOCK, [aircraft('AC-HF')]);
    const { dropped } = server.app.mqtt!.gateway.stats;
    const droppedBefore = dropped.hms_over_budget;
    const list = (event: number) =>
      Array.from({ length: 200 }, (_, i) => ({
        code: `0x${(0x1a000000 + event * 1000 + i).toString(16)}`,
        level: 1,
        module: 3,
        in_the_sky: 0,
        device_type: '3-2-0',
      }));
    const started = Date.now();
    // The replies come in order behind the applied events' 600 alert writes: on PostgreSQL in a busy full run, seconds.
    const replies = await Promise.all(Array.from({ length: 12 }, (_, event) => gateway.event('hms', { list: list(event) }, 1, 25_000)));
    const seconds = (Date.now() - started) / 1000;
    expect(replies.map((r) => r.data.result)).toEqual(Array(12).fill(0));
    const droppedNow = dropped.hms_over_budget - droppedBefore;
    // 600 items at once (three events), then 200 a second.
    const applied = 12 - droppedNow;
    expect(applied).toBeGreaterThanOrEqual(3);
    expect(applied).toBeLessThanOrEqual(3 + Math.ceil(seconds));
    const alerts = await api(server, token, 'GET', '/api/Alert/?device_sn=DOCK-HF&kind=hms&page_size=1');
    expect(alerts.data.total).toBe(applied * 200);
  });

  it('bad input is dropped and counted per reason, answered with a non-zero result where a reply is due, and never breaks the server', async () => {
    const { gateway } = await dockGateway('DOCK-H1');
    await gateway.topo(DOCK, [aircraft('AC-H1')]);
    const { dropped } = server.app.mqtt!.gateway.stats;
    const before = { ...dropped };
    // Not JSON: there is no tid to echo, so the reply carries an empty one.
    const notJson = nextMessage(gateway.client, replyTopic(statusTopic('DOCK-H1')), 5000, (p) => (p as { tid: string }).tid === '');
    gateway.client.publish(statusTopic('DOCK-H1'), 'not json {', { qos: 1 });
    expect(((await notJson).payload as { data: { result: number } }).data.result).not.toBe(0);
    const noData = await gateway.call(statusTopic('DOCK-H1'), { tid: 'no-data', bid: 'b', timestamp: 1, method: 'update_topo' });
    expect(noData).toMatchObject({ tid: 'no-data', bid: 'b', method: 'update_topo' });
    expect(noData.data.result).not.toBe(0);
    const noBid = await gateway.call(eventsTopic('DOCK-H1'), { tid: 'no-bid', timestamp: 1, method: 'hms', need_reply: 1, data: { list: [] } });
    expect(noBid.data.result).not.toBe(0);
    const badTopo = await gateway.call(statusTopic('DOCK-H1'), envelope('update_topo', { ...DOCK, sub_devices: [{ ...aircraft('AC/H2') }] }));
    expect(badTopo.data.result).not.toBe(0);
    const badHms = await gateway.event('hms', { list: [{ code: 'nope', level: 9 }] });
    expect(badHms.data.result).not.toBe(0);
    gateway.osd('AC-H1', aircraftOsd({ latitude: 95 }));
    gateway.osd('AC-H1', aircraftOsd({ battery: { capacity_percent: 'full' } }));
    gateway.client.publish(osdTopic('AC-H1'), '\u0000\u0001', { qos: 1 });
    await gateway.flush();
    expect(dropped.not_json - before.not_json).toBe(2);
    expect(dropped.invalid_envelope - before.invalid_envelope).toBe(2);
    expect(dropped.invalid_data - before.invalid_data).toBe(4);
    expect(await server.app.mqtt!.gateway.currentLive('AC-H1')).toBeUndefined();
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/verify/', payload: { token } })).statusCode).toBe(200);
  });

  it('a gateway publishing for a serial it did not declare is refused: dropped, counted, never delivered; the connection stays up', async () => {
    const { gateway } = await dockGateway('DOCK-I1');
    await gateway.topo(DOCK, [aircraft('AC-I1')]);
    const web = await viewer();
    await subscribe(web, 'thing/product/+/osd');
    const seen: string[] = [];
    web.on('message', (topic) => seen.push(topic));
    const refusedBefore = server.app.mqtt!.broker!.stats.refused.undeclared_serial ?? 0;
    gateway.osd('AC-OTHER', aircraftOsd());
    // Handled in order: once the next message is answered, the refused one was judged.
    await gateway.flush();
    expect(gateway.client.connected).toBe(true);
    expect(server.app.mqtt!.broker!.stats.refused.undeclared_serial).toBe(refusedBefore + 1);
    // A marker from the same gateway: once it arrives, the refused message would have arrived before it.
    const marker = nextMessage(web, osdTopic('DOCK-I1'));
    gateway.osd('DOCK-I1', { mode_code: 0 });
    await marker;
    expect(seen).toEqual([osdTopic('DOCK-I1')]);
    expect(await server.app.mqtt!.gateway.currentLive('AC-OTHER')).toBeUndefined();
  });

  it('a Pilot 2 gateway streaming OSD right behind its update_topo is answered and heard, 25 times of 25', async () => {
    const { username, password } = await pilotCredentials(server, token);
    const outcomes = await streamBehindTopo(
      server,
      async (i) => track(await TestGateway.connect(server.wsUrl, `RC-Q${i}`, username, password)),
      RC,
      (i) => `AC-Q${i}`,
    );
    expect(outcomes).toEqual(Array(25).fill('heard'));
  });

  it('an empty sub_devices takes the aircraft offline; its row keeps where and when it was last seen', async () => {
    const { gateway } = await dockGateway('DOCK-J1');
    await gateway.topo(DOCK, [aircraft('AC-J1')]);
    gateway.osd('AC-J1', aircraftOsd({ mode_code: 0 }));
    await gateway.flush();
    const web = await viewer();
    const offline = nextMessage(
      web,
      'sysinfo/online',
      5000,
      onlineWhere((statuses) => !('AC-J1' in statuses)),
    );
    await subscribe(web, 'sysinfo/online');
    await gateway.topo(DOCK, []);
    await offline;
    const row = await eventually(
      'the aircraft row offline',
      () => deviceRow('AC-J1'),
      (r) => r?.status === 'offline',
    );
    expect(row).toMatchObject({ last_lat: 22.6, last_lng: 114.1, battery: 66, last_seen_at: expect.any(String) });
    expect(await server.app.mqtt!.gateway.currentLive('AC-J1')).toBeUndefined();
  });

  it('sendService resolves with the output, rejects with the device error code, and times out', async () => {
    const { gateway } = await dockGateway('DOCK-K1');
    await gateway.topo(DOCK, []);
    gateway.client.on('message', (topic, payload) => {
      if (topic !== servicesTopic('DOCK-K1')) return;
      const request = JSON.parse(payload.toString()) as { tid: string; bid: string; method: string };
      if (request.method === 'never_answered') return;
      const data = request.method === 'flighttask_execute' ? { result: 0, output: { status: 'ok' } } : { result: 314000 };
      gateway.client.publish(replyTopic(servicesTopic('DOCK-K1')), JSON.stringify({ ...request, timestamp: Date.now(), data }), { qos: 1 });
    });
    const service = server.app.mqtt!.gateway;
    await expect(service.sendService('DOCK-K1', 'flighttask_execute', { flight_id: 'f1' })).resolves.toEqual({ status: 'ok' });
    await expect(service.sendService('DOCK-K1', 'return_home', {})).rejects.toMatchObject({ result: 314000 });
    const timedOut = service.sendService('DOCK-K1', 'never_answered', {}, { timeoutMs: 300 });
    await expect(timedOut).rejects.toBeInstanceOf(ServiceError);
    await expect(timedOut).rejects.toMatchObject({ result: 'timeout' });
  });

  it('Pilot 2: thing credentials per session bind the RC and aircraft to the pilot’s department; logging out closes the connection', async () => {
    const pilotToken = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const viewerToken = await loginToken(server, 'viewer1', server.demoPasswords!.viewer1);
    await expect(pilotCredentials(server, viewerToken)).rejects.toThrow(/no thing credentials/);
    const { username, password } = await pilotCredentials(server, pilotToken);
    const pilot = await TestGateway.connect(server.wsUrl, 'RC-L1', username, password);
    const reply = await pilot.topo(RC, [aircraft('AC-L1')]);
    expect(reply.data).toEqual({ result: 0 });
    const operator = await server.app.db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    expect(await deviceRow('RC-L1')).toMatchObject({ kind: 'remote_controller', model: 'DJI RC Plus', dept_id: operator.dept_id });
    expect(await deviceRow('AC-L1')).toMatchObject({ kind: 'aircraft', gateway_sn: 'RC-L1', dept_id: operator.dept_id });
    const audit = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'bind')
      .where('entity_id', '=', String((await deviceRow('AC-L1'))!.id))
      .executeTakeFirst();
    expect(audit).toMatchObject({ user_id: operator.id, username: 'operator1' });
    pilot.osd('RC-L1', { latitude: 22.5, longitude: 114, capacity_percent: 80, wireless_link: { sdr_quality: 4, '4g_quality': 3, link_workmode: 1 } });
    await pilot.flush();
    expect(await server.app.mqtt!.gateway.currentLive('RC-L1')).toMatchObject({ kind: 'remote_controller', battery: 80, sdrQuality: 4, lteQuality: 3 });

    const closed = closedPromise(pilot.client);
    expect((await api(server, pilotToken, 'POST', '/api/auth/logout/')).status).toBe(200);
    await closed;
    await expect(connect(server.wsUrl, { clientId: 'gw_again', username, password })).rejects.toThrow(/Bad username or password/);
    await eventually(
      'the RC row offline',
      () => deviceRow('RC-L1'),
      (r) => r?.status === 'offline',
    );
  });

  it('a Pilot 2 connection cannot take a registered dock’s serial', async () => {
    await registerDock(server, token, 'DOCK-M1');
    const { username, password } = await pilotCredentials(server, token);
    const pilot = await connect(server.wsUrl, { clientId: 'gw_m1', username, password });
    track({ end: () => end(pilot) });
    expect(await subscribe(pilot, replyTopic(statusTopic('DOCK-M1')))).toBe(128);
    const closed = closedPromise(pilot);
    pilot.publish(statusTopic('DOCK-M1'), JSON.stringify(envelope('update_topo', { ...DOCK, sub_devices: [] })), { qos: 1 });
    await closed;
    expect(server.app.mqtt!.broker!.stats.refused.gateway_taken).toBeGreaterThanOrEqual(1);
  });

  it('a Pilot 2 connection cannot declare a registered dock as its sub-device: answered "not allowed", the connection stays up', async () => {
    await registerDock(server, token, 'DOCK-M2');
    const { username, password } = await pilotCredentials(server, token);
    const pilot = track(await TestGateway.connect(server.wsUrl, 'RC-M2', username, password));
    const refusedBefore = server.app.mqtt!.broker!.stats.refused.serial_not_allowed ?? 0;
    const reply = await pilot.topo(RC, [{ ...aircraft('DOCK-M2'), domain: '3', type: 2 }]);
    expect(reply.data).toEqual({ result: RESULT.notAllowed });
    expect(server.app.mqtt!.broker!.stats.refused.serial_not_allowed).toBe(refusedBefore + 1);
    expect(await deviceRow('DOCK-M2')).toMatchObject({ gateway_sn: null });
    expect((await pilot.topo(RC, [aircraft('AC-M2')])).data).toEqual({ result: 0 });
  });

  it('a client id cannot be taken over by another identity', async () => {
    const web = await connect(server.wsUrl, { clientId: 'shared-id', username: 'admin', password: token });
    track({ end: () => end(web) });
    const { secret } = await registerDock(server, token, 'DOCK-N1');
    await expect(connect(server.wsUrl, { clientId: 'shared-id', username: 'DOCK-N1', password: secret })).rejects.toThrow(/Bad username or password/);
    expect(server.app.mqtt!.broker!.stats.refused.client_id_taken).toBeGreaterThanOrEqual(1);
    // The holder is still there: it is served a subscription made after the attempt.
    const online = nextMessage(web, 'sysinfo/online');
    await subscribe(web, 'sysinfo/online');
    expect((await online).retain).toBe(true);
    // The same principal may reconnect under its id (taking over its own stale session).
    const again = await connect(server.wsUrl, { clientId: 'shared-id', username: 'admin', password: token });
    track({ end: () => end(again) });
    expect(again.connected).toBe(true);
  });

  it('a dock reconnecting under a new client id replaces its stale connection', async () => {
    const { secret, gateway } = await dockGateway('DOCK-O1');
    await gateway.topo(DOCK, []);
    const closed = closedPromise(gateway.client);
    const again = track(await TestGateway.connect(server.wsUrl, 'DOCK-O1', 'DOCK-O1', secret));
    await closed;
    expect((await again.topo(DOCK, [])).data).toEqual({ result: 0 });
  });

  it('a browser may not publish retained messages', async () => {
    const attacker = await viewer();
    const closed = closedPromise(attacker);
    attacker.publish('web/admin/pinned', '{"pinned":true}', { qos: 1, retain: true });
    await closed;
    expect(server.app.mqtt!.broker!.stats.refused.retained).toBeGreaterThanOrEqual(1);
    // The service account may read anything: a retained message would reach it on subscribing, before the marker.
    const ops = await connect(server.wsUrl, { clientId: 'ops_retained', username: 'ops', password: 'ops-secret' });
    track({ end: () => end(ops) });
    const seen: string[] = [];
    ops.on('message', (topic) => seen.push(topic));
    await subscribe(ops, 'web/admin/#');
    const marker = nextMessage(ops, 'web/admin/marker');
    ops.publish('web/admin/marker', '{}');
    await marker;
    expect(seen).toEqual(['web/admin/marker']);
  });

  it('rotating a dock secret closes its connection and refuses the old secret', async () => {
    const { id, secret, gateway } = await dockGateway('DOCK-P1');
    await gateway.topo(DOCK, []);
    const closed = closedPromise(gateway.client);
    const rotated = await api(server, token, 'POST', `/api/Device/${id}/secret/`);
    expect(rotated.data).toEqual({ sn: 'DOCK-P1', secret: expect.any(String) });
    expect(rotated.data.secret).not.toBe(secret);
    await closed;
    await expect(connect(server.wsUrl, { clientId: 'gw_p1_old', username: 'DOCK-P1', password: secret })).rejects.toThrow(/Bad username or password/);
    const fresh = track(await TestGateway.connect(server.wsUrl, 'DOCK-P1', 'DOCK-P1', rotated.data.secret as string));
    expect((await fresh.topo(DOCK, [])).data.result).toBe(0);
    const aircraftId = (await api(server, token, 'GET', '/api/Device/?kind=aircraft&page_size=1')).data.items![0].id;
    expect((await api(server, token, 'POST', `/api/Device/${aircraftId}/secret/`)).status).toBe(400);
  });
}
