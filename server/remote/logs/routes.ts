import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOG_MODULES,
  logListSchema,
  logUploadInputSchema,
  logUploadSchema,
  METHOD_FILEUPLOAD_LIST,
  METHOD_FILEUPLOAD_START,
  METHOD_FILEUPLOAD_UPDATE,
  type LogUpload,
  type LogUploadFile,
  type LogUploadStatus,
} from '@shared/dji/deviceLogs';
import { writeAudit } from '../../domain/audit';
import { idParams } from '../../api/crud';
import { parseJson } from '../../db/json';
import { envelopeSchema, HttpError, ok } from '../../http/envelope';
import type { ObjectStore } from '../../media/objectStore';
import { requirePermission } from '../../rbac/permissions';
import { auditedCommand, dockOnly, onlineDock, remoteOf, scopedDevice } from '../commands';
import type { LogUploadRow } from './service';

/** How many of a dock's log uploads its page lists. */
const UPLOADS_LISTED = 20;

const uploadToApi = (row: LogUploadRow & { username: string | null }): LogUpload => ({
  id: row.id,
  status: row.status as LogUploadStatus,
  result: row.result,
  files: parseJson<LogUploadFile[]>(row.files, []),
  username: row.username,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const uploadMissing = (id: number) => new HttpError(404, `Log upload ${id} not found`, undefined, { code: 'remote.log_upload_not_found', params: { id } });

/**
 * A dock's logs (docs/remote.md): the boots it keeps logs of (`fileupload_list`), an upload of some to the object
 * store (`fileupload_start`), its cancel (`fileupload_update`), each with device:operate in the dock's data scope and
 * audited; the uploads with their progress (device:read) and each uploaded archive (device:operate).
 */
export default async function logRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;

  const storeOf = (): ObjectStore => {
    if (!appBase.media) throw new HttpError(409, 'No object store: logs cannot be uploaded', undefined, { code: 'remote.no_object_store' });
    return appBase.media.store;
  };

  const dockOf = async (request: FastifyRequest, id: number) => dockOnly(await scopedDevice(db, request, id));

  const uploadsOf = (deviceId: number) =>
    db
      .selectFrom('device_log_uploads')
      .leftJoin('users', 'users.id', 'device_log_uploads.created_by')
      .selectAll('device_log_uploads')
      .select('users.username')
      .where('device_log_uploads.device_id', '=', deviceId);

  app.get(
    '/Device/:id/logs/',
    {
      schema: {
        tags: ['remote'],
        summary: 'The boots a dock and its aircraft keep logs of (fileupload_list, asked of the dock now)',
        params: idParams,
        response: { 200: envelopeSchema(logListSchema) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const device = onlineDock(appBase, await dockOf(request, request.params.id));
      return ok(
        await auditedCommand(db, request, device.id, { method: METHOD_FILEUPLOAD_LIST, params: null }, () => remoteOf(appBase).logs.list(device.serial)),
      );
    },
  );

  app.get(
    '/Device/:id/logs/uploads/',
    {
      schema: {
        tags: ['remote'],
        summary: "A dock's newest log uploads with each file's progress, newest first",
        params: idParams,
        response: { 200: envelopeSchema(z.array(logUploadSchema)) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => {
      const device = await dockOf(request, request.params.id);
      const rows = await uploadsOf(device.id).orderBy('device_log_uploads.id', 'desc').limit(UPLOADS_LISTED).execute();
      return ok(rows.map(uploadToApi));
    },
  );

  app.post(
    '/Device/:id/logs/',
    {
      schema: {
        tags: ['remote'],
        summary: 'Upload the logs of some boots of a dock and its aircraft to the object store (fileupload_start); progress follows in uploads/',
        params: idParams,
        body: logUploadInputSchema,
        response: { 200: envelopeSchema(logUploadSchema) },
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const device = await dockOf(request, request.params.id);
      const params = { files: request.body.files };
      const row = await auditedCommand(db, request, device.id, { method: METHOD_FILEUPLOAD_START, params }, async () => {
        onlineDock(appBase, device);
        const logs = remoteOf(appBase).logs;
        const store = storeOf();
        if (await logs.running(device.id))
          throw new HttpError(409, 'A log upload of this dock is running: cancel it or wait for it', undefined, { code: 'remote.log_upload_running' });
        const aircraft = await db
          .selectFrom('devices')
          .select('serial')
          .where('gateway_sn', '=', device.serial)
          .where('kind', '=', 'aircraft')
          .executeTakeFirst();
        request.log.info({ device: device.serial, files: request.body.files }, 'remote: fileupload_start');
        return logs.start(device.id, { dockSn: device.serial, aircraftSn: aircraft?.serial ?? null }, request.body, request.auth?.userId ?? null, store);
      });
      return ok(uploadToApi((await uploadsOf(device.id).where('device_log_uploads.id', '=', row.id).executeTakeFirst())!));
    },
  );

  app.delete(
    '/Device/:id/logs/',
    {
      schema: { tags: ['remote'], summary: "Cancel a dock's running log upload (fileupload_update, status cancel)", params: idParams },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request) => {
      const device = await dockOf(request, request.params.id);
      await auditedCommand(db, request, device.id, { method: METHOD_FILEUPLOAD_UPDATE, params: { status: 'cancel' } }, async () => {
        onlineDock(appBase, device);
        const logs = remoteOf(appBase).logs;
        const upload = await logs.running(device.id);
        if (!upload) throw new HttpError(409, 'No log upload of this dock is running', undefined, { code: 'remote.no_log_upload' });
        await logs.cancel(upload);
      });
      return ok(null);
    },
  );

  app.get(
    '/Device/:id/logs/file/',
    {
      schema: {
        tags: ['remote'],
        summary: "One uploaded log archive of a dock's upload (module 0: the aircraft's, 3: the dock's)",
        params: idParams,
        querystring: z.object({ upload: z.coerce.number().int().positive().max(2_147_483_647), module: z.enum(LOG_MODULES) }),
      },
      preValidation: requirePermission(appBase, 'device:operate'),
    },
    async (request, reply) => {
      const device = await dockOf(request, request.params.id);
      // The upload must be this device's: the device's scope says nothing of another device's uploads.
      const row = await uploadsOf(device.id).where('device_log_uploads.id', '=', request.query.upload).executeTakeFirst();
      if (!row) throw uploadMissing(request.query.upload);
      const file = uploadToApi(row).files.find((f) => f.module === request.query.module);
      const store = storeOf();
      const stored = file && file.status === 'ok' ? await store.head(file.object_key) : null;
      if (!file || !stored)
        throw new HttpError(404, `Upload ${row.id} has no archive of module ${request.query.module} (yet)`, undefined, {
          code: 'remote.log_archive_missing',
          params: { module: request.query.module },
        });
      const name = `${file.device_sn}-logs-${row.id}-${file.module}.tar`;
      await writeAudit(db, request, 'download', 'device', device.id, { log_upload: row.id, module: file.module });
      return reply
        .header('Content-Type', 'application/x-tar')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Content-Length', stored.size)
        .header('Cache-Control', 'no-store')
        .send(await store.get(file.object_key));
    },
  );
}
