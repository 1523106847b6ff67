import { grants, type PermissionCode } from '@shared/permissions';
import type { RootState } from '../../app/rootReducer';

/** null = the server did not say (an older /logininfo/): nothing is hidden, the server still answers 403. */
export type Permissions = readonly string[] | null;

/** True when granted codes cover `code`; when the server did not say, nothing is hidden. */
export const allows = (granted: Permissions, code: PermissionCode): boolean => granted === null || grants(granted, code);

/** The signed-in user's permission codes (from /logininfo/). */
export const selectPermissions = (state: RootState): Permissions => state.auth.user?.permissions ?? null;

/** Whether the signed-in user holds `code`: write controls, pick lists and the QA panel are left out without it. */
export const selectCan = (state: RootState, code: PermissionCode): boolean => allows(selectPermissions(state), code);
