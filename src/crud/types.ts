export type { FieldError, ListResult, ResourceRow } from '../api/types';

/** The list query every list screen shares: server-side paging, ordering, search and field filters. */
export interface ResourceQuery {
  page: number;
  pageSize: number;
  search: string;
  /** Field name, "-" prefixed for descending (e.g. "-created_at"); empty for the server's default. */
  ordering: string;
  filters: Record<string, string>;
}

/**
 * A name may carry a view after "@" (e.g. "project@options", "notice@inbox"): the same collection, with a list
 * state of its own (its own query, items and detail), so a select's options do not disturb the screen's table.
 */
export const baseResource = (name: string) => name.split('@')[0];

export const DEFAULT_QUERY: ResourceQuery = { page: 1, pageSize: 20, search: '', ordering: '', filters: {} };
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
