import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../api/crud';
import { HttpError } from '../../http/envelope';

const refused = (why: string) => new HttpError(403, `This wayline link is not valid: ${why}`, undefined, { code: 'mission.wayline_link_invalid' });

/**
 * GET /api/Task/{id}/wayline.kmz?token=…: the dispatched task's KMZ, for the gateway the task went to while that
 * gateway still carries the task's aircraft; 403 for anyone else, an expired link or a later dispatch.
 */
export function registerWaylineDownload(appBase: FastifyInstance): void {
  appBase.withTypeProvider<ZodTypeProvider>().get(
    '/Task/:id/wayline.kmz',
    {
      schema: {
        tags: ['tasks'],
        summary: 'The dispatched task’s wayline (KMZ) for the device; signed, expiring URL from flighttask_prepare',
        security: [],
        params: idParams,
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
      // The device fetching it has no session: the signed token names the task and the gateway it went to.
      config: { rowScope: false },
    },
    async (request, reply) => {
      const { missions } = appBase;
      if (!missions) throw refused('the live channel is off');
      const file = await missions.wayline(request.params.id, request.query.token);
      if (!file.ok) throw refused(file.why);
      return reply
        .header('Content-Type', 'application/vnd.google-earth.kmz')
        .header('Content-Disposition', `attachment; filename="${file.name}.kmz"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );
}
