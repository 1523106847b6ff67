import type { MqttClient } from 'mqtt';
import { osdTopic } from '@shared/dji/topics';
import { decodeFleet, encodeFleet, type FleetDecodeResult } from '@shared/fleet/codec';
import { TOPIC_TASK } from '@shared/entities/task';
import { DEVICE_STATUSES, TOPIC_ALERTS, TOPIC_FLEET, TOPIC_ONLINE, TOPIC_WEATHER, type Telemetry, type WeatherReport } from '@shared/live';
import type { TaskLiveMessage } from '../../../server/mqtt/browserScope';
import type { OnlineDelta, OnlineSnapshot } from '@shared/onlineList';
import { namespaceSerial } from '@shared/topics';
import { BrowserScope } from '../../../server/mqtt/browserScope';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from './support';

describe('the broker forwards per-device topics within the data scope', () => {
  let server: TestServer;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000 });
  });
  afterAll(async () => {
    await Promise.all(clients.map(end));
    await server?.close();
  });

  it.each([
    ['thing/product/SN1/osd', 'SN1'],
    ['thing/product/SN1/state', 'SN1'],
    ['sysinfo/online', null],
    ['thing/product', null],
  ])('%s is about device %s', (topic, sn) => expect(namespaceSerial(topic)).toBe(sn));

  /** operator1 (scope dept) and admin (scope all) connected as browsers; a device of operator1's department and one of another. */
  async function browsers(name: string) {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const foreign = await db.selectFrom('devices').select('serial').where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const token = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const browser = await connect(server.wsUrl, { clientId: `web_${name}`, username: 'operator1', password: token });
    clients.push(browser);
    const admin = await connect(server.wsUrl, { clientId: `web_${name}_admin`, username: 'admin', password: await loginToken(server) });
    clients.push(admin);
    return { own: own.serial, foreign: foreign.serial, browser, admin };
  }
  const publish = (topic: string, payload: string | Buffer) => server.app.mqtt!.bus.publish(topic, payload, { qos: 1, retain: false });

  it("a browser of department 2 hears its department's devices and never another department's", async () => {
    const { own, foreign, browser, admin } = await browsers('scope');
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    expect(await subscribe(admin, 'thing/product/+/osd')).toBe(0);

    const heard: string[] = [];
    browser.on('message', (topic) => heard.push(topic));
    const adminHearsForeign = nextMessage(admin, osdTopic(foreign));
    const browserHearsOwn = nextMessage(browser, osdTopic(own));
    // One connection's messages arrive in order: the foreign one would come first.
    await publish(osdTopic(foreign), JSON.stringify({ data: {} }));
    await publish(osdTopic(own), JSON.stringify({ data: {} }));
    await Promise.all([adminHearsForeign, browserHearsOwn]);
    expect(heard).toEqual([osdTopic(own)]);
  });

  it("a device moved into the browser's department is heard as soon as the move is answered, not at the next session check", async () => {
    const { own, browser } = await browsers('moved');
    const db = server.database.db;
    const { dept_id: deptId } = await db.selectFrom('devices').select('dept_id').where('serial', '=', own).executeTakeFirstOrThrow();
    const moved = await db.selectFrom('devices').select(['id', 'serial', 'dept_id']).where('dept_id', '<>', deptId!).executeTakeFirstOrThrow();
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    const heard: string[] = [];
    browser.on('message', (topic) => heard.push(topic));
    const adminToken = await loginToken(server);
    const move = async (dept: number | null) => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/Device/${moved.id}/`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { dept_id: dept },
      });
      expect(response.statusCode).toBe(200);
    };
    try {
      await move(deptId);
      const hearsMoved = nextMessage(browser, osdTopic(moved.serial));
      await publish(osdTopic(moved.serial), JSON.stringify({ data: {} }));
      await publish(osdTopic(own), JSON.stringify({ data: {} }));
      await hearsMoved;
    } finally {
      await move(moved.dept_id);
    }
    // Moved back out: the next message it hears is its own device's, not the moved one's.
    const hearsOwn = nextMessage(browser, osdTopic(own));
    heard.length = 0;
    await publish(osdTopic(moved.serial), JSON.stringify({ data: {} }));
    await publish(osdTopic(own), JSON.stringify({ data: {} }));
    await hearsOwn;
    expect(heard).toEqual([osdTopic(own)]);
  });

  it('a scope loaded while its browser signs in survives a session check that does not yet count the connection', async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const scope = new BrowserScope(db);
    const payload = Buffer.from('{}');
    await scope.load('signing-in', operator.id);
    await scope.refresh(new Set());
    expect(scope.narrow('signing-in', osdTopic(own.serial), payload)).toBe(payload);
    await scope.refresh(new Set(['signing-in']));
    await scope.refresh(new Set());
    expect(scope.narrow('signing-in', osdTopic(own.serial), payload)).toBe(payload);
    // Gone at two checks running: forgotten.
    await scope.refresh(new Set());
    expect(scope.narrow('signing-in', osdTopic(own.serial), payload)).toBeNull();
  });

  it('sessions with the same scope share one narrowed payload; another scope gets its own', async () => {
    const db = server.database.db;
    const user = (name: string) => db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    const [operator, other] = await Promise.all([user('operator1'), user('operator2')]);
    const scope = new BrowserScope(db);
    await Promise.all([scope.load('tab-1', operator.id), scope.load('tab-2', operator.id), scope.load('other', other.id)]);
    const at = Date.now();
    const payload = Buffer.from(encodeFleet(at, []));
    const first = scope.narrow('tab-1', TOPIC_FLEET, payload);
    expect(first).toBeInstanceOf(Buffer);
    expect(scope.narrow('tab-2', TOPIC_FLEET, payload)).toBe(first);
    expect(scope.narrow('other', TOPIC_FLEET, payload)).not.toBe(first);
    // Still shared after the sessions' scopes are reloaded.
    await scope.refresh(new Set(['tab-1', 'tab-2', 'other']));
    const next = Buffer.from(encodeFleet(at + 1, []));
    expect(scope.narrow('tab-2', TOPIC_FLEET, next)).toBe(scope.narrow('tab-1', TOPIC_FLEET, next));
  });

  it('the fleet snapshot a browser gets holds only the aircraft of its scope', async () => {
    const { own, foreign, browser, admin } = await browsers('fleet');
    expect(await subscribe(browser, TOPIC_FLEET)).toBe(0);
    expect(await subscribe(admin, TOPIC_FLEET)).toBe(0);
    const sample = (sn: string, lng: number): Telemetry => ({ sn, lat: 22.5, lng, alt: 80, speed: 9, heading: 90, battery: 70, status: 'flying', at: 1_000 });
    const at = Date.now();
    const serials = (payload: unknown) => {
      const decoded = payload as FleetDecodeResult;
      return decoded.ok ? decoded.fleet.sn : [];
    };
    const ofThisTest = (payload: unknown) => (payload as FleetDecodeResult).ok && (payload as { fleet: { at: number } }).fleet.at === at;
    const browserGets = nextMessage(browser, TOPIC_FLEET, 5000, ofThisTest, decodeFleet);
    const adminGets = nextMessage(admin, TOPIC_FLEET, 5000, ofThisTest, decodeFleet);
    await publish(TOPIC_FLEET, Buffer.from(encodeFleet(at, [sample(foreign, 114.1), sample(own, 114.2)])));
    expect(serials((await adminGets).payload)).toEqual([foreign, own]);
    const narrowed = (await browserGets).payload as FleetDecodeResult;
    expect(narrowed.ok && narrowed.fleet.count).toBe(1);
    expect(narrowed.ok && [narrowed.fleet.sn[0], narrowed.fleet.lng[0], DEVICE_STATUSES[narrowed.fleet.status[0]]]).toEqual([own, 114.2, 'flying']);
  });

  it("the online snapshot and delta a browser gets list and count only its scope's devices; another department's alert does not reach it, its own comes without the platform's count", async () => {
    const { own, foreign, browser, admin } = await browsers('online');
    expect(await subscribe(browser, TOPIC_ONLINE)).toBe(0);
    expect(await subscribe(admin, TOPIC_ONLINE)).toBe(0);
    expect(await subscribe(browser, TOPIC_ALERTS)).toBe(0);
    expect(await subscribe(admin, TOPIC_ALERTS)).toBe(0);
    const at = Date.now();
    const snapshot: OnlineSnapshot = { kind: 'snapshot', seq: at, at, total: 500, statuses: { [foreign]: 'online', [own]: 'flying' } };
    const delta: OnlineDelta = { kind: 'delta', seq: at + 1, base: at, at, total: 500, set: { [own]: 'online' }, removed: [foreign] };
    const ofThisTest = (seq: number) => (payload: unknown) => (payload as { seq: number }).seq === seq;
    const browserGets = nextMessage(browser, TOPIC_ONLINE, 5000, ofThisTest(at));
    const adminGets = nextMessage(admin, TOPIC_ONLINE, 5000, ofThisTest(at));
    const browserGetsDelta = nextMessage(browser, TOPIC_ONLINE, 5000, ofThisTest(at + 1));
    await publish(TOPIC_ONLINE, JSON.stringify(snapshot));
    await publish(TOPIC_ONLINE, JSON.stringify(delta));
    const visible = await server.database.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dept_id', 'in', (eb) => eb.selectFrom('devices').select('dept_id').where('serial', '=', own))
      .executeTakeFirstOrThrow();
    expect((await adminGets).payload).toEqual(snapshot);
    expect((await browserGets).payload).toEqual({ ...snapshot, statuses: { [own]: 'flying' }, total: expect.any(Number) });
    expect(((await browserGets).payload as OnlineSnapshot).total).toBe(Number(visible.n));
    expect((await browserGetsDelta).payload).toEqual({ ...delta, removed: [], total: Number(visible.n) });

    const alert = (id: number, sn: string) =>
      JSON.stringify({ at, activeCount: 2, alert: { id, kind: 'hms', code: '0x16100083', level: 2, device_sn: sn, active: 1 } });
    const heard: number[] = [];
    browser.on(
      'message',
      (topic, payload: Buffer) => topic === TOPIC_ALERTS && heard.push((JSON.parse(payload.toString()) as { alert: { id: number } }).alert.id),
    );
    const adminHearsForeign = nextMessage(admin, TOPIC_ALERTS, 5000, (payload) => (payload as { alert: { id: number } }).alert.id === 1);
    const browserHearsOwn = nextMessage(browser, TOPIC_ALERTS, 5000, (payload) => (payload as { alert: { id: number } }).alert.id === 2);
    // In order on one connection: the foreign alert would arrive first.
    await publish(TOPIC_ALERTS, alert(1, foreign));
    await publish(TOPIC_ALERTS, alert(2, own));
    const [adminHeard, browserHeard] = await Promise.all([adminHearsForeign, browserHearsOwn]);
    expect(heard).toEqual([2]);
    // The platform's count of active alerts is not the scope's: the browser reads its own from the API.
    expect(adminHeard.payload).toMatchObject({ activeCount: 2 });
    expect(browserHeard.payload).not.toHaveProperty('activeCount');
    expect(browserHeard.payload).toMatchObject({ at, alert: { id: 2, device_sn: own } });
  });

  it("a browser hears the progress of its scope's tasks only, without the owner the server tags it with", async () => {
    const { browser, admin } = await browsers('tasks');
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const otherDept = await db
      .selectFrom('departments')
      .select('id')
      .where('id', '<>', operator.dept_id!)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await subscribe(browser, TOPIC_TASK)).toBe(0);
    expect(await subscribe(admin, TOPIC_TASK)).toBe(0);
    const at = Date.now();
    const message = (taskId: number, owner: TaskLiveMessage['owner']): TaskLiveMessage => ({
      task_id: taskId,
      status: 'running',
      progress: { status: 'in_progress', percent: 40, current_step: null, waypoint_index: 3 },
      dispatch_error: null,
      at,
      owner,
    });
    const heard: number[] = [];
    browser.on('message', (topic, payload: Buffer) => topic === TOPIC_TASK && heard.push((JSON.parse(payload.toString()) as TaskLiveMessage).task_id));
    const adminHearsForeign = nextMessage(admin, TOPIC_TASK, 5000, (payload) => (payload as TaskLiveMessage).task_id === 901);
    const browserHearsOwn = nextMessage(browser, TOPIC_TASK, 5000, (payload) => (payload as TaskLiveMessage).task_id === 902);
    // In order on one connection: the foreign task would arrive first.
    await publish(TOPIC_TASK, JSON.stringify(message(901, { dept_id: otherDept.id, created_by: null })));
    await publish(TOPIC_TASK, JSON.stringify(message(902, { dept_id: operator.dept_id, created_by: null })));
    const [adminHeard, browserHeard] = await Promise.all([adminHearsForeign, browserHearsOwn]);
    expect(heard).toEqual([902]);
    expect(adminHeard.payload).toMatchObject({ task_id: 901 });
    expect(browserHeard.payload).toEqual({ task_id: 902, status: 'running', progress: message(902, {}).progress, dispatch_error: null, at });
  });

  it("the weather a browser gets names only its scope's projects", async () => {
    const { browser } = await browsers('weather');
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('projects').select('id').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    // Another department's project that does not name operator1 a member.
    const otherDept = await db
      .selectFrom('departments')
      .select('id')
      .where('id', '<>', operator.dept_id!)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const foreign = await db
      .insertInto('projects')
      .values({
        name: 'Foreign weather project',
        description: null,
        area: null,
        status: 'active',
        dept_id: otherDept.id,
        members: '[]',
        ceiling_m: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = Date.now();
    const station = (areaId: string, name: string) => ({
      areaId,
      name,
      lat: 22.5,
      lng: 114.1,
      windSpeed: 3,
      windDirection: 90,
      gust: 5,
      temperature: 20,
      humidity: 60,
      visibility: 10_000,
      precipitation: 0,
      flyable: true,
      reasons: [],
    });
    const report: WeatherReport = {
      at,
      source: 'test',
      stations: [station(`project-${foreign.id}`, 'Foreign project'), station(`project-${own.id}`, 'Own project'), station('default', 'Default area')],
    };
    const browserGets = nextMessage(browser, TOPIC_WEATHER, 5000, (payload) => (payload as WeatherReport).at === at);
    expect(await subscribe(browser, TOPIC_WEATHER)).toBe(0);
    await publish(TOPIC_WEATHER, JSON.stringify(report));
    expect(((await browserGets).payload as WeatherReport).stations.map((s) => s.name)).toEqual(['Own project', 'Default area']);
  });
});
