import type { Kysely } from 'kysely';
import { DEFAULT_AIRSPACE_RULES } from '@shared/airspace';
import type { AlertNotification } from '@shared/entities/alert';
import type { Polygon } from '@shared/geo';
import { ConformanceMonitor } from '../../../server/conformance/monitor';
import type { Database } from '../../../server/db/schema';
import { nowIso } from '../../../server/db/time';
import { AlertService } from '../../../server/entities/alert/service';
import { HmsCatalogue } from '../../../server/hms/catalogue';

/** One metre of latitude in degrees. */
export const M = 1 / 111_320;

type Ring = Polygon['coordinates'][number];

/** An axis-aligned rectangle, optionally with a rectangular hole [west, south, east, north]. */
export const square = (west: number, south: number, east: number, north: number, hole?: [number, number, number, number]): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ] as Ring,
    ...(hole
      ? [
          [
            [hole[0], hole[1]],
            [hole[0], hole[3]],
            [hole[2], hole[3]],
            [hole[2], hole[1]],
            [hole[0], hole[1]],
          ] as Ring,
        ]
      : []),
  ],
});

/** The conformance tests' plan area: a ~1 km square at 22.5 N 114.0 E. */
export const AREA_BOUNDS = [114.0, 22.5, 114.01, 22.51] as const;
export const AREA = square(...AREA_BOUNDS);

/** The height band of the tests' approved applications, in metres. */
export const BAND = { min_alt: 0, max_alt: 120 };

/** The GPS tolerance the conformance tests judge with. */
export const TOLERANCE = { horizontalM: 10, verticalM: 5 };

/** The monitor's hysteresis in these tests: an alert opens after 2 s of a finding and closes after 3 s without one. */
export const MONITOR_SETTINGS = { tolerance: TOLERANCE, hysteresis: { openAfterMs: 2000, closeAfterMs: 3000 } };

/** A monitor of its own on the test server's database, its clock fixed at `now`, its alerts' notifications pushed to `published`. */
export function testMonitor(db: Kysely<Database>, now: number, published: AlertNotification[]): ConformanceMonitor {
  return new ConformanceMonitor({
    db,
    alerts: new AlertService(
      db,
      () => ({ publish: async (_topic, payload) => void published.push(JSON.parse(payload) as AlertNotification) }),
      console,
      new HmsCatalogue(),
    ),
    settings: MONITOR_SETTINGS,
    margins: DEFAULT_AIRSPACE_RULES,
    log: console,
    now: () => now,
    tickMs: 3_600_000,
  });
}

/** A registered aircraft (online); resolves with its device id. */
export async function insertAircraft(db: Kysely<Database>, sn: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('devices')
    .values({ serial: sn, name: sn, model: 'M3E', kind: 'aircraft', status: 'online', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved application over AREA (BAND) and a plan for the device in `status` for [start, end]; resolves with the plan's id. */
export async function insertPlan(db: Kysely<Database>, deviceId: number, start: number, end: number, status = 'accepted'): Promise<number> {
  const now = nowIso();
  const application = await db
    .insertInto('airspace_applications')
    .values({
      applicant_id: null,
      device_id: deviceId,
      area: JSON.stringify(AREA),
      ...BAND,
      start_at: nowIso(start),
      end_at: nowIso(end),
      purpose: 'test',
      status: 'approved',
      reviewer_id: null,
      review_note: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto('flight_plans')
    .values({
      application_id: application.id,
      task_id: null,
      route_id: null,
      device_id: deviceId,
      status,
      planned_start_at: nowIso(start),
      planned_end_at: nowIso(end),
      note: null,
      activated_at: null,
      ended_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return plan.id;
}
