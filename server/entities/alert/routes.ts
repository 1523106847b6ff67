import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertFilterSchema, alertSchema } from '@shared/entities/alert';
import { envelopeSchema, ok, rowNotFound, unauthorized } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { findScopedRow, idParams, registerCrud } from '../../api/crud';
import { scopeOf } from '../../rbac/scopeQuery';
import { DEVICE_NAME } from '../../api/displayNames';
import { requestLanguage } from '../../http/language';
import type { Alert } from '@shared/entities/alert';
import { alertToApi, inLanguage } from './service';
import { alertSummaryQuerySchema, alertSummaryRowSchema, summariseAlerts } from './summary';
import { COLLECTIONS, VIEWS } from '@shared/entities/collections';

/**
 * GET /Alert/ (filters device_sn, kind, level, active, plan_id, first_seen_from/_to), GET /Alert/summary/ (grouped),
 * GET /Alert/{id}/, POST /Alert/{id}/ack/ (C6). Each alert carries its text (`message` in the request's language,
 * `message_zh`, `message_en`).
 */
export default async function alertRoutes(appBase: FastifyInstance): Promise<void> {
  registerCrud(appBase, {
    entity: 'alert',
    ...COLLECTIONS.alert,
    tag: 'alerts',
    table: 'alerts',
    operations: ['list', 'get'],
    list: {
      table: 'alerts',
      search: ['device_sn', 'code'],
      order: ['id', 'code', 'level', 'last_seen_at', 'first_seen_at', 'closed_at', 'count', 'device_sn'],
      defaultOrder: '-last_seen_at',
      filters: { device_sn: 'string', kind: 'string', level: 'int', active: 'int', device_id: 'int', plan_id: 'int' },
      ranges: { first_seen: 'first_seen_at' },
    },
    // The same filters with their ranges (level 0…2, active 0|1, a known kind): anything else is a 400.
    listParams: alertFilterSchema.shape,
    // Alerts are written by the device gateway, never through this resource.
    input: alertSchema.pick({ code: true }),
    toRow: () => ({}),
    toApi: (row) => alertToApi(row, appBase.hms),
    names: DEVICE_NAME,
    // `message` in the request's language (?lang=, Accept-Language).
    decorate: async (_db, items, request) => items.map((item) => inLanguage(item as Alert, requestLanguage(request))),
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    VIEWS.alertSummary.path,
    {
      schema: {
        tags: ['alerts'],
        summary: 'Alerts of a kind (conformance by default) per aircraft, plan or UTC day, with counts per code',
        querystring: alertSummaryQuerySchema,
        response: { 200: envelopeSchema(z.object({ items: z.array(alertSummaryRowSchema) })) },
      },
      preValidation: requirePermission(appBase, VIEWS.alertSummary.read),
    },
    async (request) => ok({ items: await summariseAlerts(appBase.db, request.query, scopeOf(request)) }),
  );
  const { alerts } = appBase;
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
      if (!alert) throw rowNotFound('alert', request.params.id);
      return ok(inLanguage(alert, requestLanguage(request)));
    },
  );
}
