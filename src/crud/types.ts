import type { CollectionRows } from '@shared/entities/collections';

export type { FieldError, ListResult } from '../api/types';

/** A collection the kit lists and saves (shared/entities/collections.ts). */
export type CollectionName = keyof CollectionRows;
/** The row of a collection: the type of its shared row schema. */
export type RowOf<R extends CollectionName> = CollectionRows[R];
/** A row of some collection: what the resources slice holds, under a name only the screen reading it resolves. */
export type AnyRow = RowOf<CollectionName>;
/** A list state of collection R: its own name, or a view of it after "@" (see baseResource). */
export type ResourceKey<R extends CollectionName = CollectionName> = R | `${R}@${string}`;

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
