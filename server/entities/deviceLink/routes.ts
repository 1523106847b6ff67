import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { djiLiveSchema } from '@shared/dji/live';
import { badRequest, envelopeSchema, ok, rowNotFound } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { writeAudit } from '../../domain/audit';
import { findScopedRow, idParams } from '../../api/crud';
import { createDeviceStore } from '../../devices/store';
import { hashSecret, newSecret } from '../../mqtt/gateway/credentials';

/** The DJI link of a device: its live state and, for docks, secret rotation (docs/mqtt.md). */
export default async function deviceLinkRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const devices = createDeviceStore(db);

  app.post(
    '/Device/:id/secret/',
    {
      schema: {
        tags: ['devices'],
        summary: 'Issue a new MQTT secret for a dock (shown once); its current connection is closed',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ sn: z.string(), secret: z.string() })) },
      },
      preValidation: requirePermission(appBase, 'device:write'),
    },
    async (request) => {
      const device = await findScopedRow(db, 'devices', request.params.id, request);
      if (!device) throw rowNotFound('device', request.params.id);
      if (device.kind !== 'dock')
        throw badRequest('Only docks have an MQTT secret', [{ field: 'id', message: 'is not a dock', code: 'device.not_a_dock' }], {
          code: 'device.not_a_dock',
        });
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await devices.setDockSecret(trx, device.id, hashSecret(secret));
        await writeAudit(trx, request, 'rotate_secret', 'device', device.id, { serial: device.serial });
      });
      appBase.mqtt?.broker?.closeGateway(device.serial);
      await appBase.mqtt?.credentials?.issueDock(device.serial, secret);
      return ok({ sn: device.serial, secret });
    },
  );

  app.get(
    '/Device/:id/live/',
    {
      schema: {
        tags: ['devices'],
        summary: "The device's DJI live state (normalised OSD) and the gateway it is connected through; null while it has not reported",
        params: idParams,
        response: { 200: envelopeSchema(z.object({ live: djiLiveSchema.nullable(), gatewaySn: z.string().nullable() })) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const device = await findScopedRow(db, 'devices', request.params.id, request);
      if (!device) throw rowNotFound('device', request.params.id);
      const gateway = appBase.mqtt?.gateway;
      return ok({ live: (await gateway?.currentLive(device.serial)) ?? null, gatewaySn: gateway?.gatewayFor(device.serial) ?? device.gateway_sn });
    },
  );
}
