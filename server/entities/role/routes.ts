import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { roleInputSchema } from '@shared/entities/role';
import { registerCrud } from '../../api/crud';
import { parseJson, toJsonText } from '../../db/json';
import type { RolesTable } from '../../db/schema';
import { authorizeRoleWrite } from '../../rbac/accountGuards';
import { defined } from '../fields';
import { COLLECTIONS } from '@shared/entities/collections';

export const roleToApi = (row: Selectable<RolesTable>) => ({ ...row, permissions: parseJson<string[]>(row.permissions, []) });

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'role',
    ...COLLECTIONS.role,
    tag: 'organisation',
    table: 'roles',
    list: { table: 'roles', search: ['code', 'name'], order: ['id', 'code', 'name', 'created_at'], defaultOrder: 'id' },
    input: roleInputSchema,
    unique: ['code'],
    guardDelete: (row) => (row.code === 'admin' ? { message: 'The admin role cannot be deleted', reason: { code: 'role.admin_undeletable' } } : null),
    // Grant only what you hold; the admin role's permissions are fixed.
    authorize: authorizeRoleWrite,
    toRow: (input, _ctx, existing) => {
      const row = defined({ ...input, permissions: toJsonText(input.permissions && [...new Set(input.permissions)].sort()) });
      // A role created without a data scope sees only its holders' own rows, never everything.
      return existing ? row : { data_scope: 'own', ...row };
    },
    toApi: roleToApi,
  });
}
