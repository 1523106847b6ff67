import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { routeToApi } from '../route/routes';
import { flightKmz } from '../route/service';
import type { DispatchRoute, MissionOptions } from './missions';

/** The routes as a dispatch reads them: the facts the checks and flighttask_prepare need, and the KMZ to fly (an imported file as it is). */
export function dispatchRoutes(db: Kysely<Database>): MissionOptions['routes'] {
  const load = async (id: number) => {
    const row = await db.selectFrom('routes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? routeToApi(row) : null;
  };
  return {
    async find(id): Promise<DispatchRoute | null> {
      const route = await load(id);
      const first = route?.waypoints[0];
      if (!route || !first) return null;
      const last = route.waypoints[route.waypoints.length - 1];
      return {
        id,
        battery_pct: route.battery_pct,
        duration_s: route.duration_s,
        first: { lat: first.lat, lng: first.lng },
        last: { lat: last.lat, lng: last.lng },
        rth_altitude: route.settings.rth_altitude,
        rc_lost_action: route.settings.rc_lost_action,
        exit_wayline_when_rc_lost: route.settings.exit_wayline_when_rc_lost,
      };
    },
    async kmz(id) {
      const route = await load(id);
      return route ? flightKmz(db, route) : null;
    },
  };
}
