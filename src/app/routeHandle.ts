import type { UIMatch } from 'react-router-dom';

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

export function deepestHandle(matches: UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}
