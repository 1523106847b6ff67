import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFECT_ACTIONS,
  DEFECT_POINTS_MAX,
  DEFECT_SEVERITIES,
  defectCreateSchema,
  defectFilterSchema,
  defectUpdateSchema,
  type Defect,
  type DefectAction,
  type DefectEvent,
  type DefectMapPoint,
  type DefectRegion,
  type DefectSeverity,
  type DefectStatus,
} from '@shared/entities/defect';
import type { Database, DefectsTable } from '../db/schema';
import { sql, type Kysely } from 'kysely';
import { mediaFilterSchema } from '@shared/entities/media';
import { idParams } from '../api/crud';
import { hasPosition, withinBbox } from './position';
import { withDisplayNames, type NameRefs } from '../api/displayNames';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import { writeAudit } from '../domain/audit';
import { parseJson } from '../db/json';
import { nowIso } from '../db/time';
import { dialectOf } from '../db/database';
import { conflict, ok, rowNotFound } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { allowedActions, DEFECT_MACHINE } from '../domain/stateMachines';
import { moveStatus } from '../domain/transitions';
import { scopedDefects } from './defectScope';
import { namingRemovedCategory, notifyUrgentDefect, rewriteNoticeSearchTexts } from './urgentDefects';

type DefectRow = Selectable<DefectsTable>;

const defectFields = (row: DefectRow): Omit<Defect, 'assignee_name'> => ({
  id: row.id,
  media_id: row.media_id,
  project_id: row.project_id,
  task_id: row.task_id,
  flight_record_id: row.flight_record_id,
  category_id: row.category_id,
  severity: row.severity as DefectSeverity,
  status: row.status as DefectStatus,
  region: parseJson<DefectRegion>(row.region, {
    type: 'rect',
    points: [
      [0, 0],
      [1, 1],
    ],
  }),
  note: row.note,
  lat: row.lat,
  lng: row.lng,
  assignee_id: row.assignee_id,
  created_by: row.created_by,
  created_at: row.created_at,
  updated_at: row.updated_at,
  actions: allowedActions(DEFECT_MACHINE, row.status),
});

const ASSIGNEE_NAME: NameRefs = { assignee_name: { from: 'assignee_id', table: 'users' } };

/** Rows → wire shape, with the assignees' names (one query for the page). */
export const defectsToApi = async (db: Kysely<Database>, rows: DefectRow[]): Promise<Defect[]> =>
  (await withDisplayNames(db, rows.map(defectFields), ASSIGNEE_NAME)) as unknown as Defect[];

/** One row → wire shape. */
export const defectToApi = async (db: Kysely<Database>, row: DefectRow): Promise<Defect> => (await defectsToApi(db, [row]))[0];

/** Keeps media.has_defects true while the photo has a defect that is not rejected. */
export async function refreshHasDefects(db: Kysely<Database>, mediaId: number): Promise<void> {
  const open = await db.selectFrom('defects').select('id').where('media_id', '=', mediaId).where('status', '!=', 'rejected').limit(1).executeTakeFirst();
  await db
    .updateTable('media')
    .set({ has_defects: open ? 1 : 0 })
    .where('id', '=', mediaId)
    .execute();
}

const listQuery = defectFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(20),
});
/** The map's points take the list's filters and a bbox, without paging. */
const pointsQuery = defectFilterSchema.extend({ bbox: mediaFilterSchema.shape.bbox });
/** The most severe first: a map cut at DEFECT_POINTS_MAX keeps those. */
const severityRank = sql<number>`case ${sql.ref('defects.severity')} ${sql.join(
  DEFECT_SEVERITIES.map((severity, rank) => sql`when ${severity} then ${sql.lit(rank)}`),
  sql` `,
)} end`;
const actionParams = idParams.extend({ action: z.enum(DEFECT_ACTIONS) });
const stepBody = z.object({ note: z.string().max(2000).optional() }).optional();
const categoryBody = z.object({
  parent_id: z.number().int().positive().nullable().optional(),
  code: z.string().min(1).max(64),
  name_zh: z.string().min(1).max(64),
  name_en: z.string().min(1).max(64),
});

/**
 * /api/Defect/ and /api/DefectCategory/ (docs/media.md): defects marked on photos, with their workflow
 * (POST /Defect/{id}/{action}/: new → confirmed → in_repair → fixed → verified, or rejected; 409 out of order), each
 * step recorded (who, when). A defect is seen by whoever sees its photo.
 */
export default async function defectRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const scopedDefect = async (request: FastifyRequest, id: number) => {
    const row = await scopedDefects(db, request).where('defects.id', '=', id).executeTakeFirst();
    if (!row) throw rowNotFound('defect', id);
    return row;
  };
  const filteredDefects = (request: FastifyRequest, filters: z.infer<typeof defectFilterSchema>) => {
    let qb = scopedDefects(db, request);
    for (const [key, value] of Object.entries(filters)) if (value !== undefined) qb = qb.where(`defects.${key as keyof typeof filters}`, '=', value as never);
    return qb;
  };
  const eventsOf = async (defectId: number): Promise<DefectEvent[]> => {
    const rows = await db
      .selectFrom('defect_events')
      .leftJoin('users', 'users.id', 'defect_events.user_id')
      .select([
        'defect_events.action',
        'defect_events.from_status',
        'defect_events.to_status',
        'defect_events.user_id',
        'defect_events.note',
        'defect_events.at',
        'users.username as user_name',
      ])
      .where('defect_events.defect_id', '=', defectId)
      .orderBy('defect_events.id')
      .execute();
    return rows.map((r) => ({
      ...r,
      action: r.action as DefectEvent['action'],
      from_status: r.from_status as DefectStatus | null,
      to_status: r.to_status as DefectStatus,
    }));
  };
  const recordEvent = (
    defectId: number,
    action: DefectAction | 'create',
    from: DefectStatus | null,
    to: DefectStatus,
    request: FastifyRequest,
    note?: string,
  ) =>
    db
      .insertInto('defect_events')
      .values({ defect_id: defectId, action, from_status: from, to_status: to, user_id: request.auth!.userId, note: note ?? null, at: nowIso() })
      .execute();
  // The assignee is a user the caller sees (404 otherwise, as for any row out of reach).
  const checkAssignee = async (request: FastifyRequest, id: number | null | undefined) => {
    if (id && !(await withDataScope(db.selectFrom('users').select('users.id').where('users.id', '=', id), 'users', scopeOf(request)).executeTakeFirst()))
      throw rowNotFound('user', id);
  };
  const checkCategory = async (id: number | null | undefined) => {
    if (id && !(await db.selectFrom('defect_categories').select('id').where('id', '=', id).executeTakeFirst())) throw rowNotFound('defect_category', id);
  };

  app.get(
    '/DefectCategory/',
    { schema: { tags: ['defects'], summary: 'The defect category tree (flat, parent_id)' }, preValidation: requirePermission(appBase, 'task:read') },
    async () => {
      const items = await db
        .selectFrom('defect_categories')
        .select(['id', 'parent_id', 'code', 'name_zh', 'name_en'])
        .orderBy('parent_id')
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok({ items, total: items.length });
    },
  );

  app.post(
    '/DefectCategory/',
    { schema: { tags: ['defects'], summary: 'Add a defect category', body: categoryBody }, preValidation: requirePermission(appBase, 'project:write') },
    async (request, reply) => {
      const { parent_id, ...names } = request.body;
      await checkCategory(parent_id);
      const row = await db
        .insertInto('defect_categories')
        .values({ parent_id: parent_id ?? null, ...names })
        .returning(['id', 'parent_id', 'code', 'name_zh', 'name_en'])
        .executeTakeFirstOrThrow();
      await writeAudit(db, request, 'create', 'defect_category', row.id, names);
      return reply.code(201).send({ ...ok(row), code: 201 });
    },
  );

  app.delete(
    '/DefectCategory/:id/',
    {
      schema: { tags: ['defects'], summary: 'Remove a defect category and its children', params: idParams },
      preValidation: requirePermission(appBase, 'project:write'),
    },
    async (request) => {
      await checkCategory(request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('defect_categories').where('id', '=', request.params.id).execute();
        // Urgent notices of its defects now say "缺陷"/"Defect": their search text follows.
        await rewriteNoticeSearchTexts(trx, dialectOf(db), namingRemovedCategory(dialectOf(db)));
        await writeAudit(trx, request, 'delete', 'defect_category', request.params.id, {});
      });
      return ok(null);
    },
  );

  app.get(
    '/Defect/',
    {
      schema: {
        tags: ['defects'],
        summary: 'Defects (filters: project, task, flight record, photo, category, severity, status, assignee)',
        querystring: listQuery,
      },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const qb = filteredDefects(request, filters);
      const [rows, count] = await Promise.all([
        qb
          .orderBy('defects.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        qb
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst(),
      ]);
      return ok({ items: await defectsToApi(db, rows), total: Number(count?.total ?? 0), page, page_size });
    },
  );

  app.get(
    '/Defect/points/',
    {
      schema: {
        tags: ['defects'],
        summary: `Where every defect of the list's filters (and bbox) is: [id, lat, lng, severity], the most severe first, at most ${DEFECT_POINTS_MAX} (truncated says there were more)`,
        querystring: pointsQuery,
      },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const { bbox, ...filters } = request.query;
      let qb = filteredDefects(request, filters).where(hasPosition('defects'));
      if (bbox) qb = qb.where(withinBbox('defects', bbox));
      const rows = await qb
        .clearSelect()
        .select(['defects.id', 'defects.lat', 'defects.lng', 'defects.severity'])
        .orderBy(severityRank, 'desc')
        .orderBy('defects.id', 'desc')
        .limit(DEFECT_POINTS_MAX + 1)
        .execute();
      const points = rows.slice(0, DEFECT_POINTS_MAX).map((row): DefectMapPoint => [row.id, row.lat!, row.lng!, row.severity as DefectSeverity]);
      return ok({ points, truncated: rows.length > DEFECT_POINTS_MAX });
    },
  );

  app.get(
    '/Defect/:id/',
    {
      schema: { tags: ['defects'], summary: 'One defect with its workflow history', params: idParams },
      preValidation: requirePermission(appBase, 'task:read'),
    },
    async (request) => {
      const row = await scopedDefect(request, request.params.id);
      return ok({ ...(await defectToApi(db, row)), events: await eventsOf(row.id) });
    },
  );

  app.post(
    '/Defect/',
    { schema: { tags: ['defects'], summary: 'Mark a defect on a photo', body: defectCreateSchema }, preValidation: requirePermission(appBase, 'task:write') },
    async (request, reply) => {
      const body = request.body;
      const media = await withDataScope(db.selectFrom('media').selectAll().where('media.id', '=', body.media_id), 'media', scopeOf(request)).executeTakeFirst();
      if (!media) throw rowNotFound('media', body.media_id);
      await checkCategory(body.category_id);
      await checkAssignee(request, body.assignee_id);
      const now = nowIso();
      const row = await db
        .insertInto('defects')
        .values({
          media_id: media.id,
          project_id: media.project_id,
          task_id: media.task_id,
          flight_record_id: media.flight_record_id,
          category_id: body.category_id ?? null,
          severity: body.severity,
          region: JSON.stringify(body.region),
          note: body.note ?? null,
          lat: body.lat ?? media.lat,
          lng: body.lng ?? media.lng,
          assignee_id: body.assignee_id ?? null,
          created_by: request.auth!.userId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(row.id, 'create', null, 'new', request);
      await refreshHasDefects(db, media.id);
      await writeAudit(db, request, 'create', 'defect', row.id, { media_id: media.id, severity: row.severity });
      return reply.code(201).send({ ...ok(await defectToApi(db, row)), code: 201 });
    },
  );

  app.put(
    '/Defect/:id/',
    {
      schema: {
        tags: ['defects'],
        summary: "Edit a defect's region, category, severity, note, position or assignee",
        params: idParams,
        body: defectUpdateSchema,
      },
      preValidation: requirePermission(appBase, 'task:write'),
    },
    async (request) => {
      const before = await scopedDefect(request, request.params.id);
      const { region, ...rest } = request.body;
      await checkCategory(rest.category_id);
      await checkAssignee(request, rest.assignee_id);
      const row = await db
        .updateTable('defects')
        .set({ ...rest, ...(region ? { region: JSON.stringify(region) } : {}), updated_at: nowIso() })
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(db, request, 'update', 'defect', row.id, request.body);
      await notifyUrgentDefect(db, appBase.notices, before, row, request.auth!.username);
      return ok(await defectToApi(db, row));
    },
  );

  app.post(
    '/Defect/:id/:action/',
    {
      schema: {
        tags: ['defects'],
        summary: 'A workflow step: confirm, repair, fix, verify or reject (409 out of order)',
        params: actionParams,
        body: stepBody,
      },
      preValidation: requirePermission(appBase, 'task:write'),
    },
    async (request) => {
      const { id, action } = request.params;
      const current = await scopedDefect(request, id);
      const from = current.status as DefectStatus;
      // Compare-and-set: a concurrent step on the same defect makes this one out of order.
      const moved = await db.transaction().execute((trx) => moveStatus(trx, 'defects', id, 'defect', DEFECT_MACHINE, action, request, { from }));
      if (!moved.ok) throw conflict(`A ${from} defect cannot ${action}`, undefined, { code: 'defect.out_of_order', params: { action, status: from } });
      const row = await db.selectFrom('defects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await recordEvent(id, action, from, moved.to, request, request.body?.note);
      await notifyUrgentDefect(db, appBase.notices, current, row, request.auth!.username);
      await refreshHasDefects(db, row.media_id);
      return ok({ ...(await defectToApi(db, row)), events: await eventsOf(id) });
    },
  );

  app.delete(
    '/Defect/:id/',
    { schema: { tags: ['defects'], summary: 'Delete a defect', params: idParams }, preValidation: requirePermission(appBase, 'task:write') },
    async (request) => {
      const row = await scopedDefect(request, request.params.id);
      await db.deleteFrom('defects').where('id', '=', row.id).execute();
      await refreshHasDefects(db, row.media_id);
      await writeAudit(db, request, 'delete', 'defect', row.id, { media_id: row.media_id });
      return ok(null);
    },
  );
}
