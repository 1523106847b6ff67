import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertFilterSchema, alertSchema } from '@shared/entities/alert';
import { envelopeSchema, notFound, ok, unauthorized } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { findScopedRow, idParams, registerCrud } from '../../api/crud';
import { AlertService, alertToApi } from './service';

/** GET /Alert/ (filters device_sn, kind, level, active), GET /Alert/{id}/, POST /Alert/{id}/ack/ (C6). */
export default async function alertRoutes(appBase: FastifyInstance): Promise<void> {
  registerCrud(appBase, {
    entity: 'alert',
    path: '/Alert/',
    tag: 'alerts',
    table: 'alerts',
    read: 'device:read',
    write: 'device:write',
    operations: ['list', 'get'],
    list: {
      table: 'alerts',
      search: ['device_sn', 'code'],
      order: ['id', 'code', 'level', 'last_seen_at', 'first_seen_at', 'count', 'device_sn'],
      defaultOrder: '-last_seen_at',
      filters: { device_sn: 'string', kind: 'string', level: 'int', active: 'int', device_id: 'int' },
    },
    // The same filters with their ranges (level 0…2, active 0|1, a known kind): anything else is a 400.
    listParams: alertFilterSchema.shape,
    // Alerts are written by the device gateway, never through this resource.
    input: alertSchema.pick({ code: true }),
    toRow: () => ({}),
    toApi: alertToApi,
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const alerts = new AlertService(appBase.db, () => appBase.mqtt?.bus, appBase.log);
  app.post(
    '/Alert/:id/ack/',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Acknowledge an alert (the first acknowledgement is kept)',
        params: idParams,
        response: { 200: envelopeSchema(alertSchema) },
      },
      preValidation: requirePermission(appBase, 'device:write'),
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      // An alert of a device outside the caller's data scope is answered as missing.
      const alert = (await findScopedRow(appBase.db, 'alerts', request.params.id, request)) && (await alerts.ack(request.params.id, request.auth.userId));
      if (!alert) throw notFound(`No alert with id ${request.params.id}`);
      return ok(alert);
    },
  );
}
