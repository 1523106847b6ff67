import { createContext, useContext } from 'react';

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

/** Handles of the routes matching the current location, outermost first (provided by AppRoutes, which matches once). */
export const RouteHandlesContext = createContext<RouteHandle[]>([]);

export const useRouteHandles = (): RouteHandle[] => useContext(RouteHandlesContext);
