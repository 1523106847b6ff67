import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../api/crud';
import { scopeOf } from '../rbac/scopeQuery';
import { attachment } from '../http/contentDisposition';
import { requestLanguage } from '../http/language';
import { requirePermission } from '../rbac/permissions';
import { mediaLink } from '../media/routes';
import { taskReportData } from './data';
import { reportPdf, reportXlsx } from './render';
import { reportText } from './text';

const MIME = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * GET /api/Task/{id}/report/?format=pdf|xlsx (docs/media.md): the task's inspection report in the caller's language
 * (`?lang=` or Accept-Language), of the photos and defects its data scope shows. The task itself passes the row guard.
 */
export default async function reportRoutes(appBase: FastifyInstance, options: { signingSecret: string }): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/Task/:id/report/',
    {
      schema: {
        tags: ['media'],
        summary: "The task's inspection report: PDF (track, defect table, cropped photos) or XLSX (defects with positions and links)",
        params: idParams,
        querystring: z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf'), lang: z.string().max(8).optional() }),
      },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request, reply) => {
      const { format } = request.query;
      const language = requestLanguage(request);
      const text = reportText(language);
      const data = await taskReportData(app.db, request.params.id, scopeOf(request), language);
      const objectKey = new Map(data.photos.map((p) => [p.id, p.object_key]));
      const origin = `${request.protocol}://${request.host}`;
      const body =
        format === 'pdf'
          ? await reportPdf(data, text, (id) => appBase.media!.store.getBuffer(objectKey.get(id)!))
          : await reportXlsx(data, text, (id) => `${origin}${mediaLink(options.signingSecret, id, 'file', Date.now())}`);
      return reply
        .header('Content-Type', MIME[format])
        .header('Content-Disposition', attachment(`${text.title}-${data.task.name}.${format}`))
        .send(body);
    },
  );
}
