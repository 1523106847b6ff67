import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flightAreaSyncRequestSchema, flightAreaSyncSchema, METHOD_FLIGHT_AREAS_UPDATE } from '@shared/dji/flightAreas';
import { idParams } from '../../api/crud';
import { envelopeSchema, HttpError, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { auditedCommand, dockOnly, onlineDock, remoteOf, scopedDevice } from '../commands';

const linkRefused = (why: string) => new HttpError(403, `This flight-area link is not valid: ${why}`, undefined, { code: 'remote.area_link_invalid' });

/** One dock's answer to a sync: sent, or the API's error code and params. */
const syncOutcomeSchema = z.object({
  device_id: z.number(),
  sent: z.boolean(),
  error_code: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});

/**
 * Custom flight areas pushed to docks (docs/remote.md): `POST /FlightArea/sync/` `{device_ids}` sends
 * `flight_areas_update` to each dock (device:operate, every dock in the caller's data scope or nothing is sent),
 * `GET /Device/{id}/flight-areas/` shows a dock's sync, and the docks download their file from a signed link.
 */
export default async function flightAreaRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  app.post(
    '/FlightArea/sync/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Push the custom flight areas to docks (flight_areas_update); each dock then fetches its file and reports its sync',
        body: flightAreaSyncRequestSchema,
        response: { 200: envelopeSchema(z.array(syncOutcomeSchema)) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const docks = [];
      for (const id of new Set(request.body.device_ids)) docks.push(await scopedDevice(db, request, id));
      const outcomes = [];
      for (const dock of docks) {
        try {
          await auditedCommand(db, request, dock.id, { method: METHOD_FLIGHT_AREAS_UPDATE, params: null }, async () =>
            remoteOf(appBase).flightAreas.update(dock, onlineDock(appBase, dock).serial),
          );
          outcomes.push({ device_id: dock.id, sent: true, error_code: null, params: null });
        } catch (error) {
          const reason = error instanceof HttpError ? error.reason : undefined;
          outcomes.push({ device_id: dock.id, sent: false, error_code: reason?.code ?? 'common.server_error', params: reason?.params ?? null });
        }
      }
      return ok(outcomes);
    },
  );

  app.get(
    '/Device/:id/flight-areas/',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's custom flight areas: its newest sync report, whether it holds the current areas, the aircraft's distances to them",
        params: idParams,
        response: { 200: envelopeSchema(flightAreaSyncSchema) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const dock = dockOnly(await scopedDevice(db, request, request.params.id));
      return ok(await remoteOf(appBase).flightAreas.syncOf(dock));
    },
  );

  app.get(
    '/FlightArea/file/:name',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's custom flight area file (DJI GeoJSON); signed, expiring URL from flight_areas_get",
        security: [],
        params: z.object({ name: z.string().regex(/^geofence_[0-9a-f]{32}\.json$/) }),
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
      // The dock fetching it has no session: the signed token names the file.
      config: { rowScope: false },
    },
    async (request, reply) => {
      const found = await remoteOf(appBase).flightAreas.download(request.query.token);
      if (!found.ok) throw linkRefused(found.why);
      if (found.file.name !== request.params.name) throw linkRefused('the link is for another file');
      return reply
        .header('Content-Type', 'application/json')
        .header('Content-Disposition', `attachment; filename="${found.file.name}"`)
        .header('Cache-Control', 'no-store')
        .send(found.file.content);
    },
  );
}
