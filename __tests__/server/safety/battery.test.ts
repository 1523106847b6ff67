import type { MqttClient } from 'mqtt';
import type { AlertNotification } from '@shared/entities/alert';
import type { SafetyRule } from '@shared/flight/safety';
import { SafetyMonitor } from '../../../server/safety/monitor';
import type { AircraftSample } from '../../../server/mqtt/gateway/service';
import type { SafetyOpening } from '../../../server/entities/alert/service';
import { aircraft, aircraftOsd, api, DOCK, registerDock, TestGateway } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from '../mqtt/support';

const WAYLINE = 5;
const LANDED = 0;

describe('a simulated aircraft whose battery runs down: safety alerts open, reach the bell and clear', () => {
  let server: TestServer;
  let token: string;
  let web: MqttClient;
  let dock: TestGateway;
  const SN = 'AC-SAFE1';

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 });
    token = await loginToken(server);
    const { secret } = await registerDock(server, token, 'DOCK-SAFE1');
    dock = await TestGateway.connect(server.wsUrl, 'DOCK-SAFE1', 'DOCK-SAFE1', secret);
    await dock.topo(DOCK, [aircraft(SN)]);
    web = await connect(server.wsUrl, { clientId: 'web_safety1', username: 'admin', password: token });
    await subscribe(web, 'sysinfo/alerts');
  });
  afterAll(async () => {
    await end(web);
    await dock?.end();
    await server?.close();
  });

  /** The alert pushed next for the aircraft with `code`, `active` or closed. */
  const pushed = (code: SafetyRule, active: 0 | 1) =>
    nextMessage(web, 'sysinfo/alerts', 5000, (p) => {
      const { alert } = p as AlertNotification;
      return alert.kind === 'safety' && alert.device_sn === SN && alert.code === code && alert.active === active;
    }).then((m) => (m.payload as AlertNotification).alert);
  const osd = (battery: number, extra: Record<string, unknown> = {}) =>
    dock.osd(
      SN,
      aircraftOsd({
        mode_code: WAYLINE,
        home_distance: 2000,
        battery: { capacity_percent: battery, remain_flight_time: battery * 30, return_home_power: 12 },
        ...extra,
      }),
    );
  const active = async () => {
    const list = await api(server, token, 'GET', `/api/Alert/?kind=safety&active=1&device_sn=${SN}&lang=en`);
    return (list.data.items as { code: string; level: number; message: string }[]).map((a) => `${a.code}:${a.level}:${a.message}`).sort();
  };

  it('low, then return now and critical as it drains; all closed once it lands; each change pushed with its text', async () => {
    osd(80);
    await dock.flush();
    expect(await active()).toEqual([]);

    const low = pushed('low_battery', 1);
    osd(29);
    expect(await low).toMatchObject({ level: 1, message_zh: '电量低', in_the_sky: 1, args: expect.objectContaining({ battery: 29 }) });

    // 12 % to come home + 10 % reserve: at 22 % it must turn back; at 15 % the battery is critical (low closes).
    const returnNow = pushed('return_now', 1);
    osd(22);
    await returnNow;
    const critical = pushed('critical_battery', 1);
    const lowClosed = pushed('low_battery', 0);
    osd(15);
    await Promise.all([critical, lowClosed]);
    expect(await active()).toEqual(['critical_battery:2:Critical battery', 'return_now:2:Return now: only enough battery left to come home']);

    const closed = Promise.all([pushed('critical_battery', 0), pushed('return_now', 0)]);
    osd(10, { mode_code: LANDED, horizontal_speed: 0, elevation: 0 });
    await closed;
    expect(await active()).toEqual([]);
    const history = await api(server, token, 'GET', `/api/Alert/?kind=safety&device_sn=${SN}`);
    expect(history.data.items).toHaveLength(3);
  });
});

describe('the safety monitor finds a silent airborne aircraft (lost link)', () => {
  it('opens lost_link once silent for long enough, closes it when the aircraft reports again', async () => {
    let now = 1_000_000;
    const log: string[] = [];
    let nextId = 1;
    const alerts = {
      openSafety: (opening: SafetyOpening) => (log.push(`open ${opening.rule}`), Promise.resolve(nextId++)),
      close: (id: number) => (log.push(`close ${id}`), Promise.resolve(null)),
    };
    const monitor = new SafetyMonitor({ db: undefined as never, alerts, log: { warn: () => undefined }, now: () => now });
    const sample = (at: number): AircraftSample => ({
      sn: 'AC-LINK',
      gatewaySn: 'RC-LINK',
      at,
      live: { sn: 'AC-LINK', kind: 'aircraft', at, modeCode: WAYLINE, battery: 70, remainFlightTime: 1500, homeDistance: 300 },
    });
    monitor.onSample(sample(now));
    now += 9_000;
    monitor.tick();
    await monitor.settled();
    expect(log).toEqual([]);
    now += 1_000;
    monitor.tick();
    await monitor.settled();
    expect(log).toEqual(['open lost_link']);
    now += 500;
    monitor.onSample(sample(now));
    await monitor.settled();
    expect(log).toEqual(['open lost_link', 'close 1']);
  });
});
