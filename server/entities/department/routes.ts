import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { departmentInputSchema } from '@shared/entities/department';
import { registerCrud } from '../../api/crud';
import { scopeOf } from '../../rbac/scopeQuery';
import { authorizeDepartmentWrite } from '../../rbac/accountGuards';
import type { DepartmentsTable } from '../../db/schema';
import { checkParent, defined } from '../fields';
import { COLLECTIONS } from '@shared/entities/collections';

export const departmentToApi = (row: Selectable<DepartmentsTable>) => ({ ...row });

export default async function departmentRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'department',
    ...COLLECTIONS.department,
    tag: 'organisation',
    table: 'departments',
    list: { table: 'departments', search: ['name'], order: ['id', 'name', 'sort', 'created_at'], defaultOrder: 'sort', filters: { parent_id: 'int' } },
    input: departmentInputSchema,
    unique: ['name'],
    refs: { parent_id: 'departments' },
    // A department-scoped manager changes only departments of its subtree, under a parent of its subtree.
    authorize: (_db, request, existing, input) => authorizeDepartmentWrite(scopeOf(request), existing, input),
    toRow: async (input, ctx, existing) => {
      if (existing) await checkParent(ctx.db, 'departments', existing.id, input.parent_id);
      return existing ? defined(input) : { parent_id: null, sort: 0, ...defined(input) };
    },
    toApi: departmentToApi,
  });
}
