import type { Kysely } from 'kysely';
import { planVolume, type RouteFacts, type VolumeMargins } from '@shared/airspace';
import { MONITORED_PLAN_STATUSES } from '@shared/entities/airspace';
import type { Polygon } from '@shared/geo';
import { parseJson } from '../db/json';
import type { Database } from '../db/schema';
import type { MonitoredPlan } from './rules';

/** A monitored plan with the aircraft it is for and its application's approved area (what transits stay in). */
export interface BookedPlan extends MonitoredPlan {
  deviceSn: string;
  area: Polygon;
}

/**
 * The accepted, activated and nonconforming plans by aircraft serial, with their 4D volumes (planVolume: the route
 * buffered by the margins, or the application's area without a route): what every sample is judged against, loaded
 * once per change instead of queried per sample. A plan flies the aircraft it names, else its application's; plans
 * naming none cannot be matched to a flight and are left out.
 */
export async function loadPlanBook(db: Kysely<Database>, margins: VolumeMargins): Promise<Map<string, BookedPlan[]>> {
  const rows = await db
    .selectFrom('flight_plans as p')
    .innerJoin('airspace_applications as a', 'a.id', 'p.application_id')
    .leftJoin('routes as r', 'r.id', 'p.route_id')
    .select([
      'p.id',
      'p.status',
      'p.device_id',
      'p.planned_start_at',
      'p.planned_end_at',
      'a.device_id as application_device_id',
      'a.area',
      'a.min_alt',
      'a.max_alt',
      'r.waypoints',
    ])
    .where('p.status', 'in', [...MONITORED_PLAN_STATUSES])
    .execute();
  const deviceIds = [...new Set(rows.map((r) => r.device_id ?? r.application_device_id).filter((id): id is number => id !== null))];
  const serials = new Map(
    deviceIds.length ? (await db.selectFrom('devices').select(['id', 'serial']).where('id', 'in', deviceIds).execute()).map((d) => [d.id, d.serial]) : [],
  );
  const book = new Map<string, BookedPlan[]>();
  for (const row of rows) {
    const deviceSn = serials.get(row.device_id ?? row.application_device_id ?? -1);
    const polygon = parseJson<Polygon | null>(row.area, null);
    if (!deviceSn || polygon?.type !== 'Polygon') continue;
    const route: RouteFacts | null = row.waypoints ? { waypoints: parseJson<RouteFacts['waypoints']>(row.waypoints, []) } : null;
    const volume = planVolume({ ...row, application: { area: polygon, min_alt: row.min_alt, max_alt: row.max_alt } }, route, margins);
    const plan: BookedPlan = { id: row.id, status: row.status, deviceSn, volume, area: polygon };
    book.set(deviceSn, [...(book.get(deviceSn) ?? []), plan]);
  }
  return book;
}
