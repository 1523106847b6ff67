import type { Kysely } from 'kysely';
import type { Polygon } from '@shared/geo';
import { square } from '../conformance/fixtures';
import type { Database } from '../../../server/db/schema';
import type { WeatherArea, WeatherProvider } from '../../../server/mqtt/weather';

/** A sky the test decides: flyable unless `reasons` says otherwise. */
export class TestWeather implements WeatherProvider {
  readonly name = 'test';
  reasons: string[] = [];
  async observe(areas: WeatherArea[], at: number) {
    const flyable = this.reasons.length === 0;
    const observed = { windSpeed: flyable ? 3 : 15, gust: 4, windDirection: 0, temperature: 20, humidity: 50, visibility: 9000, precipitation: 0 };
    return { at, source: this.name, stations: areas.map((a) => ({ ...a, ...observed, flyable, reasons: this.reasons })) };
  }
}

/** The route's waypoints with `marginDeg` (0.02° ≈ 2 km) around them: the aircraft parked near the route flies inside. */
async function areaAround(db: Kysely<Database>, routeId: number, marginDeg = 0.02): Promise<Polygon> {
  const route = await db.selectFrom('routes').select('waypoints').where('id', '=', routeId).executeTakeFirstOrThrow();
  const points = JSON.parse(route.waypoints) as Array<{ lat: number; lng: number }>;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return square(Math.min(...lngs) - marginDeg, Math.min(...lats) - marginDeg, Math.max(...lngs) + marginDeg, Math.max(...lats) + marginDeg);
}

/**
 * An approved application (of `area`, by default the route with a margin around it) and an accepted flight plan of
 * the aircraft for the task (null: filed for the route only) and its route, valid for the next hour; resolves with the
 * plan's id.
 */
export async function acceptedPlan(db: Kysely<Database>, plan: { deviceId: number; taskId: number | null; routeId: number; area?: Polygon }): Promise<number> {
  const area = plan.area ?? (await areaAround(db, plan.routeId));
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const start = new Date(now - 60_000).toISOString();
  const end = new Date(now + 3_600_000).toISOString();
  const application = await db
    .insertInto('airspace_applications')
    .values({
      applicant_id: null,
      device_id: plan.deviceId,
      area: JSON.stringify(area),
      min_alt: 0,
      max_alt: 120,
      start_at: start,
      end_at: end,
      purpose: 'test',
      status: 'approved',
      reviewer_id: null,
      review_note: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('flight_plans')
    .values({
      application_id: application.id,
      task_id: plan.taskId,
      route_id: plan.routeId,
      device_id: plan.deviceId,
      status: 'accepted',
      planned_start_at: start,
      planned_end_at: end,
      note: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
