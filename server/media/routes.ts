import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { MEDIA_POINTS_MAX, mediaFilterSchema, type Media, type MediaFilter, type MediaMapPoint } from '@shared/entities/media';
import { idParams, readMultipart } from '../api/crud';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import { writeAudit } from '../domain/audit';
import { hasPosition, withinBbox } from './position';
import type { DataScopeRule } from '../rbac/dataScope';
import { listQuerySchema, listRows, matchingRows, toListQuery, type ListScope, type ListSpec, type TableName } from '../api/list';
import { METHOD_UPLOAD_PRIORITIZE } from '@shared/dji/media';
import { badRequest, conflict, HttpError, ok, rowNotFound } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { serviceFailure } from '../entities/task/missions';
import { attachment } from '../http/contentDisposition';
import { projectInScope, type MediaRow } from './service';
import { ARCHIVE_MAX_FILES, zipArchive } from './archive';

/** How long the file and thumbnail addresses in a list answer stay valid (s): image tags send no bearer token. */
const LINK_TTL_S = 3600;

const LIST: ListSpec<'media'> = {
  table: 'media',
  search: ['name'],
  searchIndex: true,
  order: ['id', 'taken_at', 'name', 'size', 'created_at'],
  defaultOrder: '-taken_at',
  filters: { project_id: 'int', task_id: 'int', flight_record_id: 'int', device_sn: 'string', type: 'string', lens: 'string' },
};
const { type, lens, taken_from, taken_to, bbox, has_defects } = mediaFilterSchema.shape;
const listQuery = listQuerySchema(LIST, { type, lens, taken_from, taken_to, bbox, has_defects });
const listQueryOf = (parsed: Record<string, unknown>) => toListQuery(LIST as unknown as ListSpec<TableName>, parsed);
/** The map's points take the list's filters and search, without paging. */
const pointsQuery = mediaFilterSchema.extend({ search: listQuery.shape.search });

/** What narrows the list besides its spec's filters (data scope, capture time, defects, bbox): the list and its map. */
const narrowedBy =
  (query: MediaFilter, rule: DataScopeRule): ListScope<'media'> =>
  (qb, use) => {
    let scoped = withDataScope(qb, 'media', rule, use);
    if (query.taken_from) scoped = scoped.where('media.taken_at', '>=', new Date(query.taken_from).toISOString());
    if (query.taken_to) scoped = scoped.where('media.taken_at', '<=', new Date(query.taken_to).toISOString());
    if (query.has_defects !== undefined) scoped = scoped.where('media.has_defects', '=', query.has_defects ? 1 : 0);
    if (query.bbox) scoped = scoped.where(withinBbox('media', query.bbox));
    return scoped;
  };

type LinkKind = 'file' | 'thumb';
const sign = (secret: string, subject: string, exp: number) => createHmac('sha256', secret).update(`${subject}:${exp}`).digest('base64url');
const linkSubject = (id: number, kind: LinkKind) => `media:${id}:${kind}`;
const archiveSubject = (ids: readonly number[]) => `media-archive:${ids.join(',')}`;

/** The expiry and signature of a link to `subject`, valid LINK_TTL_S from `nowMs`. */
function signed(secret: string, subject: string, nowMs: number): string {
  const exp = Math.floor(nowMs / 1000) + LINK_TTL_S;
  return `exp=${exp}&sig=${sign(secret, subject, exp)}`;
}

/** A signed address of a row's file or thumbnail, handed only to a caller whose data scope shows the row. */
export function mediaLink(secret: string, id: number, kind: LinkKind, nowMs: number): string {
  return `/api/Media/${id}/${kind}/?${signed(secret, linkSubject(id, kind), nowMs)}`;
}

function validSignature(secret: string, subject: string, query: { exp?: number; sig?: string }, nowMs: number): boolean {
  if (!query.exp || !query.sig || query.exp * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(secret, subject, query.exp));
  const given = Buffer.from(query.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const mediaToApi = (row: MediaRow, secret: string, nowMs = Date.now()): Media => ({
  id: row.id,
  name: row.name,
  type: row.type as Media['type'],
  mime: row.mime,
  size: Number(row.size),
  source: row.source as Media['source'],
  taken_at: row.taken_at,
  lat: row.lat,
  lng: row.lng,
  absolute_alt: row.absolute_alt,
  relative_alt: row.relative_alt,
  gimbal_yaw: row.gimbal_yaw,
  gimbal_pitch: row.gimbal_pitch,
  gimbal_roll: row.gimbal_roll,
  flight_yaw: row.flight_yaw,
  drone_model: row.drone_model,
  payload_model: row.payload_model,
  lens: row.lens as Media['lens'],
  width: row.width,
  height: row.height,
  duration_ms: row.duration_ms,
  project_id: row.project_id,
  device_id: row.device_id,
  device_sn: row.device_sn,
  task_id: row.task_id,
  flight_record_id: row.flight_record_id,
  metadata_error: row.metadata_error,
  thumb_status: row.thumb_status as Media['thumb_status'],
  has_defects: Boolean(row.has_defects),
  thumb_url: row.thumb_status === 'ready' ? mediaLink(secret, row.id, 'thumb', nowMs) : null,
  url: mediaLink(secret, row.id, 'file', nowMs),
  created_at: row.created_at,
});

/** Byte range of a `Range: bytes=a-b` header within `size`, or null for none / unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * /api/Media/ (docs/media.md): list with filters, one row, the original file (ranges for video) and its thumbnail,
 * upload by hand, delete. Every route reads rows through the caller's data scope; file and thumbnail also take the
 * signed address a list answer carries (image and video tags send no bearer token).
 */
export default async function mediaRoutes(appBase: FastifyInstance, options: { signingSecret: string }): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { signingSecret } = options;
  const media = () => appBase.media!;

  const scopedRow = async (request: FastifyRequest, id: number) => {
    const row = await withDataScope(app.db.selectFrom('media').selectAll().where('media.id', '=', id), 'media', scopeOf(request)).executeTakeFirst();
    if (!row) throw rowNotFound('media', id);
    return row;
  };

  app.get(
    '/Media/',
    {
      schema: { tags: ['media'], summary: 'Photos and videos (filters: project, task, flight record, device, type, lens, time, bbox)', querystring: listQuery },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const query = request.query as Record<string, unknown> & MediaFilter & { page: number; page_size: number };
      const { items, total } = await listRows(app.db, LIST, listQueryOf(query), narrowedBy(query, scopeOf(request)));
      const now = Date.now();
      return ok({ items: items.map((row) => mediaToApi(row, signingSecret, now)), total, page: query.page, page_size: query.page_size });
    },
  );

  app.get(
    '/Media/points/',
    {
      schema: {
        tags: ['media'],
        summary: `Where every file of the list's filters (and bbox) was taken: [id, lat, lng, type, has_defects], newest first, at most ${MEDIA_POINTS_MAX} (truncated says there were more)`,
        querystring: pointsQuery,
      },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const query = request.query;
      const matching = await matchingRows(app.db, LIST, listQueryOf({ ...query, page: 1, page_size: MEDIA_POINTS_MAX }), narrowedBy(query, scopeOf(request)));
      const rows = (await matching
        .where(hasPosition('media'))
        .select(['media.id as id', 'media.lat as lat', 'media.lng as lng', 'media.type as type', 'media.has_defects as has_defects'])
        .orderBy(sql.ref('media.taken_at'), 'desc')
        .orderBy(sql.ref('media.id'), 'desc')
        .limit(MEDIA_POINTS_MAX + 1)
        .execute()) as unknown as Pick<MediaRow, 'id' | 'lat' | 'lng' | 'type' | 'has_defects'>[];
      const points = rows
        .slice(0, MEDIA_POINTS_MAX)
        .map((row): MediaMapPoint => [row.id, row.lat!, row.lng!, row.type as MediaMapPoint[3], Boolean(row.has_defects)]);
      return ok({ points, truncated: rows.length > MEDIA_POINTS_MAX });
    },
  );

  app.get(
    '/Media/:id/',
    { schema: { tags: ['media'], summary: 'One photo or video', params: idParams }, preValidation: requirePermission(appBase, 'task:read') },
    async (request) => ok(mediaToApi(await scopedRow(request, request.params.id), signingSecret)),
  );

  const linkQuery = z.object({ exp: z.coerce.number().int().positive().optional(), sig: z.string().max(64).optional() });
  /** The row by a valid signed address, else by the bearer token and data scope. */
  const rowForLink = async (request: FastifyRequest, id: number, kind: LinkKind) => {
    if (validSignature(signingSecret, linkSubject(id, kind), request.query as z.infer<typeof linkQuery>, Date.now())) {
      const row = await app.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw rowNotFound('media', id);
      return row;
    }
    await requirePermission(appBase, 'task:read')(request);
    return scopedRow(request, id);
  };
  const objectHeaders = (reply: FastifyReply, mime: string) =>
    reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=3600')
      .header('Accept-Ranges', 'bytes');

  app.get(
    '/Media/:id/file/',
    {
      // A signed link (an <img>/<video> sends no token) or the bearer's data scope: rowForLink decides.
      config: { rowScope: false },
      schema: { tags: ['media'], summary: 'The original file (Range requests answered, for video)', params: idParams, querystring: linkQuery },
    },
    async (request, reply) => {
      const row = await rowForLink(request, request.params.id, 'file');
      const size = Number(row.size);
      const range = parseRange(request.headers.range, size);
      objectHeaders(reply, row.mime).header('Content-Disposition', attachment(row.name));
      if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      if (range) {
        const body = await media().store.get(row.object_key, range);
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(body);
      }
      return reply.header('Content-Length', size).send(await media().store.get(row.object_key));
    },
  );

  const archiveIds = z.array(z.number().int().positive()).min(1).max(ARCHIVE_MAX_FILES);
  app.post(
    '/Media/archive/',
    {
      schema: {
        tags: ['media'],
        summary: 'A signed address of a ZIP of these photos and videos (every one must be in your data scope)',
        body: z.object({ ids: archiveIds }),
      },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)].sort((a, b) => a - b);
      const seen = new Set(
        (await withDataScope(app.db.selectFrom('media').select('media.id').where('media.id', 'in', ids), 'media', scopeOf(request)).execute()).map((r) => r.id),
      );
      const missing = ids.find((id) => !seen.has(id));
      if (missing !== undefined) throw rowNotFound('media', missing);
      return ok({ url: `/api/Media/archive/?ids=${ids.join(',')}&${signed(signingSecret, archiveSubject(ids), Date.now())}`, count: ids.length });
    },
  );

  app.get(
    '/Media/archive/',
    {
      // The signed address POST /Media/archive/ hands out (a download link sends no token): the signature is the scope.
      config: { rowScope: false },
      schema: {
        tags: ['media'],
        summary: 'The ZIP of a signed selection, streamed (files stored uncompressed)',
        querystring: linkQuery.extend({
          ids: z
            .string()
            .regex(/^\d+(,\d+)*$/)
            .transform((text) => text.split(',').map(Number))
            .pipe(archiveIds),
        }),
      },
    },
    async (request, reply) => {
      const { ids } = request.query;
      if (!validSignature(signingSecret, archiveSubject(ids), request.query, Date.now()))
        throw new HttpError(403, 'The download link is invalid or has expired', undefined, { code: 'media.link_invalid' });
      const rows = await app.db.selectFrom('media').select(['id', 'name', 'object_key']).where('id', 'in', ids).orderBy('id').execute();
      const store = media().store;
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachment(`media-${rows.length}.zip`))
        .header('Cache-Control', 'private, no-store')
        .send(zipArchive(rows.map((row) => ({ name: row.name, open: () => store.get(row.object_key) }))));
    },
  );

  app.get(
    '/Media/:id/thumb/',
    {
      // A signed link (an <img>/<video> sends no token) or the bearer's data scope: rowForLink decides.
      config: { rowScope: false },
      schema: { tags: ['media'], summary: 'The thumbnail (JPEG, 320 px) or video poster', params: idParams, querystring: linkQuery },
    },
    async (request, reply) => {
      const row = await rowForLink(request, request.params.id, 'thumb');
      if (!row.thumb_key) throw rowNotFound('media', row.id);
      return objectHeaders(reply, 'image/jpeg').send(await media().store.get(row.thumb_key));
    },
  );

  app.post(
    '/Media/',
    {
      schema: { tags: ['media'], summary: 'Upload a photo or video by hand (multipart: file, project_id)', consumes: ['multipart/form-data'] },
      preValidation: requirePermission(appBase, 'task:write'),
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, 'file', media().maxBytes);
      const projectId = z.coerce.number().int().positive().safeParse(fields.project_id);
      if (!projectId.success)
        throw badRequest('project_id is required', [{ field: 'project_id', message: 'is required', code: 'field.required' }], {
          code: 'common.invalid_input',
          params: { where: 'body' },
        });
      if (!file)
        throw badRequest('file is required', [{ field: 'file', message: 'is required', code: 'field.required' }], {
          code: 'common.invalid_input',
          params: { where: 'body' },
        });
      const project = await app.db.selectFrom('projects').select(['id', 'dept_id', 'members']).where('id', '=', projectId.data).executeTakeFirst();
      if (!project || !projectInScope(scopeOf(request), project)) throw rowNotFound('project', projectId.data);
      const { row, duplicate } = await media().ingestUpload(file.data, {
        projectId: project.id,
        source: 'upload',
        name: file.filename || 'upload',
        createdBy: request.auth!.userId,
      });
      if (!duplicate) await writeAudit(app.db, request, 'create', 'media', row.id, { name: row.name, project_id: row.project_id, size: row.size });
      return reply.code(duplicate ? 200 : 201).send({ ...ok({ item: mediaToApi(row, signingSecret), duplicate }), code: duplicate ? 200 : 201 });
    },
  );

  app.post(
    '/Media/prioritize/',
    {
      schema: {
        tags: ['media'],
        summary: "Ask the dock to upload this task's flight media first (upload_flighttask_media_prioritize)",
        body: z.object({ task_id: z.number().int().positive() }),
      },
      preValidation: requirePermission(appBase, 'task:write'),
    },
    async (request) => {
      const { task_id } = request.body;
      const task = await withDataScope(
        app.db.selectFrom('tasks').select(['tasks.id', 'tasks.flight_id', 'tasks.gateway_sn']).where('tasks.id', '=', task_id),
        'tasks',
        scopeOf(request),
      ).executeTakeFirst();
      if (!task) throw rowNotFound('task', task_id);
      if (!task.flight_id || !task.gateway_sn) throw conflict(`Task ${task_id} has not flown`, undefined, { code: 'media.no_flight' });
      const gateway = appBase.mqtt?.gateway;
      if (!gateway) throw new HttpError(503, 'The device link is off', undefined, { code: 'mission.link_unavailable' });
      try {
        await gateway.sendService(task.gateway_sn, METHOD_UPLOAD_PRIORITIZE, { flight_id: task.flight_id }, { timeoutMs: app.config.missions.replyTimeoutMs });
      } catch (error) {
        throw serviceFailure(METHOD_UPLOAD_PRIORITIZE, error);
      }
      return ok({ task_id, flight_id: task.flight_id });
    },
  );

  app.delete(
    '/Media/:id/',
    {
      schema: { tags: ['media'], summary: 'Delete a photo or video (its object and thumbnail too)', params: idParams },
      preValidation: requirePermission(appBase, 'task:write'),
    },
    async (request) => {
      const row = await scopedRow(request, request.params.id);
      await media().remove(row);
      await writeAudit(app.db, request, 'delete', 'media', row.id, { name: row.name, project_id: row.project_id });
      return ok(null);
    },
  );
}
