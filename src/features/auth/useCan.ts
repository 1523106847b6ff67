import type { PermissionCode } from '@shared/permissions';
import { useAppSelector } from '../../app/hooks';
import { selectCan } from './permissions';

/** Whether the signed-in user holds a permission code: a control they may not use is absent, not refused on save. */
export function useCan(code: PermissionCode): boolean {
  return useAppSelector((s) => selectCan(s, code));
}
