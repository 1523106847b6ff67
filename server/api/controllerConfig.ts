import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, rowNotFound } from '../http/envelope';
import { issueThingCredentials } from '../mqtt/gateway/credentials';
import { grants } from '@shared/permissions';
import { requirePermission } from '../rbac/permissions';
import { idParams } from './crud';

/** GET /djiconf/{id}/: what DJI Pilot / MSDK needs to join the workspace of a project. */
export default async function controllerConfigRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const dji = appBase.config.dji;

  app.get(
    '/djiconf/:id/',
    {
      schema: {
        tags: ['controller'],
        summary: 'Controller (DJI Pilot / MSDK) configuration for the workspace of project {id}',
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              appId: z.string(),
              appKey: z.string(),
              appLicense: z.string(),
              platformName: z.string(),
              workspaceName: z.string(),
              workspaceId: z.string(),
              workspaceDesc: z.string(),
              mqttHost: z.string(),
              mqttUsername: z.string().nullable(),
              mqttPassword: z.string().nullable(),
            }),
          ),
        },
      },
      preValidation: requirePermission(appBase, null),
    },
    async (request) => {
      const project = await db.selectFrom('projects').select(['id', 'name', 'description']).where('id', '=', request.params.id).executeTakeFirst();
      if (!project) throw rowNotFound('project', request.params.id);
      const secure = request.protocol === 'https';
      // Pilot 2's thing link: credentials of this login session on the embedded broker, else the configured ones of an external broker.
      const pilot = appBase.mqtt?.mode === 'embedded' && request.auth && grants(request.permissions ?? [], 'device:pilot');
      const issued = pilot && request.auth ? await issueThingCredentials(db, request.auth) : null;
      const mqttHost = dji.mqttHost ?? `${secure ? 'wss' : 'ws'}://${request.host}/mqtt`;
      return ok({
        appId: dji.appId,
        appKey: dji.appKey,
        appLicense: dji.appLicense,
        platformName: dji.platformName,
        workspaceName: project.name,
        workspaceId: String(project.id),
        workspaceDesc: project.description ?? '',
        mqttHost,
        mqttUsername: issued?.username ?? dji.mqttUsername ?? null,
        mqttPassword: issued?.password ?? dji.mqttPassword ?? null,
      });
    },
  );
}
