import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { AlertNotification } from '@shared/entities/alert';
import type { ConformanceMonitor } from '../../../server/conformance/monitor';
import type { Database } from '../../../server/db/schema';
import { nowIso } from '../../../server/db/time';
import type { AircraftSample } from '../../../server/mqtt/gateway/service';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { testMonitor } from './fixtures';

const AIRCRAFT = 3000;
/**
 * The longest the event loop may be held while thousands of alerts open or close. Issue 35 measured 70–94 s at
 * 10,000 aircraft before the writes were batched (about 20 s at this test's 3,000, by extrapolation). Alone the longest stall is
 * 50–110 ms here; late in a full run on two cores the same step has measured 0.5 and 2.4 s, the process being
 * descheduled and its jest worker's grown heap collected, which the histogram counts as stalls. The bound keeps
 * that room and still fails an unbatched monitor by an order of magnitude.
 */
const MAX_STALL_MS = 5000;
/** monitorEventLoopDelay's sampling period. */
const RESOLUTION_MS = 10;
const MANUAL_FLIGHT = 3;
const STANDBY = 0;

describe.each<Dialect>(['sqlite', 'postgres'])('conformance alerts of thousands of aircraft at once (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  let db: Kysely<Database>;
  const T0 = Date.now();
  const serials = Array.from({ length: AIRCRAFT }, (_, i) => `LOAD-${dialect}-${i}`);

  const sample = (sn: string, seconds: number, modeCode: number): AircraftSample => ({
    sn,
    gatewaySn: `RC-${sn}`,
    at: T0 + seconds * 1000,
    live: { sn, kind: 'aircraft', at: T0 + seconds * 1000, lng: 114.005, lat: 22.502, elevation: 60, modeCode },
  });

  /** Feeds one sample of every aircraft at once and answers the event-loop delays until the writes they caused are stored and published. */
  const everyAircraft = async (monitor: ConformanceMonitor, seconds: number, modeCode: number) => {
    const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    delay.enable();
    // The histogram records the gap between two firings of its timer: one before the samples, one after the writes.
    await new Promise((resolve) => setTimeout(resolve, 2 * RESOLUTION_MS));
    for (const sn of serials) monitor.onSample(sample(sn, seconds, modeCode));
    await monitor.settled();
    await new Promise((resolve) => setTimeout(resolve, 2 * RESOLUTION_MS));
    delay.disable();
    return delay;
  };

  /** The longest stall (ms), measured across the writes (the timer fired before and after them). */
  const longestStall = (delay: IntervalHistogram) => {
    expect(delay.count).toBeGreaterThan(1);
    return delay.max / 1e6;
  };

  beforeAll(async () => {
    db = api.server.handle.app.db;
    const now = nowIso();
    for (let i = 0; i < AIRCRAFT; i += 500) {
      await db
        .insertInto('devices')
        .values(
          serials.slice(i, i + 500).map((sn) => ({ serial: sn, name: sn, model: 'M3E', kind: 'aircraft', status: 'online', created_at: now, updated_at: now })),
        )
        .execute();
    }
  });

  it('opens one no_plan alert per aircraft and closes them all without blocking the event loop', async () => {
    const published: AlertNotification[] = [];
    const monitor = testMonitor(db, T0, published);
    await monitor.start();
    try {
      // Taking off: nothing is written yet (the hysteresis), the samples themselves are not what is measured.
      await everyAircraft(monitor, 0, MANUAL_FLIGHT);
      // Past the hysteresis: every aircraft opens no_plan at once.
      expect(longestStall(await everyAircraft(monitor, 2, MANUAL_FLIGHT))).toBeLessThan(MAX_STALL_MS);
      const opened = await db.selectFrom('alerts').selectAll().where('device_sn', 'like', `LOAD-${dialect}-%`).execute();
      expect(opened).toHaveLength(AIRCRAFT);
      expect(new Set(opened.map((a) => a.device_sn)).size).toBe(AIRCRAFT);
      expect(opened.every((a) => a.kind === 'conformance' && a.code === 'no_plan' && a.active === 1 && a.count === 1 && a.device_id !== null)).toBe(true);
      expect(published.filter((n) => n.alert.active === 1)).toHaveLength(AIRCRAFT);
      expect(published.at(-1)?.activeCount).toBe(AIRCRAFT);

      // Every aircraft lands: each alert closes once, at its landing.
      expect(longestStall(await everyAircraft(monitor, 3, STANDBY))).toBeLessThan(MAX_STALL_MS);
      const closed = await db.selectFrom('alerts').selectAll().where('device_sn', 'like', `LOAD-${dialect}-%`).execute();
      expect(closed).toHaveLength(AIRCRAFT);
      expect(closed.every((a) => a.active === 0 && a.closed_at === nowIso(T0 + 3000))).toBe(true);
      expect(published.filter((n) => n.alert.active === 0)).toHaveLength(AIRCRAFT);
      expect(published.at(-1)?.activeCount).toBe(0);
    } finally {
      await monitor.stop();
    }
  }, 120_000);
});
