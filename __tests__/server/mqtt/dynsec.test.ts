import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { RESULT } from '@shared/dji/envelope';
import { osdTopic } from '@shared/dji/topics';
import { decodeFleet, encodeFleet, type FleetDecodeResult } from '@shared/fleet/codec';
import { TOPIC_FLEET, TOPIC_NOTICES, type Telemetry } from '@shared/live';
import { scopedSysinfoTopic } from '@shared/topics';
import { readMqttConfig } from '../../../server/config';
import { drcDownTopic, drcUpTopic } from '@shared/dji/drcMessages';
import { issueDrcCredentials, revokeDrcCredentials } from '../../../server/mqtt/drcCredentials';
import { DYNSEC_RESPONSE_TOPIC, DYNSEC_TOPIC, gatewayRole, PROVISIONED_MARK } from '../../../server/mqtt/dynsec/templates';
import { aircraft, aircraftOsd, api, DOCK, registerDock, RC, streamBehindTopo, TestGateway } from './dji';
import { startOwnMosquitto, type OwnMosquitto } from './mosquitto';
import { ADMIN_PASSWORD, connect, end, loginToken, nextMessage, recordMessages, startServer, subscribe, within, type TestServer } from './support';

const MOSQUITTO_CTRL = '/usr/bin/mosquitto_ctrl';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const SERVER_USER = 'skyline-server';
const SERVER_SECRET = 'server-secret';

/**
 * An own mosquitto process with the dynamic-security plugin (TCP + websocket listeners), initialised with the
 * server's account as its admin, as docs/mqtt.md describes: every other account is provisioned by the server.
 */
describe('external Mosquitto with dynamic security (MQTT_DYNSEC=1)', () => {
  let dir: string;
  let mosquitto: OwnMosquitto;
  let tcpUrl: string;
  let wsUrl: string;
  let server: TestServer;
  const clients: MqttClient[] = [];
  const gateways: TestGateway[] = [];

  /** The broker's answer to one command, over an own admin connection (what the server provisioned, seen from outside). */
  async function dynsec(command: Record<string, unknown>): Promise<{ error?: string; data?: unknown }> {
    const admin = await connect(tcpUrl, { clientId: 'test-admin', username: SERVER_USER, password: SERVER_SECRET });
    try {
      const answer = nextMessage(
        admin,
        DYNSEC_RESPONSE_TOPIC,
        5000,
        (p) => (p as { responses: { correlationData?: string }[] }).responses[0]?.correlationData === 'test',
      );
      await subscribe(admin, DYNSEC_RESPONSE_TOPIC);
      await admin.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData: 'test' }] }), { qos: 1 });
      return ((await answer).payload as { responses: { error?: string; data?: unknown }[] }).responses[0];
    } finally {
      await end(admin);
    }
  }

  async function browserAccount(token: string): Promise<{ username: string; password: string; scope: string | null }> {
    const issued = await api(server, token, 'POST', '/api/auth/mqtt/');
    expect(issued.status).toBe(200);
    return issued.data as unknown as { username: string; password: string; scope: string | null };
  }

  async function connectBrowser({ username, password }: { username: string; password: string }): Promise<MqttClient> {
    const client = await connect(wsUrl, { clientId: `web_${Math.floor(Math.random() * 1e9)}`, username, password });
    clients.push(client);
    return client;
  }

  /** Resolves once the broker refuses these credentials (CONNACK "not authorised"). */
  const refused = (account: { username: string; password: string }) =>
    expect(connect(tcpUrl, { clientId: `probe_${Math.floor(Math.random() * 1e9)}`, ...account })).rejects.toThrow(/Not authorized|Bad username or password/);

  beforeAll(async () => {
    for (const file of [MOSQUITTO_CTRL, DYNSEC_PLUGIN]) if (!fs.existsSync(file)) throw new Error(`${file} is missing; apt-get install mosquitto`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-dynsec-'));
    const config = path.join(dir, 'dynamic-security.json');
    execFileSync(MOSQUITTO_CTRL, ['dynsec', 'init', config, SERVER_USER, SERVER_SECRET], { stdio: 'ignore' });
    mosquitto = await startOwnMosquitto(dir, ['max_packet_size 262144', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${config}`]);
    ({ tcpUrl, wsUrl } = mosquitto);

    // Left over from an earlier run: a browser account whose session this server never had.
    const ghost = await dynsec({ command: 'createClient', username: 'skyline-web-ghost.1', password: 'ghost', textname: PROVISIONED_MARK });
    expect(ghost.error).toBeUndefined();

    server = await startServer({
      ...readMqttConfig({ MQTT_URL: tcpUrl, MQTT_USER: SERVER_USER, MQTT_PASSWORD: SERVER_SECRET, MQTT_DYNSEC: '1' }),
      sysinfoIntervalMs: 60_000,
      // The re-sync timer stays out of the way: every removal below must come from the change itself.
      sessionCheckMs: 600_000,
    });
  });

  afterEach(async () => {
    await Promise.all([...clients.splice(0).map(end), ...gateways.splice(0).map((g) => g.end())]);
  });

  afterAll(async () => {
    await server?.close();
    mosquitto?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('re-syncs at start: a provisioned account without a session is deleted', async () => {
    expect(server.app.mqtt?.credentials).toBeDefined();
    expect((await dynsec({ command: 'getClient', username: 'skyline-web-ghost.1' })).error).toBe('Client not found');
    await refused({ username: 'skyline-web-ghost.1', password: 'ghost' });
  });

  it("a browser session's account reads sysinfo and device telemetry, publishes nothing, and ends with the logout", async () => {
    const token = await loginToken(server);
    const account = await browserAccount(token);
    expect(account.username).toMatch(/^skyline-web-/);
    const browser = await connectBrowser(account);
    const online = nextMessage(browser, 'sysinfo/online');
    expect(await subscribe(browser, 'sysinfo/#')).toBe(0);
    expect((await online).retain).toBe(true);
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    // Never a device's or the server's topics.
    expect(await subscribe(browser, 'sys/product/+/status')).toBe(0x80);

    // A dock reports through the broker; the browser sees its aircraft, but cannot forge a report for it.
    const { secret } = await registerDock(server, token, 'DOCK-DS1');
    const dock = await TestGateway.connect(tcpUrl, 'DOCK-DS1', 'DOCK-DS1', secret);
    gateways.push(dock);
    expect(await dock.topo(DOCK, [aircraft('AC-DS1')])).toMatchObject({ data: { result: 0 } });
    const seen = nextMessage(browser, 'thing/product/AC-DS1/osd');
    dock.osd('AC-DS1', aircraftOsd());
    await seen;
    await dock.flush();
    const recording = recordMessages(browser, 'thing/product/AC-DS1/osd');
    await browser.publishAsync('thing/product/AC-DS1/osd', JSON.stringify({ tid: 't', bid: 'b', timestamp: Date.now(), data: aircraftOsd({ latitude: 10 }) }), {
      qos: 1,
    });
    await browser.publishAsync('sysinfo/online', '{"fake":true}', { qos: 1 });
    // The server's marker comes after both publishes: had the broker taken either, it would have arrived first.
    expect(await recording.untilMarker(server)).toEqual([]);
    expect(await server.app.mqtt?.gateway.currentLive('AC-DS1')).toMatchObject({ lat: 22.6 });

    // A second tab of the same session gets its own account; the first one stays connected.
    const secondAccount = await browserAccount(token);
    const second = await connectBrowser(secondAccount);
    expect(await within(subscribe(browser, 'sysinfo/weather'), 5000, 'the first tab answering')).toBe(0);

    // Logout deletes the session's accounts: the open connections are closed and the credentials are refused.
    const closed = [browser, second].map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
    expect((await api(server, token, 'POST', '/api/auth/logout/')).status).toBe(200);
    await within(Promise.all(closed), 5000, 'the logged-out browser connections closing');
    await refused(account);
    await refused(secondAccount);
  });

  it("a dock's account publishes its own and its aircraft's reports, nothing of another gateway's", async () => {
    const admin = await loginToken(server);
    const [one, two] = [await registerDock(server, admin, 'DOCK-DS2'), await registerDock(server, admin, 'DOCK-DS3')];
    const dockOne = await TestGateway.connect(tcpUrl, 'DOCK-DS2', 'DOCK-DS2', one.secret);
    const dockTwo = await TestGateway.connect(tcpUrl, 'DOCK-DS3', 'DOCK-DS3', two.secret);
    gateways.push(dockOne, dockTwo);
    expect(await dockOne.topo(DOCK, [aircraft('AC-DS2')])).toMatchObject({ data: { result: 0 } });
    expect(await dockTwo.topo(DOCK, [aircraft('AC-DS3')])).toMatchObject({ data: { result: 0 } });

    dockOne.osd('AC-DS2', aircraftOsd());
    dockTwo.osd('AC-DS3', aircraftOsd());
    await Promise.all([dockOne.flush(), dockTwo.flush()]);
    expect(await server.app.mqtt?.gateway.currentLive('AC-DS2')).toMatchObject({ lat: 22.6, battery: 66 });
    expect(await server.app.mqtt?.gateway.currentLive('AC-DS3')).toMatchObject({ lat: 22.6 });

    // Dock one speaks for the other dock's aircraft and topology: the broker drops it, the server never sees it.
    dockOne.osd('AC-DS3', aircraftOsd({ latitude: 10 }));
    dockOne.client.publish('sys/product/DOCK-DS3/status', JSON.stringify({ tid: 't', bid: 'b', timestamp: 1, method: 'update_topo', data: {} }), { qos: 1 });
    await dockOne.flush();
    expect(await server.app.mqtt?.gateway.currentLive('AC-DS3')).toMatchObject({ lat: 22.6 });
    expect(server.app.mqtt?.gateway.stats.dropped.invalid_data).toBe(0);
    expect(await subscribe(dockOne.client, 'thing/product/DOCK-DS3/services')).toBe(0x80);

    // Rotating the secret replaces the account: the old secret is refused.
    const rotated = await api(server, admin, 'POST', `/api/Device/${one.id}/secret/`);
    expect(rotated.status).toBe(200);
    await refused({ username: 'DOCK-DS2', password: one.secret });
    await connect(tcpUrl, { clientId: 'dock-rotated', username: 'DOCK-DS2', password: rotated.data.secret as string }).then((c) => end(c));
    // Deleting the device removes its account.
    expect((await server.app.inject({ method: 'DELETE', url: `/api/Device/${two.id}/`, headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(200);
    expect((await dynsec({ command: 'getClient', username: 'DOCK-DS3' })).error).toBe('Client not found');
  });

  it('a pilot gets thing credentials for its remote controller only, ended with its session', async () => {
    const token = await loginToken(server);
    const project = await api(server, token, 'POST', '/api/Project/', { name: 'dynsec', status: 'active' });
    const without = await api(server, token, 'GET', `/api/djiconf/${project.data.id}/`);
    expect(without).toMatchObject({ status: 400, error_code: 'device.gateway_sn_required' });
    const conf = await api(server, token, 'GET', `/api/djiconf/${project.data.id}/?gateway_sn=RC-DS4`);
    const account = { username: conf.data.mqttUsername as string, password: conf.data.mqttPassword as string };
    const rc = await TestGateway.connect(tcpUrl, 'RC-DS4', account.username, account.password);
    gateways.push(rc);
    expect(await rc.topo(RC, [aircraft('AC-DS4')])).toMatchObject({ data: { result: 0 } });
    rc.osd('AC-DS4', aircraftOsd());
    await rc.flush();
    expect(await server.app.mqtt?.gateway.currentLive('AC-DS4')).toMatchObject({ lat: 22.6 });
    // Its ACL names its own serial: another RC's topics stay closed.
    expect(await subscribe(rc.client, 'thing/product/RC-OTHER/services')).toBe(0x80);

    const closed = new Promise<void>((resolve) => rc.client.once('close', () => resolve()));
    await api(server, token, 'POST', '/api/auth/logout/');
    await within(closed, 5000, 'the pilot connection closing');
    await refused(account);
  });

  it("a pilot of one department gets no credentials for another's registered RC, and its own RC cannot declare another's aircraft", async () => {
    const db = server.database.db;
    const own = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const foreign = (kind: string) =>
      db.selectFrom('devices').selectAll().where('dept_id', '<>', own.dept_id!).where('kind', '=', kind).orderBy('id').executeTakeFirstOrThrow();
    const [victimRc, victim] = [await foreign('remote_controller'), await foreign('aircraft')];
    const pilotToken = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const project = (await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const stolen = await api(server, pilotToken, 'GET', `/api/djiconf/${project}/?gateway_sn=${victimRc.serial}`);
    const refusal = stolen as unknown as { error_code: string; params: unknown };
    expect([stolen.status, refusal.error_code, refusal.params]).toEqual([409, 'device.gateway_outside_scope', { sn: victimRc.serial }]);

    // Its own (new) RC: the server cannot see which connection published, so it judges the RC's issued pilot.
    const conf = await api(server, pilotToken, 'GET', `/api/djiconf/${project}/?gateway_sn=RC-DS7`);
    expect(conf.status).toBe(200);
    const rc = await TestGateway.connect(tcpUrl, 'RC-DS7', conf.data.mqttUsername as string, conf.data.mqttPassword as string);
    gateways.push(rc);
    // Its own new aircraft it may declare; another department's registered one it may not.
    expect((await rc.topo(RC, [aircraft('AC-DS7')])).data).toEqual({ result: 0 });
    expect((await rc.topo(RC, [aircraft(victim.serial)])).data).toEqual({ result: RESULT.notAllowed });
    // Not rebound, and the RC's account was given nothing of the aircraft: its reports are not heard.
    expect(await db.selectFrom('devices').select('gateway_sn').where('id', '=', victim.id).executeTakeFirstOrThrow()).toEqual({
      gateway_sn: victim.gateway_sn,
    });
    rc.osd(victim.serial, aircraftOsd());
    await rc.flush();
    expect(await server.app.mqtt!.gateway.currentLive(victim.serial)).toBeUndefined();
    const role = await dynsec({ command: 'getRole', rolename: gatewayRole('RC-DS7') });
    expect(JSON.stringify(role.data)).toContain('AC-DS7');
    expect(JSON.stringify(role.data)).not.toContain(victim.serial);
  });

  it('a Pilot 2 gateway streaming OSD right behind its update_topo is answered and heard, 25 times of 25', async () => {
    const token = await loginToken(server);
    const project = await api(server, token, 'POST', '/api/Project/', { name: 'dynsec-stream', status: 'active' });
    const conf = await api(server, token, 'GET', `/api/djiconf/${project.data.id}/?gateway_sn=RC-DS5`);
    const account = { username: conf.data.mqttUsername as string, password: conf.data.mqttPassword as string };
    const open = async () => {
      const rc = await TestGateway.connect(tcpUrl, 'RC-DS5', account.username, account.password);
      gateways.push(rc);
      return rc;
    };
    // Mosquitto judges each publish by the account's ACL, which names an aircraft once the server accepted the
    // topology that declared it: the RC's aircraft is bound once, as it is in the field before it streams.
    const first = await open();
    expect(await first.topo(RC, [aircraft('AC-DS5')])).toMatchObject({ data: { result: 0 } });
    await first.end();
    expect(await streamBehindTopo(server, open, RC, () => 'AC-DS5')).toEqual(Array(25).fill('heard'));
  });

  it("a browser of a department-scoped user may subscribe to its department's devices only", async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const foreign = await db.selectFrom('devices').select('serial').where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const browser = await connectBrowser(await browserAccount(await loginToken(server, 'operator1', server.demoPasswords!.operator1)));
    expect(await subscribe(browser, osdTopic(foreign.serial))).toBe(0x80);
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0x80);
    expect(await subscribe(browser, osdTopic(own.serial))).toBe(0);
    const heard = nextMessage(browser, osdTopic(own.serial));
    await server.app.mqtt!.bus.publish(osdTopic(own.serial), JSON.stringify({ data: {} }), { qos: 1, retain: false });
    await heard;
  });

  it("a browser of a department-scoped user hears only its scope's share of the fleet, never sysinfo/fleet itself", async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const foreign = await db.selectFrom('devices').select('serial').where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const account = await browserAccount(await loginToken(server, 'operator1', server.demoPasswords!.operator1));
    expect(account.scope).toMatch(/^[0-9a-f]{24}$/);
    const scope = account.scope!;
    const browser = await connectBrowser(account);
    for (const wide of [TOPIC_FLEET, 'sysinfo/#', 'sysinfo/scope/+/fleet', scopedSysinfoTopic('0'.repeat(24), TOPIC_FLEET)])
      expect([wide, await subscribe(browser, wide)]).toEqual([wide, 0x80]);
    expect(await subscribe(browser, scopedSysinfoTopic(scope, TOPIC_FLEET))).toBe(0);
    expect(await subscribe(browser, TOPIC_NOTICES)).toBe(0);
    // An administrator's browser (scope all) reads the topic itself.
    const adminAccount = await browserAccount(await loginToken(server));
    expect(adminAccount.scope).toBeNull();
    const admin = await connectBrowser(adminAccount);
    expect(await subscribe(admin, TOPIC_FLEET)).toBe(0);

    const at = Date.now();
    const sample = (sn: string, lng: number): Telemetry => ({ sn, lat: 22.5, lng, alt: 80, speed: 9, heading: 90, battery: 70, status: 'flying', at });
    const ofThisTest = (payload: unknown) => (payload as FleetDecodeResult).ok && (payload as { fleet: { at: number } }).fleet.at === at;
    const browserGets = nextMessage(browser, scopedSysinfoTopic(scope, TOPIC_FLEET), 5000, ofThisTest, decodeFleet);
    const adminGets = nextMessage(admin, TOPIC_FLEET, 5000, ofThisTest, decodeFleet);
    const fleet = Buffer.from(encodeFleet(at, [sample(foreign.serial, 114.1), sample(own.serial, 114.2)]));
    await server.app.mqtt!.bus.publish(TOPIC_FLEET, fleet, { qos: 1, retain: false });
    const serials = (message: { payload: unknown }) => (message.payload as { fleet: { sn: string[] } }).fleet.sn;
    expect(serials(await browserGets)).toEqual([own.serial]);
    expect(serials(await adminGets)).toEqual([foreign.serial, own.serial]);
  });

  it("DRC credentials: each side only its own dock's drc/down or drc/up, bound to its client id, deleted on exit", async () => {
    const admin = await loginToken(server);
    const dock = await registerDock(server, admin, 'DOCK-DRC1');
    const session = await server.app.db.selectFrom('sessions').select(['id', 'user_id']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const issued = await issueDrcCredentials(server.app.db, { gatewaySn: 'DOCK-DRC1', deviceId: dock.id, userId: session.user_id, sessionId: session.id }, 600);
    await server.app.mqtt!.credentials!.issueDrc([issued.browser, issued.device], issued.replaced);
    const as = (grant: typeof issued.browser, clientId = grant.clientId) => connect(tcpUrl, { clientId, username: grant.username, password: grant.password });
    const browser = await as(issued.browser);
    const device = await as(issued.device);
    clients.push(browser, device);
    await expect(as(issued.browser, 'another-client')).rejects.toThrow(/Not authorized|Bad username or password|Identifier rejected/);

    expect(await subscribe(browser, drcUpTopic('DOCK-DRC1'))).toBe(0);
    expect(await subscribe(device, drcDownTopic('DOCK-DRC1'))).toBe(0);
    for (const [client, filter] of [
      [browser, drcUpTopic('DOCK-OTHER')],
      [browser, drcDownTopic('DOCK-DRC1')],
      [browser, 'thing/product/+/drc/up'],
      [device, drcDownTopic('DOCK-OTHER')],
      [device, 'thing/product/DOCK-DRC1/services'],
    ] as const)
      expect([filter, await subscribe(client, filter)]).toEqual([filter, 0x80]);

    // Each side hears the other; what either publishes elsewhere reaches nobody (the server's subscriber sees it all).
    const seenByDevice = nextMessage(device, drcDownTopic('DOCK-DRC1'));
    await browser.publishAsync(drcDownTopic('DOCK-DRC1'), JSON.stringify({ method: 'heart_beat', seq: 1, data: { timestamp: 1 } }), { qos: 1 });
    await seenByDevice;
    const seenByBrowser = nextMessage(browser, drcUpTopic('DOCK-DRC1'));
    await device.publishAsync(drcUpTopic('DOCK-DRC1'), JSON.stringify({ method: 'delay_info_push', data: { sdr_cmd_delay: 40, liveview_delay_list: [] } }), {
      qos: 1,
    });
    await seenByBrowser;
    const watcher = await connect(tcpUrl, { clientId: 'drc-watch', username: SERVER_USER, password: SERVER_SECRET });
    clients.push(watcher);
    const recording = recordMessages(watcher, drcDownTopic('DOCK-OTHER'));
    await subscribe(watcher, drcDownTopic('DOCK-OTHER'));
    await browser.publishAsync(drcDownTopic('DOCK-OTHER'), '{"method":"drone_emergency_stop","data":{}}', { qos: 1 });
    await device.publishAsync(drcDownTopic('DOCK-OTHER'), '{"method":"drone_emergency_stop","data":{}}', { qos: 1 });
    expect(await recording.untilMarker(server)).toEqual([]);

    // Exit: the accounts are deleted, which closes both connections.
    const closed = [browser, device].map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
    await server.app.mqtt!.credentials!.revokeDrc(await revokeDrcCredentials(server.app.db, 'DOCK-DRC1'));
    await within(Promise.all(closed), 5000, 'the DRC connections closing');
    await refused(issued.browser);
  });

  it("a user moved to another department: its browser connection is closed, and its next account reads the new department's share only", async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const other = await db.selectFrom('devices').select(['serial', 'dept_id']).where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const operatorToken = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const before = await browserAccount(operatorToken);
    const browser = await connectBrowser(before);
    expect(await subscribe(browser, scopedSysinfoTopic(before.scope!, TOPIC_FLEET))).toBe(0);
    const closed = new Promise<void>((resolve) => browser.once('close', () => resolve()));
    const move = (deptId: number | null) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/User/${operator.id}/`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { dept_id: deptId },
      });
    const adminToken = await loginToken(server);
    try {
      expect((await move(other.dept_id)).statusCode).toBe(200);
      await within(closed, 5000, 'the browser connection of the moved user closing');
      const after = await browserAccount(operatorToken);
      expect(after.scope).toMatch(/^[0-9a-f]{24}$/);
      expect(after.scope).not.toBe(before.scope);
      const again = await connectBrowser(after);
      expect(await subscribe(again, scopedSysinfoTopic(before.scope!, TOPIC_FLEET))).toBe(0x80);
      expect(await subscribe(again, scopedSysinfoTopic(after.scope!, TOPIC_FLEET))).toBe(0);
      expect(await subscribe(again, osdTopic(other.serial))).toBe(0);
    } finally {
      expect((await move(operator.dept_id)).statusCode).toBe(200);
    }
  });

  it("a device moved into a user's department: the user's browser is rescoped at once and may then read the device's telemetry", async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const device = await db.selectFrom('devices').select(['id', 'serial', 'dept_id']).where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const operatorToken = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const before = await browserAccount(operatorToken);
    const browser = await connectBrowser(before);
    expect(await subscribe(browser, osdTopic(device.serial))).toBe(0x80);
    const closed = new Promise<void>((resolve) => browser.once('close', () => resolve()));
    const adminToken = await loginToken(server);
    const move = (deptId: number | null) => api(server, adminToken, 'PATCH', `/api/Device/${device.id}/`, { dept_id: deptId });
    try {
      expect((await move(operator.dept_id)).status).toBe(200);
      // The session check is 10 minutes away here: only the move itself can close the connection.
      await within(closed, 5000, 'the browser connection of the rescoped user closing');
      const after = await browserAccount(operatorToken);
      expect(after.scope).not.toBe(before.scope);
      expect(await subscribe(await connectBrowser(after), osdTopic(device.serial))).toBe(0);
    } finally {
      expect((await move(device.dept_id)).status).toBe(200);
    }
  });

  it("a password change ends the user's other sessions' broker accounts", async () => {
    const browserToken = await loginToken(server);
    const account = await browserAccount(browserToken);
    const browser = await connectBrowser(account);
    const closed = new Promise<void>((resolve) => browser.once('close', () => resolve()));

    const changer = await loginToken(server);
    const adminId = (await api(server, changer, 'GET', '/api/logininfo/')).data.id as number;
    const changed = await server.app.inject({
      method: 'PATCH',
      url: `/api/User/${adminId}/`,
      headers: { authorization: `Bearer ${changer}` },
      payload: { password: `${ADMIN_PASSWORD}-new` },
    });
    expect(changed.statusCode).toBe(200);
    await within(closed, 5000, 'the browser connection of the ended session closing');
    await refused(account);
    // The session that made the change keeps its own account.
    await connectBrowser(await browserAccount(changer));
  });
});
