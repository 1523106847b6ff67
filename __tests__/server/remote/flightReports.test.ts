import { randomBytes } from 'node:crypto';
import { TOPIC_FLIGHT, type FlightReport } from '@shared/dji/flightReport';
import { BrowserScope } from '../../../server/mqtt/browserScope';
import { aircraft, DOCK, registerDock, TestGateway } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from '../mqtt/support';

/**
 * sysinfo/flight (issue 32, /Tas): a dock's fly_to_point_progress and flight_areas_drone_location go out named by its
 * aircraft, and reach only the browsers whose data scope shows that aircraft.
 */
describe('sysinfo/flight from a stand-in dock', () => {
  let server: TestServer;
  let token: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 });
    token = await loginToken(server);
    const { secret } = await registerDock(server, token, 'DOCK-FR1');
    gateway = await TestGateway.connect(server.wsUrl, 'DOCK-FR1', 'DOCK-FR1', secret);
    await gateway.topo(DOCK, [aircraft('AC-FR1')]);
  });
  afterAll(async () => {
    await gateway?.end();
    await server?.close();
  });

  /** What a browser signed in as admin hears on sysinfo/flight while `send` runs. */
  async function heard(send: () => Promise<unknown>): Promise<FlightReport> {
    const web = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    try {
      expect(await subscribe(web, TOPIC_FLIGHT)).toBe(0);
      const message = nextMessage(web, TOPIC_FLIGHT);
      await send();
      return (await message).payload as FlightReport;
    } finally {
      await end(web);
    }
  }

  it("reports a fly-to's progress (remaining distance and time, planned path) named by the aircraft", async () => {
    const report = await heard(() =>
      gateway.event('fly_to_point_progress', {
        fly_to_id: 'f-1',
        status: 'wayline_progress',
        result: 0,
        way_point_index: 0,
        remaining_distance: 120.5,
        remaining_time: 15,
        planned_path_points: [
          { latitude: 22.6, longitude: 114.1, height: 60 },
          { latitude: 22.601, longitude: 114.1, height: 60 },
        ],
      }),
    );
    expect(report).toMatchObject({
      sn: 'AC-FR1',
      gatewaySn: 'DOCK-FR1',
      progress: {
        kind: 'flyto',
        id: 'f-1',
        status: 'wayline_progress',
        remaining_distance: 120.5,
        remaining_time: 15,
        planned_path: [
          [114.1, 22.6, 60],
          [114.1, 22.601, 60],
        ],
      },
    });
  });

  it("reports the aircraft's distance to each custom flight area", async () => {
    const areas = [
      { area_id: 'skyline-feature-1', area_distance: 42.5, is_in_area: false },
      { area_id: 'skyline-airspace-2', area_distance: 12, is_in_area: true },
    ];
    const report = await heard(() => gateway.event('flight_areas_drone_location', { drone_locations: areas }));
    expect(report).toEqual({ sn: 'AC-FR1', gatewaySn: 'DOCK-FR1', at: expect.any(Number), areas });
  });

  it('reaches a browser only when its data scope shows the aircraft', async () => {
    const db = server.database.db;
    const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
    const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
    const scope = new BrowserScope(db);
    await scope.load('operator-session', operator.id);
    const report = (sn: string) => Buffer.from(JSON.stringify({ sn, gatewaySn: sn, at: 1, areas: [] } satisfies FlightReport));
    const ownReport = report(own.serial);
    expect(scope.narrow('operator-session', TOPIC_FLIGHT, ownReport)).toBe(ownReport);
    expect(scope.narrow('operator-session', TOPIC_FLIGHT, report('AC-FR1'))).toBeNull();
  });
});
