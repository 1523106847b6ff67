import { useAppSelector } from '../../app/hooks';
import { grants, selectPermissions } from './permissions';

/** Whether the signed-in user holds a permission code (buttons are hidden without it). */
export function useCan(code: string): boolean {
  return useAppSelector((s) => grants(selectPermissions(s), code));
}
