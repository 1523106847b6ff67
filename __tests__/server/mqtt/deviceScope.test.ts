import type { MqttClient } from 'mqtt';
import { osdTopic } from '@shared/dji/topics';
import { deviceOfTopic } from '../../../server/mqtt/deviceScope';
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
  ])('%s is about device %s', (topic, sn) => expect(deviceOfTopic(topic)).toBe(sn));

  it("a browser of department 2 hears its department's devices and never another department's", async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const foreign = await db.selectFrom('devices').select('serial').where('dept_id', '<>', operator.dept_id!).executeTakeFirstOrThrow();
    const token = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
    const browser = await connect(server.wsUrl, { clientId: 'web_scope', username: 'operator1', password: token });
    clients.push(browser);
    const admin = await connect(server.wsUrl, { clientId: 'web_scope_admin', username: 'admin', password: await loginToken(server) });
    clients.push(admin);
    expect(await subscribe(browser, 'thing/product/+/osd')).toBe(0);
    expect(await subscribe(admin, 'thing/product/+/osd')).toBe(0);

    const heard: string[] = [];
    browser.on('message', (topic) => heard.push(topic));
    const adminHearsForeign = nextMessage(admin, osdTopic(foreign.serial));
    const browserHearsOwn = nextMessage(browser, osdTopic(own.serial));
    // One connection's messages arrive in order: the foreign one would come first.
    await server.app.mqtt!.bus.publish(osdTopic(foreign.serial), JSON.stringify({ data: {} }), { qos: 1, retain: false });
    await server.app.mqtt!.bus.publish(osdTopic(own.serial), JSON.stringify({ data: {} }), { qos: 1, retain: false });
    await Promise.all([adminHearsForeign, browserHearsOwn]);
    expect(heard).toEqual([osdTopic(own.serial)]);
  });
});
