import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { type RouteInput, routeInputSchema } from '@shared/entities/route';
import { rowId } from '@shared/entities/fields';
import { routeFileName } from '@shared/wayline/files';
import { routeMetrics } from '@shared/wayline/metrics';
import { DEFAULT_ROUTE_SETTINGS, importWarningSchema, type RouteSettings, type Waypoint } from '@shared/wayline/model';
import { writeAudit } from '../../api/audit';
import { checkRefs, findRow, idParams, invalidBody, parseOr400, readMultipart, registerCrud } from '../../api/crud';
import { newRowOwnership, scopeOf } from '../../api/dataScope';
import { parseJson, toJsonText } from '../../db/json';
import { PROJECT_NAME } from '../../api/displayNames';
import type { RoutesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { attachment } from '../../http/contentDisposition';
import { envelopeSchema, HttpError, notFound, ok, type ErrorReason } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { WaylineError } from '../../wayline/errors';
import { readWaylineFile } from '../../wayline/import';
import { writeKmz } from '../../wayline/kmz';
import { routeGeoJson, routeKml } from '../../wayline/lineExport';
import { defined } from '../fields';
import { routeFieldErrors } from './service';

export const routeToApi = (row: Selectable<RoutesTable>) => ({
  ...row,
  waypoints: parseJson<Waypoint[]>(row.waypoints, []),
  settings: { ...DEFAULT_ROUTE_SETTINGS, ...parseJson<Partial<RouteSettings>>(row.settings, {}) },
});

/** Input → columns: JSON columns serialised, and length, duration and battery recomputed whenever waypoints or aircraft change. */
function routeToRow(input: Partial<RouteInput>, existing?: Selectable<RoutesTable>): Record<string, unknown> {
  const current = existing ? routeToApi(existing) : { waypoints: [], settings: DEFAULT_ROUTE_SETTINGS };
  const settings = (input.settings as RouteSettings | undefined) ?? current.settings;
  const row = defined({ ...input, waypoints: toJsonText(input.waypoints), settings: toJsonText(existing ? input.settings : settings) });
  if (input.waypoints || input.settings)
    Object.assign(row, routeMetrics((input.waypoints as Waypoint[] | undefined) ?? current.waypoints, settings.drone_model));
  return row;
}

/** Multipart fields of POST /Route/import/ besides the file. */
const importFieldsSchema = z.object({
  project_id: z.coerce.number().pipe(rowId),
  name: z.string().trim().min(1).max(128).optional(),
});

/** A file name's stem ("river.kmz" → "river"), or a stand-in when the client sent none. */
const stem = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 128) || 'Imported route';

/** The export formats of GET /Route/{id}/{format}/. */
const ROUTE_FILES: Record<string, { what: string; type: string; body: (route: ReturnType<typeof routeToApi>) => string | Buffer }> = {
  kmz: { what: 'a DJI KMZ (wpmz/template.kml + wpmz/waylines.wpml)', type: 'application/vnd.google-earth.kmz', body: (route) => Buffer.from(writeKmz(route)) },
  geojson: { what: 'a GeoJSON Feature (LineString)', type: 'application/geo+json', body: (route) => JSON.stringify(routeGeoJson(route)) },
  kml: { what: 'a KML line', type: 'application/vnd.google-earth.kml+xml', body: routeKml },
};

/** Routes (waylines): CRUD with the route checks on every write, import of KMZ/KML/GPX/GeoJSON files, export as KMZ/GeoJSON/KML. */
export default async function routeRoutes(appBase: FastifyInstance): Promise<void> {
  registerCrud(appBase, {
    entity: 'route',
    path: '/Route/',
    tag: 'projects',
    table: 'routes',
    read: 'project:read',
    write: 'project:write',
    list: {
      table: 'routes',
      search: ['name'],
      order: ['id', 'name', 'length_m', 'duration_s', 'battery_pct', 'created_at', 'updated_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int' },
    },
    input: routeInputSchema,
    refs: { project_id: 'projects' },
    check: (value, _existing, db) => routeFieldErrors(db, value),
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
        summary: 'Import a route from a DJI KMZ, a KML or GPX line or a GeoJSON LineString (multipart: file, project_id, name?)',
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(z.object({ item: z.record(z.string(), z.unknown()), warnings: z.array(importWarningSchema) })) },
      },
      preValidation: requirePermission(appBase, 'project:write'),
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, 'file');
      const { project_id, name } = parseOr400(importFieldsSchema, fields);
      if (!file)
        throw new HttpError(400, 'file is required', [{ field: 'file', message: 'is required', code: 'route.file_missing' }], { code: 'route.file_missing' });
      await checkRefs(app.db, { project_id: 'projects' }, { project_id }, request);
      let read;
      try {
        read = readWaylineFile(file.filename || 'file', file.data);
      } catch (error) {
        if (error instanceof WaylineError)
          throw new HttpError(400, error.message, [{ field: 'file', message: error.message, code: error.code, params: error.params }], {
            code: error.code,
            params: error.params,
          } as ErrorReason);
        throw error;
      }
      const input = { project_id, name: name ?? stem(file.filename), waypoints: read.waypoints, settings: read.settings };
      const errors = await routeFieldErrors(app.db, input);
      if (errors.length) throw invalidBody(errors);
      const saved = await app.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const columns = routeToRow(input);
        const row = { ...columns, ...newRowOwnership('routes', scopeOf(request), columns) } as Omit<RoutesTable, 'id' | 'created_at' | 'updated_at'>;
        const inserted = await trx
          .insertInto('routes')
          .values({ ...row, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, request, 'create', 'route', inserted.id, { ...input, source: file.filename });
        return (await findRow(trx, 'routes', inserted.id))!;
      });
      // The notes are in the message too, so a client that shows only `msg` still says e.g. that one of several waylines was taken.
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
        const row = await findRow(app.db, 'routes', request.params.id);
        if (!row) throw notFound(`No route with id ${request.params.id}`);
        const route = routeToApi(row);
        return reply
          .header('Content-Type', file.type)
          .header('Content-Disposition', attachment(routeFileName(route.name, format)))
          .send(file.body(route));
      },
    );
  }
}
