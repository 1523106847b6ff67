import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { departmentInputSchema } from '@shared/entities/department';
import { registerCrud } from '../../api/crud';
import type { DepartmentsTable } from '../../db/schema';
import { checkParent, defined } from '../fields';

export const departmentToApi = (row: Selectable<DepartmentsTable>) => ({ ...row });

export default async function departmentRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'department',
    path: '/Dept/',
    tag: 'organisation',
    table: 'departments',
    read: 'org:read',
    write: 'org:write',
    list: { table: 'departments', search: ['name'], order: ['id', 'name', 'sort', 'created_at'], defaultOrder: 'sort', filters: { parent_id: 'int' } },
    input: departmentInputSchema,
    unique: ['name'],
    refs: { parent_id: 'departments' },
    toRow: async (input, ctx, existing) => {
      if (existing) await checkParent(ctx.db, 'departments', existing.id, input.parent_id);
      return existing ? defined(input) : { parent_id: null, sort: 0, ...defined(input) };
    },
    toApi: departmentToApi,
  });
}
