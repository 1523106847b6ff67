import { sql, type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { issueReason } from '@shared/validationIssues';
import { dialectOf } from '../db/database';
import { searchDocument, searchIndexNames } from '../db/searchIndex';
import { nowIso } from '../db/time';
import type { Database } from '../db/schema';

export type TableName = keyof Database;
export type ColumnOf<TB extends TableName> = keyof Database[TB] & string;

/** What a list endpoint allows: searched columns, orderable columns, field filters. Everything else is a 400. */
export interface ListSpec<TB extends TableName> {
  table: TB;
  /** Columns searched with a case-insensitive substring match by `search`. */
  search: ColumnOf<TB>[];
  /** Columns accepted by `ordering` (optionally "-" prefixed for descending). */
  order: ColumnOf<TB>[];
  /** Default ordering, e.g. "-created_at". */
  defaultOrder: string;
  /**
   * The table has the substring-search index of server/db/searchIndex.ts over exactly the `search` columns
   * (migration 090), or over the columns listed (which hold every text the search reads, e.g. a text written per
   * reader: notices, migration 103): searches of 3+ characters are answered through it (FTS5 trigram on SQLite,
   * pg_trgm GIN on PostgreSQL) and re-checked per searched text; shorter ones, which no trigram index serves, scan.
   */
  searchIndex?: true | ColumnOf<TB>[];
  /** Exact-match filters by query parameter name: integer or string columns. */
  filters?: Partial<Record<ColumnOf<TB>, 'int' | 'string'>>;
  /**
   * Day-range filters on timestamp columns by parameter prefix: `{ takeoff: 'takeoff_at' }` accepts `takeoff_from`
   * and `takeoff_to` (YYYY-MM-DD, UTC days, both inclusive, as /chartinfo/ counts them).
   */
  ranges?: Record<string, ColumnOf<TB>>;
}

export const DAY_MS = 86_400_000;
/** Start of a UTC day in milliseconds. */
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Real calendar days only: Date.parse would roll 2031-02-30 over into March. */
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayStartMs(text)) && nowIso(dayStartMs(text)).startsWith(text);
/** A calendar day as the API takes it (UTC). */
export const daySchema = z
  .string()
  .refine(isDay, { message: 'must be a date YYYY-MM-DD', params: issueReason({ code: 'field.invalid_format', params: { format: 'date' } }) });

export const PAGE_SIZE_MAX = 100;

export interface ListQuery {
  page: number;
  page_size: number;
  search?: string;
  ordering?: string;
  filters: Record<string, string | number>;
  /** Half-open timestamp ranges: column >= from and column < to (ISO, UTC). */
  ranges: { column: string; from?: string; to?: string }[];
}

/**
 * The zod schema of a list endpoint's query string, built from its spec (also documents it in OpenAPI); `extra`
 * adds parameters an entity interprets itself (e.g. notices' `published`).
 */
export function listQuerySchema<TB extends TableName>(spec: ListSpec<TB>, extra: z.ZodRawShape = {}) {
  const orderValues = spec.order.flatMap((c) => [c, `-${c}`]) as [string, ...string[]];
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, kind] of Object.entries(spec.filters ?? {})) {
    filterShape[name] = kind === 'int' ? z.coerce.number().int().optional() : z.string().max(64).optional();
  }
  const prefixes = Object.keys(spec.ranges ?? {});
  for (const prefix of prefixes) {
    filterShape[`${prefix}_from`] = daySchema.optional();
    filterShape[`${prefix}_to`] = daySchema.optional();
  }
  return z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
      search: z.string().max(100).optional(),
      ordering: z.enum(orderValues).optional(),
      ...filterShape,
      ...extra,
    })
    .superRefine((query, ctx) => {
      for (const prefix of prefixes) {
        const from = (query as Record<string, unknown>)[`${prefix}_from`];
        const to = (query as Record<string, unknown>)[`${prefix}_to`];
        if (typeof from === 'string' && typeof to === 'string' && to < from)
          ctx.addIssue({
            code: 'custom',
            path: [`${prefix}_to`],
            message: `must not be before ${prefix}_from`,
            params: issueReason({ code: 'field.before', params: { other: `${prefix}_from` } }),
          });
      }
    });
}

export function toListQuery(spec: ListSpec<TableName>, parsed: Record<string, unknown>): ListQuery {
  const filters: Record<string, string | number> = {};
  for (const name of Object.keys(spec.filters ?? {})) {
    const value = parsed[name];
    if (value !== undefined && value !== '') filters[name] = value as string | number;
  }
  const ranges = Object.entries(spec.ranges ?? {}).flatMap(([prefix, column]) => {
    const from = parsed[`${prefix}_from`] as string | undefined;
    const to = parsed[`${prefix}_to`] as string | undefined;
    if (!from && !to) return [];
    return [{ column: column as string, from: from && nowIso(dayStartMs(from)), to: to && nowIso(dayStartMs(to) + DAY_MS) }];
  });
  return {
    page: parsed.page as number,
    page_size: parsed.page_size as number,
    search: (parsed.search as string | undefined) || undefined,
    ordering: parsed.ordering as string | undefined,
    filters,
    ranges,
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many of a search's trigrams the FTS query asks for: two rare ones narrow as well as all of them, at a fraction of the cost. */
const NARROWING_TRIGRAMS = 2;

/**
 * The distinct trigrams of a search text (by code point), lower-cased as the database's lower() keys the trigram
 * counts: ASCII only on SQLite, every letter on PostgreSQL. Both indexes fold case themselves, so any of these finds
 * every row holding the text.
 */
export function searchTrigrams(text: string, fold: 'ascii' | 'unicode' = 'ascii'): string[] {
  const chars = [...(fold === 'unicode' ? text.toLowerCase() : text.replace(/[A-Z]/g, (c) => c.toLowerCase()))];
  return [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
}

/** The `limit` trigrams in the fewest rows (a trigram without a count is in none), in their order in the search text on ties. */
export function rarestTrigrams(trigrams: string[], rowCounts: ReadonlyMap<string, number>, limit = NARROWING_TRIGRAMS): string[] {
  const rows = (trigram: string) => rowCounts.get(trigram) ?? 0;
  return [...trigrams].sort((a, b) => rows(a) - rows(b)).slice(0, limit);
}

/** An FTS5 query for rows holding every one of these texts, each quoted so it is taken literally. */
export function ftsAllOf(texts: string[]): string {
  return texts.map((text) => `"${text.replace(/"/g, '""')}"`).join(' AND ');
}

/** pg_trgm indexes only letters and digits: a trigram without one narrows nothing there. */
const PG_INDEXED_TRIGRAM = /[\p{L}\p{N}]/u;

/**
 * The two rarest trigrams of `search` in `table`'s searched columns, by its trigram counts: asking the index for
 * them narrows as well as asking for all of them, without walking the row lists of the common ones (every serial
 * starting "1581F5FH" shares nine). On PostgreSQL only trigrams pg_trgm indexes are candidates.
 */
async function narrowingTrigrams(db: Kysely<Database>, table: TableName, search: string, postgres: boolean): Promise<string[]> {
  const trigrams = searchTrigrams(search, postgres ? 'unicode' : 'ascii').filter((t) => !postgres || PG_INDEXED_TRIGRAM.test(t));
  if (trigrams.length === 0) return [];
  const { rows } = await sql<{
    trigram: string;
    rows: number;
  }>`select trigram, rows from ${sql.table(searchIndexNames(table).trigramCounts)} where trigram in (${sql.join(trigrams)})`.execute(db);
  return rarestTrigrams(trigrams, new Map(rows.map((r) => [r.trigram, Number(r.rows)])));
}

/** Trigram indexes serve search texts of at least this many characters (code points); shorter ones scan. */
export const INDEXED_SEARCH_MIN_LENGTH = 3;

/** How a list asks its caller's scope for conditions: `indexed: false` for a form no index serves (see withDataScope). */
export interface ScopeUse {
  indexed: boolean;
}
/**
 * What a list's search reads in place of a searched column, for one request (e.g. a text written per reader, as the
 * list shows it); a list with a search index over its searched columns takes none (its index is over the columns).
 */
export type SearchedTexts<TB extends TableName> = Partial<Record<ColumnOf<TB>, RawBuilder<unknown>>>;

/** The caller's narrowing of a list (data scope, per-entity rules, its own filters). */
export type ListScope<TB extends TableName> = (qb: SelectQueryBuilder<Database, TB, object>, use: ScopeUse) => SelectQueryBuilder<Database, TB, object>;

/**
 * SQLite pages along the ordering's index, the scope only checked on the rows it passes, when that reads at most
 * this many rows or fewer than the matches (an estimate: the matches spread evenly over the table). Otherwise, and
 * without statistics SQLite always does this, it fetches every row the scope's indexes give and sorts the matches.
 */
const WALK_BUDGET_ROWS = 10_000;

/** Columns named at run time (only from a spec's whitelists): the list query sees rows of unknown columns. */
export type UntypedSelect = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

const isSearching = <TB extends TableName>(spec: ListSpec<TB>, query: ListQuery) => Boolean(query.search && spec.search.length > 0);

/**
 * The rows a list query matches, before ordering and paging: its filters, ranges, `scope`, and the case-insensitive
 * substring search (LIKE on SQLite, lower(col) LIKE on PostgreSQL), narrowed through the list's search index when
 * it has one and the text is long enough.
 */
export async function matchingRows<TB extends TableName>(
  db: Kysely<Database>,
  spec: ListSpec<TB>,
  query: ListQuery,
  scope?: ListScope<TB>,
  use: ScopeUse = { indexed: true },
  searched: SearchedTexts<TB> = {},
): Promise<UntypedSelect> {
  // Dynamic column names come only from the spec's whitelists; the untyped builder keeps this one helper generic.
  let base = db.selectFrom(spec.table as TableName) as unknown as SelectQueryBuilder<Database, TB, object>;
  if (scope) base = scope(base, use);
  let qb = base as unknown as UntypedSelect;
  for (const [name, value] of Object.entries(query.filters)) qb = qb.where(sql.ref(`${spec.table}.${name}`), '=', value);
  for (const { column, from, to } of query.ranges) {
    if (from) qb = qb.where(sql.ref(`${spec.table}.${column}`), '>=', from);
    if (to) qb = qb.where(sql.ref(`${spec.table}.${column}`), '<', to);
  }
  if (!isSearching(spec, query)) return qb;
  const postgres = dialectOf(db) === 'postgres';
  const pattern = likePattern(query.search!);
  // SQLite's LIKE ignores ASCII case by itself (and CJK has none), so the column is compared as is and no
  // function runs per row; PostgreSQL compares lower(column) with lower(pattern).
  const fold = (text: RawBuilder<unknown>) => (postgres ? sql`lower(${text})` : text);
  const like = (text: RawBuilder<unknown>, likeText: string) => sql<SqlBool>`${text} like ${fold(sql.val(likeText))} escape '\\'`;
  const columns = spec.search.map((c) => searched[c] ?? sql.ref(`${spec.table}.${c}`));
  const indexed = Array.isArray(spec.searchIndex) ? spec.searchIndex.map((column) => sql.ref(`${spec.table}.${column}`)) : undefined;
  // Texts written per request are costly to write: the stored columns that hold them all come first, so a search too
  // short for the index writes them only for the rows whose stored texts hold it.
  if (indexed) qb = qb.where((eb) => eb.or(indexed.map((column) => like(fold(column), pattern))));
  if (spec.searchIndex && [...query.search!].length >= INDEXED_SEARCH_MIN_LENGTH) {
    const narrowing = await narrowingTrigrams(db, spec.table, query.search!, postgres);
    if (postgres) {
      // The GIN index is over the columns as one text (searchDocument): each rare trigram is one condition it answers.
      const document = searchDocument(indexed ?? columns);
      for (const trigram of narrowing) qb = qb.where(like(document, likePattern(trigram)));
    } else if (narrowing.length > 0) {
      const { fts } = searchIndexNames(spec.table);
      qb = qb.where(sql.ref(`${spec.table}.id`), 'in', sql`(select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsAllOf(narrowing)})`);
    }
  }
  // PostgreSQL plans a text written per request as costly and as matching almost nothing (subqueries, no statistics),
  // and that misled its plan for the rest (e.g. the unread rule's read-mark lookup as a scan of all marks per notice,
  // 10 s at 100k notices): the rows the stored texts and the other conditions leave are found first, planned alone
  // (a materialized CTE under the table's name), and only they are checked against the texts as written.
  const writtenPerRequest = spec.search.some((column) => searched[column] !== undefined);
  if (postgres && writtenPerRequest)
    qb = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .with(
        (cte) => cte(spec.table as string).materialized(),
        () => qb.selectAll(spec.table) as never,
      )
      .selectFrom(spec.table) as unknown as UntypedSelect;
  // Exactly the rows one column of which holds the text; the index above only narrows the rows this is checked on.
  return qb.where((eb) => eb.or(columns.map((column) => like(fold(column), pattern))));
}

/** SQLite: about how many rows `table` holds (its highest id: one index probe, never a count). */
async function estimatedRows(db: Kysely<Database>, table: TableName): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max(sql.ref(`${table}.id`)).as('top'))
    .executeTakeFirst();
  return Number((row as { top?: unknown } | undefined)?.top ?? 0);
}

/**
 * The one list implementation behind every list endpoint: the matching rows (matchingRows), ordering from the
 * whitelist plus id as tie-breaker, paging; returns the page and the total. `scope` may narrow the query further
 * (e.g. per-user rows); `kept` answers the total of a query without a search instead of a count of the rows, when
 * it can (undefined: counted).
 */
export async function listRows<TB extends TableName>(
  db: Kysely<Database>,
  spec: ListSpec<TB>,
  query: ListQuery,
  scope?: ListScope<TB>,
  searched?: SearchedTexts<TB>,
  kept?: () => Promise<number> | undefined,
): Promise<{ items: Selectable<Database[TB]>[]; total: number }> {
  const qb = await matchingRows(db, spec, query, scope, { indexed: true }, searched);
  const searching = isSearching(spec, query);
  const postgres = dialectOf(db) === 'postgres';
  const ordering = query.ordering ?? spec.defaultOrder;
  const desc = ordering.startsWith('-');
  const column = desc ? ordering.slice(1) : ordering;
  const page = (q: UntypedSelect) =>
    q
      .orderBy(sql.ref(`${spec.table}.${column}`), desc ? 'desc' : 'asc')
      .orderBy(sql.ref(`${spec.table}.id`), desc ? 'desc' : 'asc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
  const counted = async () =>
    Number(((await qb.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst()) as { total?: unknown } | undefined)?.total ?? 0);
  const count = () => (searching ? undefined : kept?.()) ?? counted();

  // The total rides on every matching row; a page past the end has none, so it is counted apart.
  const totalOf = async (firstHit: { __total?: unknown } | undefined) => (firstHit ? Number(firstHit.__total) : query.page > 1 ? await count() : 0);

  let items: Record<string, unknown>[];
  let total: number;
  if (searching) {
    // One pass over the matches yields the page's ids and the total (count(*) over the matches); only the page's
    // rows are then read whole (a row deleted between the two is left out of the page). Sorting whole rows was
    // slower: in-process SQLite sorted hundreds of them slower than it runs that second query, and PostgreSQL spilled
    // 25k matching notices to disk to count them.
    const hits = (await page(qb.select([sql.ref(`${spec.table}.id`).as('id'), sql<number>`count(*) over ()`.as('__total')])).execute()) as {
      id: number;
      __total: unknown;
    }[];
    total = await totalOf(hits[0]);
    const ids = hits.map((hit) => hit.id);
    const rows =
      ids.length > 0
        ? ((await db
            .selectFrom(spec.table as TableName)
            .selectAll()
            .where(sql.ref(`${spec.table}.id`), 'in', ids)
            .execute()) as Record<string, unknown>[])
        : [];
    const rowsById = new Map(rows.map((row) => [Number(row.id), row]));
    items = ids.flatMap((id) => rowsById.get(Number(id)) ?? []) as Record<string, unknown>[];
  } else if (postgres) {
    // Without a search the planner, which has statistics, walks the ordering index or the filters' for the page.
    [total, items] = await Promise.all([count(), page(qb.selectAll(spec.table)).execute() as Promise<Record<string, unknown>[]>]);
  } else {
    // SQLite has no statistics to choose between the ordering's index and the scope's: the count (through the scope's
    // indexes, which suit it) tells how many rows a walk along the ordering reads before the page is full.
    total = await count();
    const through = query.page * query.page_size;
    if (total === 0 || through - query.page_size >= total) items = [];
    else {
      const tableRows = await estimatedRows(db, spec.table);
      const walked = (through * tableRows) / total;
      const walk = walked <= Math.max(total, WALK_BUDGET_ROWS);
      const rows = walk && scope ? await matchingRows(db, spec, query, scope, { indexed: false }, searched) : qb;
      items = (await page(rows.selectAll(spec.table)).execute()) as Record<string, unknown>[];
    }
  }
  return { items: items as Selectable<Database[TB]>[], total };
}
