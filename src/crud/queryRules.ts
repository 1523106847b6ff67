import { DEFAULT_QUERY, PAGE_SIZE_OPTIONS, type ResourceQuery } from './types';

export type QueryPatch = Partial<Omit<ResourceQuery, 'filters'>> & { filters?: Record<string, string | undefined> };

/** Applies a change to a list query: a new search, filter, ordering or page size starts again from page 1. */
export function mergeQuery(query: ResourceQuery, patch: QueryPatch): ResourceQuery {
  const filters = { ...query.filters };
  for (const [key, value] of Object.entries(patch.filters ?? {})) {
    if (value === undefined || value === '') delete filters[key];
    else filters[key] = value;
  }
  const next: ResourceQuery = { ...query, ...patch, filters };
  const restart =
    (patch.search !== undefined && patch.search !== query.search) ||
    (patch.ordering !== undefined && patch.ordering !== query.ordering) ||
    (patch.pageSize !== undefined && patch.pageSize !== query.pageSize) ||
    JSON.stringify(filters) !== JSON.stringify(query.filters);
  if (restart && patch.page === undefined) next.page = 1;
  return next;
}

/** The API's list parameters (page, page_size, search, ordering, filters by name). */
export function queryToApiParams(query: ResourceQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, page_size: query.pageSize };
  if (query.search) params.search = query.search;
  if (query.ordering) params.ordering = query.ordering;
  return { ...query.filters, ...params };
}

const RESERVED = new Set(['page', 'page_size', 'search', 'ordering']);

/** URL query → list query; anything malformed falls back to the default, never an error. */
export function queryFromSearchParams(search: string | URLSearchParams, defaults: ResourceQuery = DEFAULT_QUERY): ResourceQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  const filters: Record<string, string> = { ...defaults.filters };
  params.forEach((value, key) => {
    if (!RESERVED.has(key) && value) filters[key] = value;
  });
  return {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    pageSize: PAGE_SIZE_OPTIONS.includes(pageSize) ? pageSize : defaults.pageSize,
    search: params.get('search') ?? defaults.search,
    ordering: /^-?[A-Za-z_][\w.]*$/.test(params.get('ordering') ?? '') ? params.get('ordering')! : defaults.ordering,
    filters,
  };
}

/**
 * List query → URL query, leaving out what equals the default so shared links stay short, except the `pinned`
 * filters: a default that moves with time (e.g. "the last 30 days") must be spelled out for a link to keep its view.
 */
export function queryToSearchParams(query: ResourceQuery, defaults: ResourceQuery = DEFAULT_QUERY, pinned: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== defaults.page) params.set('page', String(query.page));
  if (query.pageSize !== defaults.pageSize) params.set('page_size', String(query.pageSize));
  if (query.search !== defaults.search) params.set('search', query.search);
  if (query.ordering !== defaults.ordering) params.set('ordering', query.ordering);
  for (const key of Object.keys(query.filters).sort())
    if (pinned.includes(key) || query.filters[key] !== defaults.filters[key]) params.set(key, query.filters[key]);
  return params;
}

export function sameQuery(a: ResourceQuery, b: ResourceQuery): boolean {
  return queryToSearchParams(a).toString() === queryToSearchParams(b).toString();
}

/** The list parameter a link focuses one row by (`#/Task/UAV?id=19`): the list holds that row, selected. */
export const FOCUS_PARAM = 'id';

/** A record id as a link names it: a positive whole number, else none. Pure. */
export function linkedId(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^[1-9][0-9]{0,14}$/.test(value)) return null;
  return Number(value);
}

/** The row a list query focuses (its `id` filter, from a link), null when none. Pure. */
export const focusedId = (query: ResourceQuery): number | null => linkedId(query.filters[FOCUS_PARAM]);

/** The address of a list page focused on one row (hash router path, e.g. `/Task/UAV?id=19`). */
export const focusLink = (path: string, id: number) => `${path}?${FOCUS_PARAM}=${id}`;
