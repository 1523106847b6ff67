import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { currentSettings, propertyMessages, settingNamesOf, settingsInputSchema, settingsViewSchema, type SettingsView } from '@shared/dji/properties';
import { idParams } from '../../api/crud';
import { parseJson } from '../../db/json';
import type { DevicesTable } from '../../db/schema';
import { badRequest, envelopeSchema, HttpError, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { auditedCommand, remoteOf, scopedDevice } from '../commands';

type Device = Selectable<DevicesTable>;

/** The audited method of one property/set message. */
const METHOD_PROPERTY_SET = 'property_set';

/**
 * A device's settings (docs/remote.md): its writable properties and the values its state reported (device:read), and
 * `PATCH /Device/{id}/properties/` (device:operate, in scope) sending each property (each struct field) as its own
 * `property/set` to the gateway, audited one by one, stopping at the first the device refuses.
 */
export default async function propertyRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  /** The device and the gateway it is set through: a dock, or an aircraft behind a dock (DJI's demo refuses RC gateways). */
  const targetOf = async (request: FastifyRequest, id: number): Promise<{ device: Device; kind: 'dock' | 'aircraft'; gatewaySn: string }> => {
    const device = await scopedDevice(db, request, id);
    if (device.kind === 'dock') return { device, kind: 'dock', gatewaySn: device.serial };
    const gateway =
      device.kind === 'aircraft' && device.gateway_sn
        ? await db.selectFrom('devices').select('kind').where('serial', '=', device.gateway_sn).executeTakeFirst()
        : undefined;
    if (gateway?.kind !== 'dock')
      throw new HttpError(409, `${device.model} takes no property set from the platform`, undefined, {
        code: 'remote.not_supported',
        params: { method: 'property/set', model: device.model },
      });
    return { device, kind: 'aircraft', gatewaySn: device.gateway_sn! };
  };

  const viewOf = async (id: number, kind: 'dock' | 'aircraft'): Promise<SettingsView> => {
    const row = await db.selectFrom('devices').select('dji_state').where('id', '=', id).executeTakeFirstOrThrow();
    return { kind, writable: [...settingNamesOf(kind)], values: currentSettings(kind, parseJson<Record<string, unknown>>(row.dji_state, {})) };
  };

  app.get(
    '/Device/:id/properties/',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's or its aircraft's writable properties and the values its state reported",
        params: idParams,
        response: { 200: envelopeSchema(settingsViewSchema) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const { device, kind } = await targetOf(request, request.params.id);
      return ok(await viewOf(device.id, kind));
    },
  );

  app.patch(
    '/Device/:id/properties/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Set writable properties of a dock or its aircraft: one property/set per property (per struct field), in order',
        params: idParams,
        body: settingsInputSchema,
        response: { 200: envelopeSchema(settingsViewSchema) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const { device, kind, gatewaySn } = await targetOf(request, request.params.id);
      const writable = settingNamesOf(kind);
      const foreign = Object.keys(request.body).filter((name) => !writable.includes(name));
      if (foreign.length) {
        const reason = { code: 'remote.setting_not_writable', params: { name: foreign[0], kind } } as const;
        throw badRequest(
          `${foreign.join(', ')} cannot be set on a ${kind}`,
          foreign.map((field) => ({ field, message: `is not a ${kind} property`, ...reason })),
          reason,
        );
      }
      for (const message of propertyMessages(request.body))
        await auditedCommand(db, request, device.id, { method: METHOD_PROPERTY_SET, params: message }, async () => {
          if (appBase.mqtt?.gateway.gatewayFor(gatewaySn) !== gatewaySn)
            throw new HttpError(409, `${gatewaySn} is offline`, undefined, { code: 'remote.device_offline', params: { sn: gatewaySn } });
          request.log.info({ device: device.serial, message }, 'remote: property/set');
          await remoteOf(appBase).properties.set(gatewaySn, message);
        });
      return ok(await viewOf(device.id, kind));
    },
  );
}
