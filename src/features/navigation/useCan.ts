import type { PermissionCode } from '@shared/permissions';
import { useAppSelector } from '../../app/hooks';
import { allows, selectPermissions } from './permissions';

/** Whether the signed-in user holds a permission code (buttons are hidden without it). */
export function useCan(code: PermissionCode): boolean {
  return useAppSelector((s) => allows(selectPermissions(s), code));
}
