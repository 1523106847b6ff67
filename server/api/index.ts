import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import alertRoutes from '../entities/alert/routes';
import deviceLinkRoutes from '../entities/deviceLink/routes';
import { registerEntities } from './entities';
import platformRoutes, { readDjiConfig, type DjiConfigOptions } from './platform';
import { MAX_UPLOAD_BYTES } from './uploads';
import { registerWorkflows } from './workflows';

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

export interface PlatformApiOptions {
  dataDir: string;
  dji?: DjiConfigOptions;
}

/** The platform API (issue #3): every entity, workflow, statistics and controller configuration under /api. */
export default async function platformApi(api: FastifyInstance, options: PlatformApiOptions): Promise<void> {
  await api.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50, fieldSize: 64 * 1024 } });
  registerEntities(api, { dataDir: options.dataDir });
  registerWorkflows(api);
  await api.register(alertRoutes);
  await api.register(deviceLinkRoutes);
  await api.register(platformRoutes, { dji: options.dji ?? readDjiConfig() });
}
