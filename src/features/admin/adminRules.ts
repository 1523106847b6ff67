import { RESOURCE_KINDS } from '@shared/entities/resource';
import { dataScopeSchema, ROLE_CODE_PATTERN, type DataScope } from '@shared/entities/role';
import { USERNAME_PATTERN } from '@shared/entities/user';
import { z } from 'zod';
import type { ResourceRow } from '../../crud/types';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const idOrNull = (v: string | undefined) => (v ? Number(v) : null);
const intOr0 = z
  .union([z.number(), z.string()])
  .transform((v) => (v === '' ? 0 : Number(v)))
  .pipe(z.number().int('kit.invalidInput'));

export const deptSchema = z.object({ name: z.string().trim().min(1, 'resources.required').max(128), parent_id: z.string().optional(), sort: intOr0 });
export type DeptForm = z.input<typeof deptSchema>;
export const deptEmpty = (parentId: string): DeptForm => ({ name: '', parent_id: parentId, sort: 0 });
export const deptToForm = (row: ResourceRow): DeptForm => ({ name: s(row.name), parent_id: s(row.parent_id), sort: Number(row.sort ?? 0) });
export const deptToBody = (v: DeptForm) => ({ name: v.name, parent_id: idOrNull(v.parent_id), sort: Number(v.sort || 0) });

export const resourceSchema = z.object({
  code: z.string().trim().min(1, 'resources.required').max(128),
  name: z.string().trim().min(1, 'resources.required').max(128),
  kind: z.enum(RESOURCE_KINDS),
  path: z.string().max(255).optional(),
  icon: z.string().max(64).optional(),
  parent_id: z.string().optional(),
  sort: intOr0,
});
export type ResourceForm = z.input<typeof resourceSchema>;
export const resourceEmpty = (parentId: string): ResourceForm => ({ code: '', name: '', kind: 'menu', path: '', icon: '', parent_id: parentId, sort: 0 });
export const resourceToForm = (row: ResourceRow): ResourceForm => ({
  code: s(row.code),
  name: s(row.name),
  kind: row.kind === 'api' ? 'api' : 'menu',
  path: s(row.path),
  icon: s(row.icon),
  parent_id: s(row.parent_id),
  sort: Number(row.sort ?? 0),
});
export const resourceToBody = (v: ResourceForm) => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  path: v.path || null,
  icon: v.icon || null,
  parent_id: idOrNull(v.parent_id),
  sort: Number(v.sort || 0),
});

export const roleSchema = z.object({
  code: z.string().trim().regex(ROLE_CODE_PATTERN, 'admin.codeRule'),
  name: z.string().trim().min(1, 'resources.required').max(128),
  description: z.string().max(500).optional(),
  permissions: z.array(z.string()),
  data_scope: dataScopeSchema,
});
export type RoleForm = z.infer<typeof roleSchema>;
export const roleEmpty: RoleForm = { code: '', name: '', description: '', permissions: [], data_scope: 'all' };
export const roleToForm = (row: ResourceRow): RoleForm => ({
  code: s(row.code),
  name: s(row.name),
  description: s(row.description),
  permissions: Array.isArray(row.permissions) ? (row.permissions as string[]) : [],
  data_scope: dataScopeSchema.safeParse(row.data_scope).data ?? 'all',
});
export const roleToBody = (v: RoleForm) => ({
  code: v.code,
  name: v.name,
  description: v.description || null,
  permissions: v.permissions,
  data_scope: v.data_scope satisfies DataScope,
});

/** Account form; the password is required for a new account only (checked by the screen's schema choice). */
const userBase = {
  username: z.string().trim().regex(USERNAME_PATTERN, 'admin.usernameRule'),
  name: z.string().trim().min(1, 'resources.required').max(128),
  phone: z.string().max(32).optional(),
  email: z.union([z.literal(''), z.email('kit.invalidInput')]).optional(),
  dept_id: z.string().optional(),
  is_active: z.enum(['1', '0']),
  role_ids: z.array(z.string()),
};
export const newUserSchema = z.object({ ...userBase, password: z.string().min(8, 'admin.passwordRule') });
export const editUserSchema = z.object({ ...userBase, password: z.union([z.literal(''), z.string().min(8, 'admin.passwordRule')]).optional() });
export type UserForm = z.infer<typeof editUserSchema>;
export const userEmpty: UserForm = { username: '', name: '', password: '', phone: '', email: '', dept_id: '', is_active: '1', role_ids: [] };
export const userToForm = (row: ResourceRow): UserForm => ({
  username: s(row.username),
  name: s(row.name),
  password: '',
  phone: s(row.phone),
  email: s(row.email),
  dept_id: s(row.dept_id),
  is_active: row.is_active === 0 ? '0' : '1',
  role_ids: Array.isArray(row.role_ids) ? (row.role_ids as number[]).map(String) : [],
});
export const userToBody = (v: UserForm) => ({
  username: v.username,
  name: v.name,
  ...(v.password ? { password: v.password } : {}),
  phone: v.phone || null,
  email: v.email || null,
  dept_id: idOrNull(v.dept_id),
  is_active: Number(v.is_active),
  role_ids: v.role_ids.map(Number),
});
