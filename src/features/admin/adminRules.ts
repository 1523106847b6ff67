import { departmentInputSchema, type Department } from '@shared/entities/department';
import { resourceInputSchema, type Resource } from '@shared/entities/resource';
import { roleInputSchema, type Role } from '@shared/entities/role';
import { userInputSchema, type User } from '@shared/entities/user';
import { z } from 'zod';
import { blankAsNull, idText, numberInput, optionalPick } from '../../crud/formFields';

/**
 * The admin forms over the shared inputs of departments, permission resources, roles and users: the console maps its
 * fields (parents and departments picked as text, "" for none, numbers typed as text) and words a few rules itself;
 * every limit is the shared input's.
 */

export const deptSchema = departmentInputSchema.extend({
  parent_id: optionalPick(departmentInputSchema.shape.parent_id),
  sort: numberInput(departmentInputSchema.shape.sort.unwrap()),
});
export type DeptForm = z.input<typeof deptSchema>;
export const deptEmpty = (parentId: string): DeptForm => ({ name: '', parent_id: parentId, sort: 0 });
export const deptToForm = (row: Department): DeptForm => ({ name: row.name, parent_id: idText(row.parent_id), sort: row.sort });

export const resourceSchema = resourceInputSchema.extend({
  path: blankAsNull(resourceInputSchema.shape.path),
  icon: blankAsNull(resourceInputSchema.shape.icon),
  parent_id: optionalPick(resourceInputSchema.shape.parent_id),
  sort: numberInput(resourceInputSchema.shape.sort.unwrap()),
});
export type ResourceForm = z.input<typeof resourceSchema>;
export const resourceEmpty = (parentId: string): ResourceForm => ({ code: '', name: '', kind: 'menu', path: '', icon: '', parent_id: parentId, sort: 0 });
export const resourceToForm = (row: Resource): ResourceForm => ({
  code: row.code,
  name: row.name,
  kind: row.kind,
  path: row.path ?? '',
  icon: row.icon ?? '',
  parent_id: idText(row.parent_id),
  sort: row.sort,
});

export const roleSchema = roleInputSchema.extend({
  description: blankAsNull(roleInputSchema.shape.description),
  data_scope: roleInputSchema.shape.data_scope.unwrap(),
});
export type RoleForm = z.input<typeof roleSchema>;
export const roleEmpty: RoleForm = { code: '', name: '', description: '', permissions: [], data_scope: 'all' };
export const roleToForm = (row: Role): RoleForm => ({
  code: row.code,
  name: row.name,
  description: row.description ?? '',
  permissions: row.permissions,
  data_scope: row.data_scope,
});
/** The role code's pattern in the console's words (the server words it in English). */
export const ROLE_FORM_MESSAGES = { code: 'admin.codeRule' } as const;

/** Account form; the password is required for a new account only (checked by the screen's schema choice). */
const userForm = userInputSchema.extend({
  phone: blankAsNull(userInputSchema.shape.phone),
  email: blankAsNull(userInputSchema.shape.email),
  dept_id: optionalPick(userInputSchema.shape.dept_id),
  is_active: z
    .enum(['1', '0'])
    .transform((active): number | undefined => Number(active))
    .pipe(userInputSchema.shape.is_active),
  role_ids: z
    .array(z.string())
    .transform((ids): number[] | undefined => ids.map(Number))
    .pipe(userInputSchema.shape.role_ids),
});
export const newUserSchema = userForm.extend({ password: userInputSchema.shape.password.unwrap() });
export const editUserSchema = userForm.extend({
  password: z
    .string()
    .optional()
    .transform((password) => password || undefined)
    .pipe(userInputSchema.shape.password),
});
export type UserForm = z.input<typeof editUserSchema>;
/** An account's body: a new one's (with its password) is one of these too. */
export type UserBody = z.output<typeof editUserSchema>;
export const userEmpty: UserForm = { username: '', name: '', password: '', phone: '', email: '', dept_id: '', is_active: '1', role_ids: [] };
export const userToForm = (row: User): UserForm => ({
  username: row.username,
  name: row.name,
  password: '',
  phone: row.phone ?? '',
  email: row.email ?? '',
  dept_id: idText(row.dept_id),
  is_active: row.is_active === 0 ? '0' : '1',
  role_ids: row.role_ids.map(String),
});
/** The username's pattern and the password's length in the console's words. */
export const USER_FORM_MESSAGES = { username: 'admin.usernameRule', password: 'admin.passwordRule' } as const;
