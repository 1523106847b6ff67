import type { MqttClient } from 'mqtt';
import { RESULT } from '@shared/dji/envelope';
import { osdTopic, replyTopic, statusTopic } from '@shared/dji/topics';
import { aircraft, aircraftOsd, api, DOCK, envelope, pilotCredentials, RC, registerDock, TestGateway } from './dji';
import { connect, end, loginToken, startServer, subscribe, type TestServer } from './support';

const closedPromise = (client: MqttClient) => new Promise<void>((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve()));

/**
 * Device claims (issue 27) on the embedded broker with the demo data: a registered device belongs to its department;
 * a gateway connection speaks only for the devices it may.
 */
describe('device claims: a gateway connection speaks only for the devices it may', () => {
  let server: TestServer;
  let admin: string;
  let pilotToken: string;
  const gateways: TestGateway[] = [];
  const track = (gateway: TestGateway) => (gateways.push(gateway), gateway);
  const deviceRow = (sn: string) => server.app.db.selectFrom('devices').selectAll().where('serial', '=', sn).executeTakeFirstOrThrow();
  /** A registered device of operator2's department (not operator1's). */
  const foreign = async (kind: string) => {
    const dept = await server.app.db.selectFrom('users').select('dept_id').where('username', '=', 'operator2').executeTakeFirstOrThrow();
    return server.app.db.selectFrom('devices').selectAll().where('dept_id', '=', dept.dept_id).where('kind', '=', kind).orderBy('id').executeTakeFirstOrThrow();
  };
  const pilot = async (sn: string) => {
    const { username, password } = await pilotCredentials(server, pilotToken);
    return track(await TestGateway.connect(server.wsUrl, sn, username, password));
  };
  const refused = (reason: string) => server.app.mqtt!.broker!.stats.refused[reason] ?? 0;

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 });
    admin = await loginToken(server);
    pilotToken = await loginToken(server, 'operator1', server.demoPasswords!.operator1);
  });
  afterEach(async () => {
    await Promise.all(gateways.splice(0).map((g) => g.end()));
  });
  afterAll(async () => server?.close());

  it("a pilot cannot declare another department's registered aircraft: answered 314002, not bound, its OSD dropped", async () => {
    const victim = await foreign('aircraft');
    const rc = await pilot('RC-C1');
    // Its own new aircraft it binds, in its department.
    expect((await rc.topo(RC, [aircraft('AC-C1')])).data).toEqual({ result: 0 });
    expect((await deviceRow('AC-C1')).dept_id).toBe((await deviceRow('RC-C1')).dept_id);
    const before = refused('serial_not_allowed');
    expect((await rc.topo(RC, [aircraft(victim.serial)])).data).toEqual({ result: RESULT.notAllowed });
    expect(refused('serial_not_allowed')).toBe(before + 1);
    rc.osd(victim.serial, aircraftOsd());
    await rc.flush();
    expect(rc.client.connected).toBe(true);
    expect(await deviceRow(victim.serial)).toMatchObject({ gateway_sn: victim.gateway_sn });
    expect(await server.app.mqtt!.gateway.currentLive(victim.serial)).toBeUndefined();
  });

  it("a pilot cannot claim another department's registered RC serial; the real RC is then still served", async () => {
    const rcRow = await foreign('remote_controller');
    const { username, password } = await pilotCredentials(server, pilotToken);
    const raw = await connect(server.wsUrl, { clientId: 'gw_hijack', username, password });
    expect(await subscribe(raw, replyTopic(statusTopic(rcRow.serial)))).toBe(0x80);
    const before = refused('gateway_taken');
    const closed = closedPromise(raw);
    raw.publish(statusTopic(rcRow.serial), JSON.stringify(envelope('update_topo', { ...RC, sub_devices: [] })), { qos: 1 });
    await closed;
    expect(refused('gateway_taken')).toBe(before + 1);
    expect(server.app.mqtt!.broker!.gateway(rcRow.serial)).toBeUndefined();
    await end(raw);
    // The owner department's pilot is served under that serial.
    const ownerToken = await loginToken(server, 'operator2', server.demoPasswords!.operator2);
    const owner = await pilotCredentials(server, ownerToken);
    const real = track(await TestGateway.connect(server.wsUrl, rcRow.serial, owner.username, owner.password));
    expect((await real.topo(RC, [])).data).toEqual({ result: 0 });
  });

  it("subscribing to another department's device topics claims nothing and delivers nothing", async () => {
    const victim = await foreign('aircraft');
    const { username, password } = await pilotCredentials(server, pilotToken);
    const spy = await connect(server.wsUrl, { clientId: 'gw_spy', username, password });
    try {
      expect(await subscribe(spy, osdTopic(victim.serial))).toBe(0x80);
      expect(await subscribe(spy, `thing/product/${victim.serial}/#`)).toBe(0x80);
      expect(server.app.mqtt!.broker!.gateway(victim.serial)).toBeUndefined();
    } finally {
      await end(spy);
    }
  });

  it('a gateway subscribes with wildcards inside its own namespace, nothing outside it', async () => {
    const rc = await pilot('RC-W1');
    await rc.topo(RC, []);
    expect(await subscribe(rc.client, 'thing/product/RC-W1/#')).toBe(0);
    expect(await subscribe(rc.client, 'sys/product/RC-W1/#')).toBe(0);
    expect(await subscribe(rc.client, 'thing/product/RC-W1/+')).toBe(0);
    for (const filter of ['thing/product/+/services', 'thing/product/#', 'thing/#', '#', 'thing/product/RC-W2/#', 'sysinfo/#'])
      expect([filter, await subscribe(rc.client, filter)]).toEqual([filter, 0x80]);
    const { secret } = await registerDock(server, admin, 'DOCK-W1');
    const dock = track(await TestGateway.connect(server.wsUrl, 'DOCK-W1', 'DOCK-W1', secret));
    expect(await subscribe(dock.client, 'thing/product/DOCK-W1/#')).toBe(0);
    expect(await subscribe(dock.client, 'thing/product/RC-W1/#')).toBe(0x80);
    // The wildcard delivers what is addressed to it: the server's reply to its update_topo.
    expect((await dock.topo(DOCK, [])).data).toEqual({ result: 0 });
  });

  it("a dock declares its own aircraft only: not another dock, not another dock's aircraft; a move is in the bind history", async () => {
    const [one, two] = [await registerDock(server, admin, 'DOCK-D1'), await registerDock(server, admin, 'DOCK-D2')];
    const dockOne = track(await TestGateway.connect(server.wsUrl, 'DOCK-D1', 'DOCK-D1', one.secret));
    const dockTwo = track(await TestGateway.connect(server.wsUrl, 'DOCK-D2', 'DOCK-D2', two.secret));
    expect((await dockOne.topo(DOCK, [aircraft('AC-D1')])).data).toEqual({ result: 0 });
    expect((await dockTwo.topo(DOCK, [aircraft('AC-D1')])).data).toEqual({ result: RESULT.notAllowed });
    expect((await dockTwo.topo(DOCK, [{ ...aircraft('DOCK-D1'), domain: '3', type: 2 }])).data).toEqual({ result: RESULT.notAllowed });
    expect((await dockTwo.topo(DOCK, [{ ...aircraft('DOCK-NEW'), domain: '3', type: 2 }])).data).toEqual({ result: RESULT.notAllowed });
    expect(await deviceRow('AC-D1')).toMatchObject({ gateway_sn: 'DOCK-D1' });
    // A pilot of the department cannot take the dock's aircraft either.
    const rc = await pilot('RC-D1');
    expect((await rc.topo(RC, [aircraft('AC-D1')])).data).toEqual({ result: RESULT.notAllowed });

    // An aircraft registered by hand, then flown behind the RC: the move is a bind entry.
    const registered = await api(server, admin, 'POST', '/api/Device/', { serial: 'AC-D3', name: 'AC-D3', model: 'Matrice 350 RTK', kind: 'aircraft' });
    const operator = await server.app.db.selectFrom('users').select('dept_id').where('username', '=', 'operator1').executeTakeFirstOrThrow();
    await server.app.db.updateTable('devices').set({ dept_id: operator.dept_id }).where('serial', '=', 'AC-D3').execute();
    expect((await rc.topo(RC, [aircraft('AC-D3')])).data).toEqual({ result: 0 });
    const history = await server.app.db
      .selectFrom('audit_log')
      .select(['username', 'detail'])
      .where('action', '=', 'bind')
      .where('entity_id', '=', String(registered.data.id))
      .execute();
    expect(history).toEqual([{ username: 'operator1', detail: expect.stringContaining('"gateway":"RC-D1"') }]);
  });
});
