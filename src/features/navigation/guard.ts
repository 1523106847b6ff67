import type { Permissions } from '../auth';
import { canOpenPath } from './permissions';

export interface NavigationContext {
  path: string;
  /** The ?redirect= of the location: where a login should continue to. */
  redirectParam?: string | null;
  loggedIn: boolean;
  /** window.djiBridge exists: the page runs inside the remote controller's app. */
  insideBridge: boolean;
  /** The matched route is marked requireAuth. */
  requireAuth: boolean;
  firstMenuPath: string;
  /** The user's permission codes (null: unknown, nothing is refused here; the server still answers 403). */
  permissions?: Permissions;
}

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; message?: { key: string; severity: 'info' | 'warning' } }
  /** A page the user's role may not open: the 403 page is shown in its place. */
  | { action: 'forbidden' };

export const CONTROLLER_PREFIX = '/djiapp';
export const CONTROLLER_HOME = '/djiapp/home';
export const CONTROLLER_LOGIN = '/djiapp/login';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

export const isControllerPath = (path: string) => path === CONTROLLER_PREFIX || path.startsWith(`${CONTROLLER_PREFIX}/`);

/** Only same-app paths are followed after login, never another site or the login page itself. */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith(LOGIN_PATH) ? target : HOME_PATH;
}

/** The navigation guard of spec §2, as one pure decision. */
export function decideNavigation({
  path,
  redirectParam,
  loggedIn,
  insideBridge,
  requireAuth,
  firstMenuPath,
  permissions = null,
}: NavigationContext): NavigationDecision {
  if (insideBridge && !isControllerPath(path)) return { action: 'redirect', to: loggedIn ? CONTROLLER_HOME : CONTROLLER_LOGIN };
  if (insideBridge && loggedIn && path === CONTROLLER_LOGIN) return { action: 'redirect', to: CONTROLLER_HOME };
  // The controller screens use the platform API: on the controller, signing in comes first (its own login, not /login).
  if (insideBridge && !loggedIn && path !== CONTROLLER_LOGIN) return { action: 'redirect', to: CONTROLLER_LOGIN };
  if (!insideBridge && isControllerPath(path)) {
    return { action: 'redirect', to: HOME_PATH, message: { key: 'guard.openOnController', severity: 'info' } };
  }
  // Signing in lands here too: the guard sends the user on to the page they were asked to log in for.
  if (path === LOGIN_PATH && loggedIn) return { action: 'redirect', to: safeRedirect(redirectParam) };
  if (requireAuth && !loggedIn) return { action: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}` };
  if (path === HOME_PATH) return { action: 'redirect', to: firstMenuPath };
  if (loggedIn && !canOpenPath(path, permissions)) return { action: 'forbidden' };
  return { action: 'allow' };
}
