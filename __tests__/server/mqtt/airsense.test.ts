import { randomBytes } from 'node:crypto';
import { AIRSENSE_TTL_MS, TOPIC_AIRSENSE, type AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import type { Alert } from '@shared/entities/alert';
import { BrowserScope } from '../../../server/mqtt/browserScope';
import { aircraft, api, DOCK, registerDock, TestGateway } from './dji';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from './support';
import { until } from '../../support/until';

/** A manned aircraft as DJI's airsense_warning reports it (dji-cloud-api-next.md §12). */
const traffic = (icao: string, warningLevel: number) => ({
  icao,
  warning_level: warningLevel,
  latitude: 22.61,
  longitude: 114.02,
  altitude: 1200,
  altitude_type: 1,
  heading: 90,
  relative_altitude: 1100,
  vert_trend: 2,
  distance: 5400,
});

describe('airsense_warning (ADS-B) from a stand-in dock', () => {
  let server: TestServer;
  let token: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 });
    token = await loginToken(server);
    const { secret } = await registerDock(server, token, 'DOCK-AS1');
    gateway = await TestGateway.connect(server.wsUrl, 'DOCK-AS1', 'DOCK-AS1', secret);
    await gateway.topo(DOCK, [aircraft('AC-AS1')]);
  });
  afterAll(async () => {
    await gateway?.end();
    await server?.close();
  });

  const airsenseAlerts = async () => (await api(server, token, 'GET', '/api/Alert/?device_sn=AC-AS1&kind=airsense&lang=en')).data.items as Alert[];

  it('is answered, goes out on sysinfo/airsense for the drone, and raises an alert per aircraft at warning level 3 and up', async () => {
    const web = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    try {
      expect(await subscribe(web, TOPIC_AIRSENSE)).toBe(0);
      const heard = nextMessage(web, TOPIC_AIRSENSE);
      const reply = await gateway.event('airsense_warning', [traffic('78090F', 1), traffic('7805A3', 3), traffic('7805A3', 4)]);
      expect(reply).toMatchObject({ method: 'airsense_warning', data: { result: 0 } });
      const report = (await heard).payload as AirsenseTraffic;
      expect(report).toMatchObject({
        sn: 'AC-AS1',
        gatewaySn: 'DOCK-AS1',
        traffic: [expect.objectContaining({ icao: '78090F', warning_level: 1 }), expect.anything(), expect.anything()],
      });
    } finally {
      await end(web);
    }
    expect(await airsenseAlerts()).toEqual([
      expect.objectContaining({
        kind: 'airsense',
        code: '7805A3',
        level: 2,
        active: 1,
        gateway_sn: 'DOCK-AS1',
        message: 'Manned aircraft ICAO 7805A3: Warning level four (take evasive action)',
        message_zh: '有人机 ICAO 7805A3：四级告警（建议避让）',
        args: expect.objectContaining({ warning_level: 4, distance: 5400 }),
      }),
    ]);
  });

  it('counts a repeat, and closes the alert once the aircraft is no longer reported at level 3 and up', async () => {
    await gateway.event('airsense_warning', [traffic('7805A3', 3)]);
    expect(await airsenseAlerts()).toEqual([expect.objectContaining({ code: '7805A3', count: 2, active: 1 })]);
    await gateway.event('airsense_warning', [traffic('7805A3', 2)]);
    expect(await airsenseAlerts()).toEqual([expect.objectContaining({ code: '7805A3', active: 0, closed_at: expect.any(String) })]);
  });

  it('closes the alert of an aircraft the drone stops reporting at all (it went quiet), after AIRSENSE_TTL_MS', async () => {
    await gateway.event('airsense_warning', [traffic('7A0B1C', 4)]);
    const opened = (await airsenseAlerts()).find((a) => a.code === '7A0B1C');
    expect(opened).toMatchObject({ active: 1 });
    const lastSeen = Date.parse(opened!.last_seen_at);
    // No further airsense_warning: the alerts' sweep closes it once it is older than the TTL.
    await until(async () => (await airsenseAlerts()).find((a) => a.code === '7A0B1C')?.active === 0, AIRSENSE_TTL_MS * 3, 'the quiet alert closing');
    const closed = (await airsenseAlerts()).find((a) => a.code === '7A0B1C')!;
    expect(Date.parse(closed.closed_at!) - lastSeen).toBeGreaterThanOrEqual(AIRSENSE_TTL_MS);
  }, 60_000);

  it('an invalid report (data not an array of aircraft) is answered with a non-zero result and applies nothing', async () => {
    const reply = await gateway.event('airsense_warning', { icao: 'X', warning_level: 9 });
    expect(reply.data.result).not.toBe(0);
  });

  it('reaches a browser only when its data scope shows the drone', async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const scope = new BrowserScope(db);
    await scope.load('operator-session', operator.id);
    const report = (sn: string) => Buffer.from(JSON.stringify({ sn, gatewaySn: sn, at: 1, traffic: [traffic('7805A3', 3)] } satisfies AirsenseTraffic));
    const ownReport = report(own.serial);
    expect(scope.narrow('operator-session', TOPIC_AIRSENSE, ownReport)).toBe(ownReport);
    expect(scope.narrow('operator-session', TOPIC_AIRSENSE, report('AC-AS1'))).toBeNull();
  });
});
