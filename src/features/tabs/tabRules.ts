export interface Tab {
  /** Route name, stable across languages. */
  name: string;
  /** i18n key of the label. */
  title: string;
  path: string;
}

export const TAB_LIMIT = 8;

/** Opening a page: an open tab stays where it is; a new one is appended and the oldest goes at the limit. */
export function openTab(tabs: readonly Tab[], tab: Tab, limit = TAB_LIMIT): Tab[] {
  if (tabs.some((t) => t.path === tab.path)) return tabs.map((t) => (t.path === tab.path ? tab : t));
  const next = [...tabs, tab];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Where to go after closing a tab: nowhere unless it was the page on screen; then its right, else left neighbour, else home. */
export function pathAfterClosing(tabsBefore: readonly Tab[], activePath: string | null, closedPath: string): string | null {
  if (closedPath !== activePath) return null;
  const index = tabsBefore.findIndex((t) => t.path === closedPath);
  const neighbour = tabsBefore[index + 1] ?? tabsBefore[index - 1];
  return neighbour && neighbour.path !== closedPath ? neighbour.path : '/';
}
