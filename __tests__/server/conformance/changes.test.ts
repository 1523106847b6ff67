import type { Kysely } from 'kysely';
import type { ConformanceMonitor } from '../../../server/conformance/monitor';
import type { Database } from '../../../server/db/schema';
import { nowIso } from '../../../server/db/time';
import type { AircraftSample } from '../../../server/mqtt/gateway/service';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { insertAircraft, insertPlan, square } from './fixtures';

const MANUAL_FLIGHT = 3;
const INSIDE = { lng: 114.005, lat: 22.502 };

/**
 * The server's own conformance monitor follows the platform's writes (domain events), not a list of request URLs:
 * a flight report through /api/Airspace/Report/ ends its plan and a no-fly feature saved through /api/Feature/ closes
 * airspace for the very next sample, without anyone reloading the monitor.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('conformance follows committed changes (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  let db: Kysely<Database>;
  let monitor: ConformanceMonitor;
  let serial = 0;
  // Sample times advance from the real clock: the plans' windows hold it.
  let clock = Date.now();

  beforeAll(() => {
    db = api.server.handle.app.db;
    monitor = api.server.handle.app.conformance!;
  });

  const addAircraft = async () => {
    const sn = `CHG-${dialect}-${++serial}`;
    return { sn, id: await insertAircraft(db, sn) };
  };
  /** A plan whose window holds the real clock. */
  const addPlan = (deviceId: number) => insertPlan(db, deviceId, Date.now() - 600_000, Date.now() + 3_600_000);
  /** Flies `sn` inside the area for longer than the server's hysteresis and waits for the monitor's writes. */
  const flyInside = async (sn: string) => {
    for (let second = 0; second <= 5; second++) {
      clock += 1000;
      const sample: AircraftSample = {
        sn,
        gatewaySn: `RC-${sn}`,
        at: clock,
        live: { sn, kind: 'aircraft', at: clock, ...INSIDE, elevation: 60, modeCode: MANUAL_FLIGHT },
      };
      monitor.onSample(sample);
    }
    await monitor.settled();
  };
  const openAlerts = (sn: string) => db.selectFrom('alerts').select(['code', 'plan_id']).where('device_sn', '=', sn).where('active', '=', 1).execute();

  it('a flight report ends its plan for the monitor: flying on afterwards is flying without a plan', async () => {
    const craft = await addAircraft();
    const planId = await addPlan(craft.id);
    // The plan was written behind the API's back: the monitor is told once, as a start-up would read it.
    await monitor.refresh();
    const report = await api.call('POST', '/api/Airspace/Report/', 'admin', {
      plan_id: planId,
      device_id: craft.id,
      takeoff_at: nowIso(Date.now() - 300_000),
      landing_at: nowIso(Date.now() - 60_000),
      distance_m: 1200,
      max_alt: 80,
    });
    expect(report.status).toBe(200);
    expect((await db.selectFrom('flight_plans').select('status').where('id', '=', planId).executeTakeFirstOrThrow()).status).toBe('ended');
    await flyInside(craft.sn);
    expect(await openAlerts(craft.sn)).toEqual([{ code: 'no_plan', plan_id: null }]);
  });

  it('a no-fly feature saved through the API closes the airspace for the next samples', async () => {
    const craft = await addAircraft();
    const planId = await addPlan(craft.id);
    await monitor.refresh();
    const feature = await api.call('POST', '/api/Feature/', 'admin', {
      name: `hospital ${dialect}`,
      category: 'no_fly_zone',
      geometry: square(114.004, 22.501, 114.006, 22.503),
    });
    expect(feature.status).toBe(200);
    await flyInside(craft.sn);
    expect(await openAlerts(craft.sn)).toEqual([{ code: 'in_no_fly_zone', plan_id: planId }]);
    expect((await api.call('DELETE', `/api/Feature/${feature.body.data.id}/`, 'admin')).status).toBe(200);
  });
});
