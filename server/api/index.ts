import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import alertRoutes from '../entities/alert/routes';
import airspaceApplicationRoutes from '../entities/airspaceApplication/routes';
import auditRoutes from '../entities/audit/routes';
import departmentRoutes from '../entities/department/routes';
import deviceLinkRoutes from '../entities/deviceLink/routes';
import deviceRoutes from '../entities/device/routes';
import featureRoutes from '../entities/feature/routes';
import flightPlanRoutes from '../entities/flightPlan/routes';
import flightReportRoutes from '../entities/flightReport/routes';
import noticeRoutes from '../entities/notice/routes';
import projectRoutes from '../entities/project/routes';
import resourceRoutes from '../entities/resource/routes';
import roleRoutes from '../entities/role/routes';
import routeRoutes from '../entities/route/routes';
import taskRoutes from '../entities/task/routes';
import userRoutes from '../entities/user/routes';
import mediaRoutes from '../media/routes';
import defectRoutes from '../media/defects';
import reportRoutes from '../reports/routes';
import liveRoutes from '../livestream/routes';
import remoteRoutes from '../remote/routes';
import controllerConfigRoutes from './controllerConfig';
import statisticsRoutes from './statistics';
import { guardRowsById } from './rowScope';
import { MAX_UPLOAD_BYTES } from '@shared/uploads';

/**
 * OpenAPI 3 document generated from the route schemas, served publicly at GET /api/openapi.json.
 * Registered in the /api context before any route so it sees all of them.
 */
export async function registerOpenApi(api: FastifyInstance): Promise<void> {
  await api.register(fastifySwagger, {
    openapi: {
      info: { title: 'Skyline Ops API', version: '1.0.0', description: 'Every response is {code, msg, data}; code equals the HTTP status. See docs/api.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}

/** The platform API under /api: one encapsulated plugin per entity (server/entities/<entity>/routes.ts), statistics and controller config. */
export default async function platformApi(api: FastifyInstance, options: { signingSecret: string }): Promise<void> {
  await api.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50, fieldSize: 64 * 1024 } });
  // Before any entity route: every route naming a row by id passes the caller's data scope on that row.
  guardRowsById(api);
  await api.register(departmentRoutes);
  await api.register(roleRoutes);
  await api.register(resourceRoutes);
  await api.register(userRoutes);
  await api.register(noticeRoutes);
  await api.register(deviceRoutes);
  await api.register(projectRoutes);
  await api.register(routeRoutes);
  await api.register(taskRoutes);
  await api.register(airspaceApplicationRoutes);
  await api.register(flightPlanRoutes);
  await api.register(flightReportRoutes);
  await api.register(featureRoutes);
  await api.register(auditRoutes);
  await api.register(alertRoutes);
  await api.register(deviceLinkRoutes);
  await api.register(liveRoutes);
  await api.register(remoteRoutes);
  await api.register(statisticsRoutes);
  await api.register(mediaRoutes, { signingSecret: options.signingSecret });
  await api.register(defectRoutes);
  await api.register(reportRoutes, { signingSecret: options.signingSecret });
  await api.register(controllerConfigRoutes);
}
