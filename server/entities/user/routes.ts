import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { userInputSchema } from '@shared/entities/user';
import { PERMISSION_CODES, type PermissionCode } from '@shared/permissions';
import { registerCrud } from '../../api/crud';
import { DEPT_NAME } from '../../api/displayNames';
import { hashPassword } from '../../auth/password';
import type { UsersTable } from '../../db/schema';
import { rolesOfUsers } from '../../rbac/permissions';
import { authorizeUserWrite, endSessionsAfterAccountChange } from '../../rbac/accountGuards';
import { defined } from '../fields';
import { replaceUserRoles, usersGranted } from './service';
import { COLLECTIONS } from '@shared/entities/collections';

/** The password hash never leaves the server; display_name is `name` on the wire. */
export const userToApi = ({ password_hash: _hash, display_name, ...row }: Selectable<UsersTable>) => ({ ...row, name: display_name });

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'user',
    ...COLLECTIONS.user,
    tag: 'organisation',
    table: 'users',
    list: {
      table: 'users',
      search: ['username', 'display_name', 'phone', 'email'],
      order: ['id', 'username', 'display_name', 'created_at'],
      defaultOrder: 'id',
      filters: { dept_id: 'int', is_active: 'int' },
    },
    // permission=<code>: only users a role of theirs grants it (e.g. the pilots a task may name: device:pilot).
    listParams: { permission: z.enum(PERMISSION_CODES).optional() },
    scope: (qb, _request, params) => (params?.permission ? usersGranted(qb, params.permission as PermissionCode) : qb),
    input: userInputSchema,
    unique: ['username'],
    refs: { dept_id: 'departments', role_ids: 'roles' },
    check: (v, existing) => (!existing && !v.password ? [{ field: 'password', message: 'is required', code: 'field.required' as const }] : []),
    guardDelete: (row, request) =>
      row.id === request.auth?.userId ? { message: 'You cannot delete your own account', reason: { code: 'user.delete_self' } } : null,
    // No escalation through user edits; the last active admin stays.
    authorize: authorizeUserWrite,
    toRow: async (input, _ctx, existing) => {
      const { password, name: displayName, role_ids: _roles, ...rest } = input;
      const row = defined({ ...rest, display_name: displayName });
      if (password) row.password_hash = await hashPassword(password);
      return existing ? row : { phone: null, email: null, dept_id: null, is_active: 1, ...row };
    },
    afterWrite: async (ctx, userId, input, existing) => {
      await endSessionsAfterAccountChange(ctx.db, ctx.request, userId, input, existing);
      if (input.role_ids) await replaceUserRoles(ctx.db, userId, input.role_ids);
    },
    toApi: userToApi,
    names: DEPT_NAME,
    decorate: async (db, items) => {
      const roles = await rolesOfUsers(
        db,
        items.map((i) => i.id as number),
      );
      return items.map((i) => {
        const userRoles = roles.get(i.id as number)?.roles ?? [];
        return { ...i, roles: userRoles, role_ids: userRoles.map((r) => r.id) };
      });
    },
  });
}
