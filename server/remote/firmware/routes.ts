import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { deviceModelName, deviceTypeKey, parseDeviceTypeKey } from '@shared/dji/devices';
import { firmwareSchema, firmwareUploadFieldsSchema, METHOD_OTA_CREATE, otaInputSchema, otaJobSchema, otaViewSchema } from '@shared/dji/firmware';
import { flightRefusal } from '@shared/dji/remoteRules';
import { writeAudit } from '../../domain/audit';
import { idParams, parseOr400, readMultipart } from '../../api/crud';
import type { DevicesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { badRequest, envelopeSchema, HttpError, ok, rowNotFound } from '../../http/envelope';
import type { ObjectStore } from '../../media/objectStore';
import { requirePermission } from '../../rbac/permissions';
import { aircraftFacts, assertConfirmed, auditedCommand, flightRefusalError, remoteOf, scopedDevice } from '../commands';
import type { FirmwareRow } from './service';

type Device = Selectable<DevicesTable>;

const firmwareToApi = (row: FirmwareRow) => {
  const type = parseDeviceTypeKey(row.device_type);
  return {
    id: row.id,
    device_type: row.device_type,
    model: type ? deviceModelName(type.domain, type.type, type.subType) : row.device_type,
    product_version: row.product_version,
    file_name: row.file_name,
    md5: row.md5,
    size: Number(row.size),
    release_note: row.release_note,
    created_at: row.created_at,
  };
};

/** The device's DJI type key, or null before it declared one. */
const typeOf = (device: Device): string | null =>
  device.dji_domain === null || device.dji_type === null ? null : deviceTypeKey(device.dji_domain, device.dji_type, device.dji_sub_type ?? 0);

const linkRefused = (why: string) => new HttpError(403, `This firmware link is not valid: ${why}`, undefined, { code: 'remote.firmware_link_invalid' });

/**
 * Firmware (docs/remote.md): packages uploaded with device:write (md5 and size computed, the file in the media object
 * store), listed with device:read; `POST /Device/{id}/ota/` upgrades a dock or its aircraft (device:operate, in scope,
 * confirmed, on the ground, the dock idle) with `ota_create`; `GET /Device/{id}/ota/` shows its version and progress.
 */
export default async function firmwareRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  const storeOf = (): ObjectStore => {
    if (!appBase.media) throw new HttpError(409, 'No object store: firmware cannot be stored', undefined, { code: 'remote.no_object_store' });
    return appBase.media.store;
  };

  const firmwareOf = async (id: number): Promise<FirmwareRow> => {
    const row = await db.selectFrom('firmwares').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw rowNotFound('firmware', id);
    return row;
  };

  /** The device an upgrade is for: a dock, or an aircraft behind a dock (Pilot 2's cloud OTA is not documented). */
  const upgradeTarget = async (request: FastifyRequest, id: number) => {
    const device = await scopedDevice(db, request, id);
    const dock =
      device.kind === 'dock'
        ? device
        : await db
            .selectFrom('devices')
            .selectAll()
            .where('serial', '=', device.gateway_sn ?? '')
            .where('kind', '=', 'dock')
            .executeTakeFirst();
    if (!dock || (device.kind !== 'dock' && device.kind !== 'aircraft')) {
      const model = typeOf(device) ?? device.model;
      throw new HttpError(409, `${model} takes no cloud firmware upgrade`, undefined, {
        code: 'remote.not_supported',
        params: { method: METHOD_OTA_CREATE, model },
      });
    }
    const aircraft =
      device.kind === 'aircraft'
        ? device
        : await db.selectFrom('devices').selectAll().where('gateway_sn', '=', dock.serial).where('kind', '=', 'aircraft').executeTakeFirst();
    return { device, dock, aircraft };
  };

  app.get(
    '/Firmware/',
    {
      schema: { tags: ['remote'], summary: 'Firmware packages, newest first', response: { 200: envelopeSchema(z.array(firmwareSchema)) } },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async () => ok((await db.selectFrom('firmwares').selectAll().orderBy('id', 'desc').execute()).map(firmwareToApi)),
  );

  app.post(
    '/Firmware/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Upload a firmware package (multipart: file, device_type, product_version, release_note); md5 and size computed',
        consumes: ['multipart/form-data'],
      },
      preValidation: requirePermission(appBase, 'device:write'),
    },
    async (request) => {
      const store = storeOf();
      const { fields, file } = await readMultipart(request, 'file', appBase.config.media.maxBytes);
      const input = parseOr400(firmwareUploadFieldsSchema, fields);
      if (!file)
        throw badRequest('file is required', [{ field: 'file', message: 'is required', code: 'remote.firmware_file_required' }], {
          code: 'remote.firmware_file_required',
        });
      const exists = await db
        .selectFrom('firmwares')
        .select('id')
        .where('device_type', '=', input.device_type)
        .where('product_version', '=', input.product_version)
        .executeTakeFirst();
      if (exists)
        throw new HttpError(409, `Version ${input.product_version} is already uploaded`, undefined, {
          code: 'remote.firmware_exists',
          params: { version: input.product_version },
        });
      const fileName = file.filename.replace(/[^\w.-]+/g, '_').slice(-200) || 'firmware.zip';
      const objectKey = `firmware/${input.device_type}/${randomUUID()}/${fileName}`;
      await store.put(objectKey, file.data, 'application/octet-stream', file.data.length);
      const at = nowIso();
      const row = await db
        .insertInto('firmwares')
        .values({
          ...input,
          file_name: fileName,
          object_key: objectKey,
          md5: createHash('md5').update(file.data).digest('hex'),
          size: file.data.length,
          created_by: request.auth?.userId ?? null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(db, request, 'create', 'firmware', row.id, { device_type: row.device_type, product_version: row.product_version, size: row.size });
      return ok(firmwareToApi(row));
    },
  );

  app.delete(
    '/Firmware/:id/',
    {
      schema: { tags: ['remote'], summary: 'Delete a firmware package and its file', params: idParams },
      preValidation: requirePermission(appBase, 'device:write'),
    },
    async (request) => {
      const row = await firmwareOf(request.params.id);
      await db.deleteFrom('firmwares').where('id', '=', row.id).execute();
      await storeOf().delete(row.object_key);
      await writeAudit(db, request, 'delete', 'firmware', row.id, { device_type: row.device_type, product_version: row.product_version });
      return ok(null);
    },
  );

  app.get(
    '/Firmware/:id/file/',
    {
      schema: {
        tags: ['remote'],
        summary: 'A firmware file for a device; signed, expiring URL from ota_create',
        security: [],
        params: idParams,
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
      // The device fetching it has no session: the signed token names the package.
      config: { rowScope: false },
    },
    async (request, reply) => {
      const found = await remoteOf(appBase).firmware.download(request.params.id, request.query.token);
      if (!found.ok) throw linkRefused(found.why);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${found.firmware.file_name}"`)
        .header('Content-Length', Number(found.firmware.size))
        .header('Cache-Control', 'no-store')
        .send(await storeOf().get(found.firmware.object_key));
    },
  );

  app.get(
    '/Device/:id/ota/',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's or its aircraft's firmware: version, whether it needs a consistency upgrade, the newest upgrade's progress, its packages",
        params: idParams,
        response: { 200: envelopeSchema(otaViewSchema) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const { device, dock } = await upgradeTarget(request, request.params.id);
      const type = typeOf(device);
      const firmwares = type ? await db.selectFrom('firmwares').selectAll().where('device_type', '=', type).orderBy('id', 'desc').execute() : [];
      return ok({
        device_type: type,
        firmware_version: device.firmware,
        needs_consistency_upgrade: device.needs_consistency_upgrade === 1,
        job: appBase.remote?.firmware.job(dock.serial) ?? null,
        firmwares: firmwares.map(firmwareToApi),
      });
    },
  );

  app.post(
    '/Device/:id/ota/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Upgrade a dock or its aircraft to a package (ota_create, normal or consistency); refused while it flies',
        params: idParams,
        body: otaInputSchema,
        response: { 200: envelopeSchema(otaJobSchema) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const { device, dock, aircraft } = await upgradeTarget(request, request.params.id);
      const { firmware_id: firmwareId, upgrade_type: kind, confirm_sn: confirmSn } = request.body;
      assertConfirmed(confirmSn, device.serial);
      const params = { firmware_id: firmwareId, upgrade_type: kind };
      return ok(
        await auditedCommand(db, request, device.id, { method: METHOD_OTA_CREATE, params }, async () => {
          const firmware = await firmwareOf(firmwareId);
          const model = typeOf(device);
          if (firmware.device_type !== model)
            throw badRequest(
              `Package ${firmware.id} is for ${firmware.device_type}, not ${model ?? device.model}`,
              [{ field: 'firmware_id', message: 'is for another model', code: 'remote.firmware_mismatch', params: { model: firmwareToApi(firmware).model } }],
              { code: 'remote.firmware_mismatch', params: { model: firmwareToApi(firmware).model } },
            );
          // Like a take-off: the dock online and idle, its aircraft on the ground (DJI refuses with 312015 otherwise).
          const { facts } = await aircraftFacts(appBase, aircraft ?? dock);
          const online = appBase.mqtt?.gateway.gatewayFor(dock.serial) === dock.serial;
          const refusal = flightRefusal('takeoff', { ...facts, online, ...(aircraft ? {} : { modeCode: undefined }) });
          if (refusal) throw flightRefusalError(refusal, device.serial, facts);
          request.log.info({ device: device.serial, firmware: firmware.product_version, kind }, 'remote: ota_create');
          return remoteOf(appBase).firmware.create(dock.serial, device.serial, firmware, kind);
        }),
      );
    },
  );
}
