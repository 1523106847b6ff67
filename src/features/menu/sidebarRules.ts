export const SIDEBAR_COLLAPSE_WIDTH = 1500;

/**
 * Sidebar state after the window was resized: it collapses when the window becomes narrower than 1500 px and
 * opens again when it becomes wide enough; between those crossings the user's own toggle is kept.
 */
export function collapsedAfterResize(previousWidth: number | null, width: number, collapsed: boolean): boolean {
  const narrow = width < SIDEBAR_COLLAPSE_WIDTH;
  const wasNarrow = previousWidth === null ? null : previousWidth < SIDEBAR_COLLAPSE_WIDTH;
  return narrow === wasNarrow ? collapsed : narrow;
}
