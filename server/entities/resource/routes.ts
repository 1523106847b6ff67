import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { resourceInputSchema } from '@shared/entities/resource';
import { registerCrud } from '../../api/crud';
import type { ResourcesTable } from '../../db/schema';
import { checkParent, defined } from '../fields';
import { COLLECTIONS } from '@shared/entities/collections';

export const resourceToApi = (row: Selectable<ResourcesTable>) => ({ ...row });

export default async function resourceRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'resource',
    ...COLLECTIONS.permissionResource,
    tag: 'organisation',
    table: 'resources',
    list: {
      table: 'resources',
      search: ['code', 'name', 'path'],
      order: ['id', 'code', 'name', 'sort'],
      defaultOrder: 'sort',
      filters: { parent_id: 'int', kind: 'string' },
    },
    input: resourceInputSchema,
    unique: ['code'],
    refs: { parent_id: 'resources' },
    toRow: async (input, ctx, existing) => {
      if (existing) await checkParent(ctx.db, 'resources', existing.id, input.parent_id);
      return existing ? defined(input) : { path: null, icon: null, parent_id: null, sort: 0, ...defined(input) };
    },
    toApi: resourceToApi,
  });
}
