import type { Kysely } from 'kysely';
import { checkRoute, type RouteContext, type RouteIssue } from '@shared/wayline/checks';
import { DEFAULT_ROUTE_SETTINGS, type RouteSettings, type Waypoint } from '@shared/wayline/model';
import type { Polygon } from '@shared/geo';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { FieldError } from '../../http/envelope';
import { restrictingAreas } from '../feature/service';

/** What a route of this project is checked against: the project's ceiling and area, and the no-fly/restricted polygons. */
export async function routeContext(db: Kysely<Database>, projectId: number | undefined): Promise<RouteContext> {
  const project =
    projectId === undefined ? undefined : await db.selectFrom('projects').select(['area', 'ceiling_m']).where('id', '=', projectId).executeTakeFirst();
  return { ceiling_m: project?.ceiling_m ?? null, area: parseJson<Polygon | null>(project?.area ?? null, null), restricted: await restrictingAreas(db) };
}

/** A route issue as the field error of the waypoint it is about (`waypoints.<index>`), with its stable code. */
const toFieldError = (issue: RouteIssue): FieldError => ({
  field: issue.index === undefined ? 'waypoints' : `waypoints.${issue.index}`,
  message: issue.message,
  code: issue.code,
  params: issue.params,
});

/** The field errors of a route that may not be saved (none: it may); without settings, the default aircraft's limits apply. */
export async function routeFieldErrors(
  db: Kysely<Database>,
  route: { project_id?: number; waypoints?: readonly Waypoint[]; settings?: Pick<RouteSettings, 'drone_model'> },
): Promise<FieldError[]> {
  const issues = checkRoute(route.waypoints ?? [], route.settings ?? DEFAULT_ROUTE_SETTINGS, await routeContext(db, route.project_id));
  return issues.map(toFieldError);
}
