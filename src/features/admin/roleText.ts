import type { TFunction } from 'i18next';
import { isSeededRoleText } from '@shared/builtinRoles';

/** A role's name or description as shown: a built-in role's seeded text in the app language, an edited one as written. */
export function roleText(t: TFunction, role: { code?: unknown }, field: 'name' | 'description', value: unknown): string {
  if (isSeededRoleText(role.code, field, value)) return t(`admin.builtinRoles.${role.code}.${field}`);
  return typeof value === 'string' ? value : '';
}
