import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { routeInputSchema } from '@shared/entities/route';
import { routeMetrics } from '@shared/wayline/metrics';
import { DEFAULT_ROUTE_SETTINGS, type RouteSettings, type Waypoint } from '@shared/wayline/model';
import { registerCrud } from '../../api/crud';
import { parseJson, toJsonText } from '../../db/json';
import type { RoutesTable } from '../../db/schema';
import { defined } from '../fields';

export const routeToApi = (row: Selectable<RoutesTable>) => ({
  ...row,
  waypoints: parseJson<Waypoint[]>(row.waypoints, []),
  settings: { ...DEFAULT_ROUTE_SETTINGS, ...parseJson<Partial<RouteSettings>>(row.settings, {}) },
});

/** Routes (waylines); their length, duration and battery estimate are computed from the waypoints and aircraft on every write. */
export default async function routeRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'route',
    path: '/Route/',
    tag: 'projects',
    table: 'routes',
    read: 'project:read',
    write: 'project:write',
    list: {
      table: 'routes',
      search: ['name'],
      order: ['id', 'name', 'length_m', 'duration_s', 'created_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int' },
    },
    input: routeInputSchema,
    refs: { project_id: 'projects' },
    toRow: (input, _ctx, existing) => {
      const current = existing ? routeToApi(existing) : { waypoints: [], settings: DEFAULT_ROUTE_SETTINGS };
      const settings = input.settings ?? current.settings;
      const row = defined({ ...input, waypoints: toJsonText(input.waypoints), settings: toJsonText(existing ? input.settings : settings) });
      if (input.waypoints || input.settings) Object.assign(row, routeMetrics(input.waypoints ?? current.waypoints, settings.drone_model));
      return row;
    },
    toApi: routeToApi,
  });
}
