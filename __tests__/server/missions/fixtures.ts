import type { Kysely } from 'kysely';
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

/** An approved application and an accepted flight plan of the aircraft for the task and its route, valid for the next hour. */
export async function acceptedPlan(db: Kysely<Database>, plan: { deviceId: number; taskId: number; routeId: number }): Promise<void> {
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const start = new Date(now - 60_000).toISOString();
  const end = new Date(now + 3_600_000).toISOString();
  const application = await db
    .insertInto('airspace_applications')
    .values({
      applicant_id: null,
      device_id: plan.deviceId,
      area: '{"type":"Polygon","coordinates":[]}',
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
  await db
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
    .execute();
}
