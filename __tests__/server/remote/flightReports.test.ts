import { randomBytes } from 'node:crypto';
import { TOPIC_FLIGHT, type FlightReport } from '@shared/dji/flightReport';
import { operatorHears, useStandInDock } from '../mqtt/dji';
import { connect, end, nextMessage, subscribe } from '../mqtt/support';

/**
 * sysinfo/flight (issue 32, /Tas): a dock's fly_to_point_progress and flight_areas_drone_location go out named by its
 * aircraft, and reach only the browsers whose data scope shows that aircraft.
 */
describe('sysinfo/flight from a stand-in dock', () => {
  const dock = useStandInDock('DOCK-FR1', 'AC-FR1');

  /** What a browser signed in as admin hears on sysinfo/flight while `send` runs. */
  async function heard(send: () => Promise<unknown>): Promise<FlightReport> {
    const web = await connect(dock.server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: dock.token });
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
      dock.gateway.event('fly_to_point_progress', {
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
    const report = await heard(() => dock.gateway.event('flight_areas_drone_location', { drone_locations: areas }));
    expect(report).toEqual({ sn: 'AC-FR1', gatewaySn: 'DOCK-FR1', at: expect.any(Number), areas });
  });

  it('reaches a browser only when its data scope shows the aircraft', async () => {
    const report = (sn: string): FlightReport => ({ sn, gatewaySn: sn, at: 1, areas: [] });
    expect(await operatorHears(dock, TOPIC_FLIGHT, report, 'AC-FR1')).toEqual({ own: true, foreign: null });
  });
});
