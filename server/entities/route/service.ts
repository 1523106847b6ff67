import type { Kysely } from 'kysely';
import type { Route } from '@shared/entities/route';
import { checkRoute, type RouteContext, type RouteIssue } from '@shared/wayline/checks';
import { DEFAULT_ROUTE_SETTINGS, type RouteSettings, type Waypoint } from '@shared/wayline/model';
import type { Polygon } from '@shared/geo';
import { parseJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { conflict, type FieldError } from '../../http/envelope';
import { WAYLINES, writeKmz, type KmzRoute } from '../../wayline/kmz';
import { zipEntryNames } from '../../wayline/zip';
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

/** 409 when another route of the project already has this name (route names tell routes apart in pickers and downloads). */
export async function assertRouteNameFree(db: Kysely<Database>, projectId: number, name: string, exceptId?: number): Promise<void> {
  let qb = db.selectFrom('routes').select('id').where('project_id', '=', projectId).where('name', '=', name);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst())
    throw conflict(
      `The project already has a route named "${name}"; choose another name`,
      [{ field: 'name', message: 'is already taken', code: 'field.taken', params: { value: name } }],
      {
        code: 'route.name_taken',
        params: { name },
      },
    );
}

/** A name no route of the project has: `name`, else "name (2)", "name (3)", … (for an import named after its file). */
export async function freeRouteName(db: Kysely<Database>, projectId: number, name: string): Promise<string> {
  const taken = new Set((await db.selectFrom('routes').select('name').where('project_id', '=', projectId).execute()).map((row) => row.name));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = name.slice(0, 128 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The file a route was imported from, while the route is as imported (null: it was made here or edited since). */
async function sourceFile(db: Kysely<Database>, route: Pick<Route, 'id' | 'source'>): Promise<Uint8Array | null> {
  if (!route.source) return null;
  const row = await db.selectFrom('route_sources').select('bytes').where('route_id', '=', route.id).executeTakeFirst();
  return row ? new Uint8Array(row.bytes) : null;
}

type FileRoute = KmzRoute & Pick<Route, 'id' | 'source'>;

/** The route's KMZ download: the imported file byte for byte while the route is as imported, else the one we write. */
export async function routeKmz(db: Kysely<Database>, route: FileRoute): Promise<Uint8Array> {
  return (await sourceFile(db, route)) ?? writeKmz(route);
}

/**
 * The KMZ an aircraft flies: the imported file itself when it has a waylines.wpml (its md5 is the fingerprint); a
 * waypoint template alone, or a route made or edited here, as we write it; null for a route without waypoints (a
 * mapping template alone: DJI Pilot 2 or FlightHub 2 compute its waylines).
 */
export async function flightKmz(db: Kysely<Database>, route: FileRoute): Promise<Uint8Array | null> {
  const source = await sourceFile(db, route);
  if (source && zipEntryNames(source).includes(WAYLINES)) return source;
  return route.waypoints.length ? writeKmz(route) : null;
}
