import { randomBytes } from 'node:crypto';
import { AIRSENSE_TTL_MS, TOPIC_AIRSENSE, type AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import type { Alert } from '@shared/entities/alert';
import { api, operatorHears, useStandInDock } from './dji';
import { connect, end, nextMessage, subscribe } from './support';
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
  const dock = useStandInDock('DOCK-AS1', 'AC-AS1');

  const airsenseAlerts = async () => (await api(dock.server, dock.token, 'GET', '/api/Alert/?device_sn=AC-AS1&kind=airsense&lang=en')).data.items as Alert[];

  it('is answered, goes out on sysinfo/airsense for the drone, and raises an alert per aircraft at warning level 3 and up', async () => {
    const web = await connect(dock.server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: dock.token });
    try {
      expect(await subscribe(web, TOPIC_AIRSENSE)).toBe(0);
      const heard = nextMessage(web, TOPIC_AIRSENSE);
      const reply = await dock.gateway.event('airsense_warning', [traffic('78090F', 1), traffic('7805A3', 3), traffic('7805A3', 4)]);
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
    await dock.gateway.event('airsense_warning', [traffic('7805A3', 3)]);
    expect(await airsenseAlerts()).toEqual([expect.objectContaining({ code: '7805A3', count: 2, active: 1 })]);
    await dock.gateway.event('airsense_warning', [traffic('7805A3', 2)]);
    expect(await airsenseAlerts()).toEqual([expect.objectContaining({ code: '7805A3', active: 0, closed_at: expect.any(String) })]);
  });

  it('closes the alert of an aircraft the drone stops reporting at all (it went quiet), after AIRSENSE_TTL_MS', async () => {
    await dock.gateway.event('airsense_warning', [traffic('7A0B1C', 4)]);
    const opened = (await airsenseAlerts()).find((a) => a.code === '7A0B1C');
    expect(opened).toMatchObject({ active: 1 });
    const lastSeen = Date.parse(opened!.last_seen_at);
    // No further airsense_warning: the alerts' sweep closes it once it is older than the TTL.
    await until(async () => (await airsenseAlerts()).find((a) => a.code === '7A0B1C')?.active === 0, AIRSENSE_TTL_MS * 3, 'the quiet alert closing');
    const closed = (await airsenseAlerts()).find((a) => a.code === '7A0B1C')!;
    expect(Date.parse(closed.closed_at!) - lastSeen).toBeGreaterThanOrEqual(AIRSENSE_TTL_MS);
  }, 60_000);

  it('an invalid report (data not an array of aircraft) is answered with a non-zero result and applies nothing', async () => {
    const reply = await dock.gateway.event('airsense_warning', { icao: 'X', warning_level: 9 });
    expect(reply.data.result).not.toBe(0);
  });

  it('reaches a browser only when its data scope shows the drone', async () => {
    const report = (sn: string): AirsenseTraffic => ({ sn, gatewaySn: sn, at: 1, traffic: [traffic('7805A3', 3)] });
    expect(await operatorHears(dock, TOPIC_AIRSENSE, report, 'AC-AS1')).toEqual({ own: true, foreign: null });
  });
});
