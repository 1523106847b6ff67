import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadExtSchema, uploadMetadataSchema } from '@shared/dji/media';
import { scopeOf } from '../rbac/scopeQuery';
import { HttpError } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { projectOfKey, projectPrefix } from './keys';
import { projectInScope, refusals } from './service';

const workspaceParams = z.object({ workspace_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** DJI's answer shape: `{code: 0, message, data}` on success (code non-zero on failure). */
const djiOk = (data: unknown) => ({ code: 0, message: 'success', data });

const uploadCallbackSchema = z.object({
  result: z.number().int().optional(),
  name: z.string().min(1).max(255),
  object_key: z.string().min(1).max(512),
  path: z.string().max(512).optional(),
  fingerprint: z.string().max(128).optional(),
  sub_file_type: z.number().int().optional(),
  ext: uploadExtSchema.optional(),
  metadata: uploadMetadataSchema.optional(),
});

/**
 * Pilot 2's media calls (dji-cloud-api-next.md §2), outside /api on the paths DJI documents, signed in with the
 * console's token in `X-Auth-Token`. The workspace is the project (the user's data scope must reach it). Order:
 * tiny-fingerprints → fast-upload → sts → upload to the store → upload-callback → group-upload-callback.
 */
export default async function pilotMediaRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const media = () => appBase.media!;
  const signedIn = requirePermission(appBase, 'device:pilot');

  app.addHook('preValidation', async (request) => {
    // Pilot 2 sends the token as X-Auth-Token; the permission check reads a bearer header.
    const token = request.headers['x-auth-token'];
    if (typeof token === 'string' && !request.headers.authorization) request.headers.authorization = `Bearer ${token}`;
    await signedIn(request);
  });
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, _request, reply) => {
    const status = error instanceof HttpError ? error.status : (error.statusCode ?? 500);
    const reason = error instanceof HttpError ? error.reason : undefined;
    if (status >= 500) appBase.log.error({ err: error }, 'pilot media call failed');
    return reply.code(status).send({ code: status, message: status >= 500 ? 'server error' : error.message, data: reason ?? null });
  });

  /** The workspace (project) of the call, 404 when it does not exist or lies outside the caller's data scope. */
  const workspace = async (request: FastifyRequest, id: number) => {
    const project = await app.db.selectFrom('projects').select(['id', 'dept_id', 'members']).where('id', '=', id).executeTakeFirst();
    if (!project || !projectInScope(scopeOf(request), project))
      throw new HttpError(404, `No workspace ${id}`, undefined, { code: 'common.row_not_found', params: { entity: 'project', id } });
    return project.id;
  };

  app.post(
    '/media/api/v1/workspaces/:workspace_id/files/tiny-fingerprints',
    { schema: { hide: true, params: workspaceParams, body: z.object({ tiny_fingerprints: z.array(z.string().max(255)).max(1000) }) } },
    async (request) => {
      const projectId = await workspace(request, request.params.workspace_id);
      const asked = request.body.tiny_fingerprints;
      const known = asked.length
        ? await app.db.selectFrom('media').select('tiny_fingerprint').where('project_id', '=', projectId).where('tiny_fingerprint', 'in', asked).execute()
        : [];
      return djiOk({ tiny_fingerprints: [...new Set(known.map((r) => r.tiny_fingerprint))] });
    },
  );

  app.post(
    '/media/api/v1/workspaces/:workspace_id/fast-upload',
    {
      schema: {
        hide: true,
        params: workspaceParams,
        body: z.object({
          fingerprint: z.string().min(1).max(128),
          name: z.string().max(255).optional(),
          path: z.string().max(512).optional(),
          ext: uploadExtSchema.optional(),
        }),
      },
    },
    async (request, reply) => {
      const projectId = await workspace(request, request.params.workspace_id);
      const known = await app.db
        .selectFrom('media')
        .select('id')
        .where('project_id', '=', projectId)
        .where('fingerprint', '=', request.body.fingerprint.toLowerCase())
        .executeTakeFirst();
      // Unknown: a non-zero code tells Pilot 2 to upload the file.
      return known ? djiOk(null) : reply.code(200).send({ code: 404, message: 'file not stored yet: upload it', data: null });
    },
  );

  app.post('/storage/api/v1/workspaces/:workspace_id/sts', { schema: { hide: true, params: workspaceParams } }, async (request) => {
    const projectId = await workspace(request, request.params.workspace_id);
    return djiOk(await media().store.deviceCredentials(projectPrefix(projectId)));
  });

  app.post(
    '/media/api/v1/workspaces/:workspace_id/upload-callback',
    { schema: { hide: true, params: workspaceParams, body: uploadCallbackSchema } },
    async (request) => {
      const projectId = await workspace(request, request.params.workspace_id);
      const body = request.body;
      // Pilot 2 reports a failed upload too: nothing to record.
      if (body.result !== undefined && body.result !== 0) return djiOk({ object_key: body.object_key });
      if (projectOfKey(body.object_key) !== projectId) throw refusals.outsideWorkspace(body.object_key);
      const { row } = await media().ingestStored(body.object_key, {
        projectId,
        source: 'pilot',
        name: body.name,
        createdBy: request.auth!.userId,
        deviceSn: body.ext?.sn ?? null,
        droneModelKey: body.ext?.drone_model_key ?? null,
        payloadModelKey: body.ext?.payload_model_key ?? null,
        tinyFingerprint: body.ext?.tinny_fingerprint ?? null,
        callback: body.metadata,
      });
      return djiOk({ object_key: row.object_key });
    },
  );

  app.post(
    '/media/api/v1/workspaces/:workspace_id/group-upload-callback',
    {
      schema: {
        hide: true,
        params: workspaceParams,
        body: z.object({ file_group_id: z.string().max(64), file_count: z.number().int().min(0), file_uploaded_count: z.number().int().min(0) }),
      },
    },
    async (request) => {
      await workspace(request, request.params.workspace_id);
      return djiOk(null);
    },
  );
}
