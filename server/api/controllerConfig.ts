import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../auth/plugin';
import { badRequest, envelopeSchema, HttpError, ok, rowNotFound } from '../http/envelope';
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
        querystring: z.object({
          gateway_sn: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a device serial')
            .optional()
            .describe('The remote controller serial (external broker with dynamic security: the thing credentials are limited to it)'),
        }),
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
      // Pilot 2's thing link: credentials of this login session on the embedded broker or through dynamic security,
      // else the configured ones of an external broker.
      const pilot = request.auth && grants(request.permissions ?? [], 'device:pilot') ? request.auth : null;
      const issued = pilot ? await thingCredentials(appBase, pilot, request.query.gateway_sn) : null;
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

/** A pilot session's thing credentials: issued by the embedded broker, or through dynamic security for one gateway serial. */
async function thingCredentials(app: FastifyInstance, auth: AuthContext, gatewaySn: string | undefined) {
  if (app.mqtt?.mode === 'embedded') return issueThingCredentials(app.db, auth);
  const credentials = app.mqtt?.credentials;
  if (!credentials) return null;
  if (!gatewaySn)
    throw badRequest(
      'gateway_sn is required: the thing credentials are limited to that remote controller',
      [{ field: 'gateway_sn', message: 'is required', code: 'field.required' }],
      { code: 'device.gateway_sn_required' },
    );
  const issued = await credentials.issuePilot(auth, gatewaySn);
  if (!('refused' in issued)) return issued;
  if (issued.refused === 'registered_dock') throw new HttpError(409, 'This serial belongs to a registered dock', undefined, { code: 'device.gateway_is_dock' });
  throw new HttpError(409, `Remote controller ${gatewaySn} is registered outside your data scope`, undefined, {
    code: 'device.gateway_outside_scope',
    params: { sn: gatewaySn },
  });
}
