import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { projectInputSchema } from '@shared/entities/project';
import { registerCrud } from '../../api/crud';
import { DEPT_NAME } from '../../api/displayNames';
import { parseJson, toJsonText } from '../../db/json';
import type { Database, ProjectsTable } from '../../db/schema';
import { defined } from '../fields';
import { dialectOf } from '../../db/database';
import { rewriteNoticeSearchTexts } from '../../media/urgentDefects';
import { COLLECTIONS } from '@shared/entities/collections';

export const projectToApi = (row: Selectable<ProjectsTable>) => ({ ...row, area: parseJson(row.area, null), members: parseJson<number[]>(row.members, []) });

export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  const rewriteProjectNotices = (db: Kysely<Database>, projectId: number) =>
    rewriteNoticeSearchTexts(db, dialectOf(app.db), (eb) => eb('notices.project_id', '=', projectId));
  registerCrud(app, {
    entity: 'project',
    ...COLLECTIONS.project,
    tag: 'projects',
    table: 'projects',
    list: {
      table: 'projects',
      search: ['name', 'description'],
      order: ['id', 'name', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', dept_id: 'int' },
    },
    input: projectInputSchema,
    unique: ['name'],
    refs: { dept_id: 'departments', members: 'users' },
    toRow: (input, _ctx, existing) => {
      const row = defined({ ...input, area: toJsonText(input.area), members: toJsonText(input.members && [...new Set(input.members)]) });
      return existing ? row : { description: null, area: null, ceiling_m: null, status: 'planning', dept_id: null, members: '[]', ...row };
    },
    toApi: projectToApi,
    names: DEPT_NAME,
    // Urgent notices name their project: a new name is what their search text holds from now on, and once the
    // project is gone they name it by its number ('#12'), so their search text does too.
    afterWrite: async (ctx, id, input, existing) => {
      if (existing && input.name !== undefined && input.name !== existing.name) await rewriteProjectNotices(ctx.db, id);
    },
    afterDelete: (ctx, row) => rewriteProjectNotices(ctx.db, row.id),
  });
}
