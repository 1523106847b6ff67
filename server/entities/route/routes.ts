import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { routeInputSchema } from '@shared/entities/route';
import { routeMetrics, type Waypoint } from '@shared/geo';
import { registerCrud } from '../../api/crud';
import { PROJECT_NAME } from '../../api/displayNames';
import { parseJson } from '../../db/json';
import type { RoutesTable } from '../../db/schema';
import { defined } from '../fields';

export const routeToApi = (row: Selectable<RoutesTable>) => ({ ...row, waypoints: parseJson<Waypoint[]>(row.waypoints, []) });

/** Routes (waylines); their length and duration are computed from the waypoints on every write. */
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
    toRow: (input) => {
      const row = defined(input);
      if (input.waypoints) Object.assign(row, { waypoints: JSON.stringify(input.waypoints) }, routeMetrics(input.waypoints));
      return row;
    },
    toApi: routeToApi,
    names: PROJECT_NAME,
  });
}
