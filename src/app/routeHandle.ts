import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';

/** Metadata every route carries in its react-router handle. */
export interface RouteHandle {
  /** Stable route name (also the tab name). */
  name: string;
  /** i18n key of the page title. */
  title: string;
  requireAuth?: boolean;
  /** Shown as a tab in the main shell. */
  tab?: boolean;
}

/** The innermost handle with a title: the page's own, not its layout's. */
export function deepestHandle(handles: readonly RouteHandle[]): RouteHandle | undefined {
  for (let i = handles.length - 1; i >= 0; i -= 1) {
    if (handles[i].title) return handles[i];
  }
  return undefined;
}

/** The route table the app renders, so components can read the handles of the routes matching the location. */
export const RoutesContext = createContext<RouteObject[]>([]);

/** Handles of the routes matching the current location, outermost first. */
export function useRouteHandles(): RouteHandle[] {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  return useMemo(() => (matchRoutes(routes, pathname) ?? []).flatMap((m) => (m.route.handle ? [m.route.handle as RouteHandle] : [])), [routes, pathname]);
}
