import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { type RouteInput, routeInputSchema, routeNameSchema, type RouteTemplate } from '@shared/entities/route';
import { rowId } from '@shared/entities/fields';
import { routeFileName } from '@shared/wayline/files';
import { routeMetrics } from '@shared/wayline/metrics';
import { DEFAULT_ROUTE_SETTINGS, importWarningSchema, type RouteSettings, WAYPOINT_TEMPLATE, type Waypoint } from '@shared/wayline/model';
import { writeAudit } from '../../domain/audit';
import { checkRefs, findRow, findScopedRow, idParams, invalidBody, parseOr400, readMultipart, registerCrud } from '../../api/crud';
import { newRowOwnership, scopeOf } from '../../rbac/scopeQuery';
import { parseJson, toJsonText } from '../../db/json';
import { PROJECT_NAME } from '../../api/displayNames';
import type { Database, RoutesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { attachment } from '../../http/contentDisposition';
import { envelopeSchema, HttpError, notFound, ok, type ErrorReason, type Refusal } from '../../http/envelope';
import { assertCleanInput } from '../../http/inputGuards';
import { requirePermission } from '../../rbac/permissions';
import { WaylineError } from '../../wayline/errors';
import type { WaylineFile } from '../../wayline/import';
import { WaylineReaderPool } from '../../wayline/readerPool';
import { routeGeoJson, routeKml } from '../../wayline/lineExport';
import { defined } from '../fields';
import { assertRouteNameFree, freeRouteName, routeFieldErrors, routeKmz } from './service';
import { COLLECTIONS } from '@shared/entities/collections';

export const routeToApi = ({ template, source_name, source_md5, ...row }: Selectable<RoutesTable>) => ({
  ...row,
  waypoints: parseJson<Waypoint[]>(row.waypoints, []),
  settings: { ...DEFAULT_ROUTE_SETTINGS, ...parseJson<Partial<RouteSettings>>(row.settings, {}) },
  template: parseJson<RouteTemplate | null>(template, null),
  source: source_name !== null && source_md5 !== null ? { name: source_name, md5: source_md5 } : null,
});

/** What an edit of the waypoints or settings does to an imported route: it becomes a waypoint route of ours (no template, no original file). */
const AS_OUR_OWN = { template_type: WAYPOINT_TEMPLATE, template: null, source_name: null, source_md5: null };

const changesFlight = (input: Partial<RouteInput>) => input.waypoints !== undefined || input.settings !== undefined;

/**
 * Input → columns: JSON columns serialised, and length, duration and battery recomputed whenever waypoints or aircraft
 * change; such a change also drops an imported file's template and original (the file we fly is then ours).
 */
function routeToRow({ convert_to_waypoint: _confirmed, ...input }: Partial<RouteInput>, existing?: Selectable<RoutesTable>): Record<string, unknown> {
  const current = existing ? routeToApi(existing) : { waypoints: [], settings: DEFAULT_ROUTE_SETTINGS };
  const settings = (input.settings as RouteSettings | undefined) ?? current.settings;
  const row = defined({ ...input, waypoints: toJsonText(input.waypoints), settings: toJsonText(existing ? input.settings : settings) });
  if (changesFlight(input)) Object.assign(row, routeMetrics((input.waypoints as Waypoint[] | undefined) ?? current.waypoints, settings.drone_model));
  if (existing && changesFlight(input)) Object.assign(row, AS_OUR_OWN);
  return row;
}

/**
 * Editing the waypoints or settings of a non-waypoint template (mapping2d, mappingPrism, …) loses its template: only
 * with `convert_to_waypoint`, which the console sends once the user has confirmed the warning.
 */
function conversionRefusal(row: Selectable<RoutesTable>, request: FastifyRequest): Refusal | null {
  const body = (request.body ?? {}) as Partial<RouteInput>;
  if (row.template_type === WAYPOINT_TEMPLATE || !changesFlight(body) || body.convert_to_waypoint === true) return null;
  return {
    message: `The route is a ${row.template_type} template: editing its waypoints turns it into a waypoint route and drops the template (type, area, settings, the original file); send convert_to_waypoint: true to do so`,
    reason: { code: 'route.conversion_needed', params: { template_type: row.template_type } },
  };
}

/** Multipart fields of POST /Route/import/ besides the file. */
const importFieldsSchema = z.object({
  project_id: z.coerce.number().pipe(rowId),
  name: routeNameSchema.optional(),
});

/** A file name's stem ("river.kmz" → "river") without control characters, or a stand-in when the client sent none. */
const stem = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 128) || 'Imported route';

type ApiRoute = ReturnType<typeof routeToApi>;

/** The export formats of GET /Route/{id}/{format}/. */
const ROUTE_FILES: Record<string, { what: string; type: string; body: (route: ApiRoute, db: Kysely<Database>) => Promise<string | Buffer> }> = {
  kmz: {
    what: 'a DJI KMZ (wpmz/template.kml + wpmz/waylines.wpml; an imported route not edited since: the imported file byte for byte)',
    type: 'application/vnd.google-earth.kmz',
    body: async (route, db) => Buffer.from(await routeKmz(db, route)),
  },
  geojson: { what: 'a GeoJSON Feature (LineString)', type: 'application/geo+json', body: async (route) => JSON.stringify(routeGeoJson(route)) },
  kml: { what: 'a KML line', type: 'application/vnd.google-earth.kml+xml', body: async (route) => routeKml(route) },
};

/** A WaylineError as the 400 of the import, naming the file field. */
export const importRefusal = (error: WaylineError) =>
  new HttpError(400, error.message, [{ field: 'file', message: error.message, code: error.code, params: error.params }], {
    code: error.code,
    params: error.params,
  } as ErrorReason);

/**
 * Saves a read wayline file as a new route of the project (named `name`, else after the file): the route checks apply
 * (a mapping or patrol template alone has no waypoints, which is not refused), and a DJI file is kept as the route's
 * original. The caller has checked the project's scope and that `name` is free. Used by POST /Route/import/ and by
 * DJI Pilot 2's wayline upload (server/pilot/waylines.ts).
 */
export async function saveImportedRoute(
  db: Kysely<Database>,
  request: FastifyRequest,
  { project_id, name, fileName, read }: { project_id: number; name: string | undefined; fileName: string; read: WaylineFile },
): Promise<Selectable<RoutesTable>> {
  const input = {
    project_id,
    name: name ?? (await freeRouteName(db, project_id, stem(fileName))),
    waypoints: read.waypoints,
    settings: read.settings,
  };
  // A mapping or patrol template alone has no waypoints (DJI's software computes its waylines): kept, not refused for it.
  const templateOnly = read.waypoints.length === 0 && read.template_type !== WAYPOINT_TEMPLATE;
  const errors = (await routeFieldErrors(db, input)).filter((error) => !(templateOnly && error.code === 'route.too_few_waypoints'));
  if (errors.length) throw invalidBody(errors);
  const source = read.source && { name: fileName || 'file', md5: createHash('md5').update(read.source).digest('hex'), bytes: read.source };
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = {
      ...(routeToRow(input) as Omit<RoutesTable, 'id' | 'created_at' | 'updated_at' | 'template_type' | 'template' | 'source_name' | 'source_md5'>),
      template_type: read.template_type,
      template: read.template ? JSON.stringify(read.template) : null,
      source_name: source ? source.name : null,
      source_md5: source ? source.md5 : null,
    };
    const inserted = await trx
      .insertInto('routes')
      .values({ ...row, ...newRowOwnership('routes', scopeOf(request), row), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (source) await trx.insertInto('route_sources').values({ route_id: inserted.id, bytes: source.bytes }).execute();
    await writeAudit(trx, request, 'create', 'route', inserted.id, {
      ...input,
      template_type: read.template_type,
      source: fileName,
      source_md5: source?.md5,
    });
    return (await findRow(trx, 'routes', inserted.id))!;
  });
}

/** Routes (waylines): CRUD with the route checks on every write, import of KMZ/KML/GPX/GeoJSON files, export as KMZ/GeoJSON/KML. */
export default async function routeRoutes(appBase: FastifyInstance): Promise<void> {
  // Uploaded files are read on worker threads: a 3 MB waylines.wpml or a line of 10,000 points never holds other requests.
  const reader = new WaylineReaderPool();
  appBase.addHook('onClose', async () => reader.close());

  registerCrud(appBase, {
    entity: 'route',
    ...COLLECTIONS.route,
    tag: 'projects',
    table: 'routes',
    list: {
      table: 'routes',
      search: ['name'],
      searchIndex: true,
      order: ['id', 'name', 'length_m', 'duration_s', 'battery_pct', 'template_type', 'created_at', 'updated_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int', template_type: 'string' },
    },
    input: routeInputSchema,
    refs: { project_id: 'projects' },
    check: (value, _existing, db) => routeFieldErrors(db, value),
    guardUpdate: conversionRefusal,
    authorize: async (db, _request, existing, input) => {
      const projectId = input?.project_id ?? existing?.project_id;
      const name = input?.name ?? existing?.name;
      if (input && projectId !== undefined && name !== undefined && (input.name !== undefined || input.project_id !== undefined))
        await assertRouteNameFree(db, projectId, name, existing?.id);
    },
    afterWrite: async ({ db }, id, input, existing) => {
      if (existing && changesFlight(input)) await db.deleteFrom('route_sources').where('route_id', '=', id).execute();
    },
    toRow: (input, _ctx, existing) => routeToRow(input, existing),
    toApi: routeToApi,
    names: PROJECT_NAME,
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/Route/import/',
    {
      schema: {
        tags: ['projects'],
        summary:
          'Import a route from a DJI KMZ, a bare DJI waylines.wpml or template.kml, a KML or GPX line or a GeoJSON LineString (multipart: file, project_id, name?)',
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(z.object({ item: z.record(z.string(), z.unknown()), warnings: z.array(importWarningSchema) })) },
      },
      preValidation: requirePermission(appBase, 'project:write'),
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, 'file');
      assertCleanInput(fields, 'body');
      const { project_id, name } = parseOr400(importFieldsSchema, fields);
      if (!file)
        throw new HttpError(400, 'file is required', [{ field: 'file', message: 'is required', code: 'route.file_missing' }], { code: 'route.file_missing' });
      await checkRefs(app.db, { project_id: 'projects' }, { project_id }, request);
      if (name !== undefined) await assertRouteNameFree(app.db, project_id, name);
      const read = await reader.read(file.filename || 'file', file.data).catch((error: unknown) => {
        throw error instanceof WaylineError ? importRefusal(error) : error;
      });
      const saved = await saveImportedRoute(app.db, request, { project_id, name, fileName: file.filename, read });
      await app.domainEvents.changed({ table: 'routes', id: saved.id, change: 'import' });
      // The notes are in the message too, so a client that shows only `msg` still says e.g. which actions were kept as they are.
      const msg = read.warnings.length ? `imported; ${read.warnings.map((w) => w.message).join('; ')}` : 'imported';
      return reply.code(201).send({ ...ok({ item: routeToApi(saved), warnings: read.warnings }, msg), code: 201 });
    },
  );

  for (const [format, file] of Object.entries(ROUTE_FILES)) {
    app.get(
      `/Route/:id/${format}/`,
      {
        schema: { tags: ['projects'], summary: `Export a route as ${file.what}`, params: idParams },
        preValidation: requirePermission(appBase, 'project:read'),
      },
      async (request, reply) => {
        const row = await findScopedRow(app.db, 'routes', request.params.id, request);
        if (!row) throw notFound(`No route with id ${request.params.id}`);
        const route = routeToApi(row);
        return reply
          .header('Content-Type', file.type)
          .header('Content-Disposition', attachment(routeFileName(route.name, format)))
          .send(await file.body(route, app.db));
      },
    );
  }
}
