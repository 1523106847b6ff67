import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { langParam } from '@shared/entities/fields';
import { noticeInputSchema } from '@shared/entities/notice';
import { grants } from '@shared/permissions';
import { idParams, registerCrud } from '../../api/crud';
import type { NoticesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { envelopeSchema, notFound, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { defined } from '../fields';
import { requestLanguage } from '../../http/language';
import { noticeTextSql, presentPlatformNotices, seesNoticeDefect } from '../../media/urgentDefects';
import { markNoticesRead, noticeTotal, readBy, readerOf, readNoticeIds, unreadNotices } from './service';
import { COLLECTIONS, VIEWS } from '@shared/entities/collections';

/** A notice as the API answers it: its search text stays on the server (it feeds the search index). */
export const noticeToApi = ({ search_text: _indexed, ...row }: Selectable<NoticesTable>) => row;

/** Notices (CRUD) and the signed-in user's read marks. */
export default async function noticeRoutes(appBase: FastifyInstance): Promise<void> {
  const broadcaster = appBase.notices;
  registerCrud(appBase, {
    entity: 'notice',
    ...COLLECTIONS.notice,
    tag: 'notices',
    table: 'notices',
    list: {
      table: 'notices',
      search: ['title', 'content'],
      // A platform notice's texts are written per reader (searched): the index holds every one of them (search_text).
      searchIndex: ['title', 'content', 'search_text'],
      order: ['id', 'publish_at', 'level', 'created_at'],
      defaultOrder: '-publish_at',
      filters: { level: 'string' },
    },
    input: noticeInputSchema,
    // published=1: only notices whose publish time has come; published=0: only scheduled (and withdrawn) ones.
    // unread=1: only those the signed-in user has not read; unread=0: only those read.
    listParams: { published: z.enum(['0', '1']).optional(), unread: z.enum(['0', '1']).optional(), lang: langParam },
    // Scheduled notices stay hidden until their publish time, and a project's notices from its non-members, except
    // from those who write notices.
    scope: (qb, request, params, use) => {
      const now = nowIso();
      const userId = request.auth!.userId;
      const writer = grants(request.permissions ?? [], 'notice:write');
      if (!writer) qb = qb.where(readerOf(userId, use));
      if (params?.published === '1' || !writer) qb = qb.where('publish_at', '<=', now);
      if (params?.published === '0') qb = qb.where('publish_at', '>', now);
      if (params?.unread === '1') qb = qb.where((eb) => eb.not(readBy(userId)(eb)));
      if (params?.unread === '0') qb = qb.where(readBy(userId));
      return qb;
    },
    // The same rows counted from the kept tallies (noticeTotal); scheduled ones alone are few and counted as they are.
    total: (db, request, query) => {
      const params = request.query as { published?: '0' | '1'; unread?: '0' | '1' };
      if (params.published === '0') return undefined;
      const writer = grants(request.permissions ?? [], 'notice:write');
      return noticeTotal(db, {
        userId: request.auth!.userId,
        asReader: !writer,
        published: params.published === '1' || !writer,
        level: query.filters.level as string | undefined,
        read: params.unread === undefined ? undefined : params.unread === '0',
      });
    },
    // The search reads a notice as its reader does: a platform notice's text in the request's language (noticeTextSql).
    searched: (db, request) => {
      const language = requestLanguage(request);
      const seen = seesNoticeDefect(db, request);
      return { title: noticeTextSql(db, 'title', language, seen), content: noticeTextSql(db, 'content', language, seen) };
    },
    toRow: (input, ctx, existing) => (existing ? defined(input) : { publish_at: ctx.now, created_by: ctx.request.auth?.userId ?? null, ...defined(input) }),
    toApi: noticeToApi,
    afterCommit: (operation, row) =>
      operation === 'delete' ? broadcaster.deleted(row) : broadcaster.written(row, operation === 'create' ? 'published' : 'updated'),
    // A platform notice in the request's language (?lang=, Accept-Language) and in both (`texts`); the read mark.
    decorate: async (db, items, request) => {
      const read = await readNoticeIds(
        db,
        request.auth!.userId,
        items.map((i) => i.id as number),
      );
      const presented = await presentPlatformNotices(db, request, requestLanguage(request), items);
      return presented.map((i) => ({ ...i, read: read.has(i.id as number) }));
    },
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const signedIn = requirePermission(appBase, null);
  app.get(
    VIEWS.noticeUnread.path,
    {
      schema: {
        tags: ['notices'],
        summary: 'Unread published notices of the signed-in user (header bell)',
        response: { 200: envelopeSchema(z.object({ count: z.number() })) },
      },
      preValidation: requirePermission(appBase, VIEWS.noticeUnread.read),
    },
    async (request) => ok({ count: await noticeTotal(app.db, { userId: request.auth!.userId, asReader: true, published: true, read: false }) }),
  );
  app.post(
    '/Notice/:id/read/',
    {
      schema: {
        tags: ['notices'],
        summary: 'Mark a notice read for the signed-in user (idempotent)',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
      preValidation: signedIn,
    },
    async (request) => {
      // Only published notices of the user's can be read (and counted unread); a scheduled one, or another project's, is not revealed by its id.
      const notice = await app.db
        .selectFrom('notices')
        .select('id')
        .where('id', '=', request.params.id)
        .where('publish_at', '<=', nowIso())
        .where(readerOf(request.auth!.userId))
        .executeTakeFirst();
      if (!notice)
        throw notFound(`No published notice with id ${request.params.id}`, {
          code: 'common.row_not_found',
          params: { entity: 'notice', id: request.params.id },
        });
      await markNoticesRead(app.db, request.auth!.userId, app.db.selectFrom('notices').where('notices.id', '=', notice.id));
      return ok(null, 'read');
    },
  );
  app.post(
    '/Notice/read-all/',
    {
      schema: { tags: ['notices'], summary: 'Mark every published notice read', response: { 200: envelopeSchema(z.object({ marked: z.number() })) } },
      preValidation: signedIn,
    },
    async (request) => {
      const marked = await markNoticesRead(app.db, request.auth!.userId, unreadNotices(app.db, request.auth!.userId));
      return ok({ marked });
    },
  );
}
