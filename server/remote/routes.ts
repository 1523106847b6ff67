import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../api/crud';
import { envelopeSchema, ok } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { commandRecordSchema, commandsOf } from './commands';
import debugRoutes from './debug/routes';
import drcRoutes from './drc/routes';
import flightRoutes from './flight/routes';
import firmwareRoutes from './firmware/routes';
import flightAreaRoutes from './flightAreas/routes';
import logRoutes from './logs/routes';
import propertyRoutes from './properties/routes';

/** How many of a device's commands its page lists. */
const COMMANDS_LISTED = 50;

/** The remote operations API (docs/remote.md): each capability's routes and the list of a device's commands. */
export default async function remoteRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  await appBase.register(debugRoutes);
  await appBase.register(flightRoutes);
  await appBase.register(drcRoutes);
  await appBase.register(flightAreaRoutes);
  await appBase.register(firmwareRoutes);
  await appBase.register(logRoutes);
  await appBase.register(propertyRoutes);

  app.get(
    '/Device/:id/commands/',
    {
      schema: {
        tags: ['remote'],
        summary: "The device's newest remote commands (who, what, parameters, result or error code, duration), newest first",
        params: idParams,
        response: { 200: envelopeSchema(z.array(commandRecordSchema)) },
      },
      preValidation: requirePermission(appBase, 'device:read'),
    },
    async (request) => ok(await commandsOf(appBase.db, request.params.id, COMMANDS_LISTED)),
  );
}
