import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The substring-search index of a list's searched columns (issue 35), one shape for every searched table:
 *
 * - SQLite: an external-content FTS5 table with the trigram tokenizer over the columns (rowid = id) and a table of
 *   how many rows hold each trigram, both kept by triggers; the list helper asks FTS5 for the rows holding the two
 *   rarest trigrams of a search of 3+ characters, then re-checks them with LIKE (devices got theirs in 003/004, in
 *   this very shape and under these names).
 * - PostgreSQL: one pg_trgm GIN index over the lower-cased columns joined into one text (`searchDocument`): a search
 *   walks one index instead of one per column, and `fastupdate = off`, so a search never scans a pending list of
 *   unsorted recent entries (after 100k inserts that list held ~500 pages per index, read by every search).
 *
 * Names come from `searchIndexNames`, so the migrations and the list helper cannot disagree.
 */
export const searchIndexNames = (table: string) => ({
  fts: `${table}_search`,
  trigramCounts: `${table}_search_trigrams`,
  trgm: `${table}_search_trgm`,
});

/**
 * PostgreSQL: the searched columns as one lower-cased text, joined by the unit separator (U+001F), which a typed
 * search never holds, so a match spanning two columns is only a candidate the per-column check removes. The index
 * and the query build it here from column references, so they are the same expression and the index serves the query.
 */
export function searchDocument(columns: RawBuilder<unknown>[]): RawBuilder<string> {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || chr(31) || `,
  );
  return sql<string>`lower(${joined})`;
}

/** The schema pg_trgm is installed in (migration 003 installs it where it can), or undefined without it. */
export async function pgTrgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * PostgreSQL: the trigram counts' trigger function (once per schema); its arguments are the counts table, then the
 * searched columns. Inserts and deletes count per statement (transition tables: one upsert for a batch); an update
 * counts per row, and only when a searched column changed (the trigger's WHEN), so status and telemetry writes to a
 * row never reach it. Each upsert takes the count rows in trigram order, so concurrent single-row writers queue
 * rather than deadlock.
 */
export async function createPgTrigramCountFunction(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function search_trigram_counts() returns trigger language plpgsql as $body$
declare
  counted text := 'insert into %1$I (trigram, rows)
      select trigram, sum(delta) from (
        select distinct r.id, r.delta, lower(substr(v, p, 3)) as trigram
          from (%2$s) r, unnest(array[%3$s]) v, generate_series(1, length(v) - 2) p
      ) t group by trigram having sum(delta) <> 0 order by trigram
    on conflict (trigram) do update set rows = %1$I.rows + excluded.rows';
  texts text := (select string_agg(format('r.j ->> %L', c), ', ') from unnest(tg_argv[1:]) c);
begin
  if tg_level = 'ROW' then
    execute format(counted, tg_argv[0], 'select 0 as id, 1 as delta, $1 as j union all select 0, -1, $2', texts) using to_jsonb(new), to_jsonb(old);
  elsif tg_op = 'INSERT' then
    execute format(counted, tg_argv[0], 'select n.id, 1 as delta, to_jsonb(n) as j from new_rows n', texts);
  else
    execute format(counted, tg_argv[0], 'select o.id, -1 as delta, to_jsonb(o) as j from old_rows o', texts);
  end if;
  return null;
end $body$`,
    )
    .execute(db);
}

/**
 * PostgreSQL: the GIN trigram index of `table`'s searched columns (without pg_trgm, `trgmSchema` undefined, none:
 * searches scan) and its trigram counts.
 */
export async function createPgSearchIndex(db: Kysely<unknown>, trgmSchema: string | undefined, table: string, columns: string[]): Promise<void> {
  const { trgm, trigramCounts } = searchIndexNames(table);
  const document = searchDocument(columns.map((column) => sql.ref(column)));
  if (trgmSchema)
    await sql`create index ${sql.id(trgm)} on ${sql.table(table)} using gin ((${document}) ${sql.id(trgmSchema)}.gin_trgm_ops)
      with (fastupdate = off)`.execute(db);
  await sql`create table ${sql.table(trigramCounts)} (trigram text primary key, rows integer not null)`.execute(db);
  const values = sql.join(columns.map((column) => sql.ref(`d.${column}`)));
  await sql`insert into ${sql.table(trigramCounts)} (trigram, rows)
    select lower(substr(v, p, 3)), count(distinct d.id) from ${sql.table(table)} d, unnest(array[${values}]::text[]) v, generate_series(1, length(v) - 2) p
    group by 1`.execute(db);
  const args = sql.raw([trigramCounts, ...columns].map((name) => `'${name}'`).join(', '));
  const count = sql`execute function search_trigram_counts(${args})`;
  const name = (op: string) => sql.id(`${trigramCounts}_${op}`);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} referencing new table as new_rows for each statement ${count}`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} referencing old table as old_rows for each statement ${count}`.execute(db);
  const changed = sql.join(
    columns.map((column) => sql`old.${sql.id(column)} is distinct from new.${sql.id(column)}`),
    sql` or `,
  );
  await sql`create trigger ${name('update')} after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.table(table)} for each row
    when (${changed}) ${count}`.execute(db);
}

/** Trigrams are counted in texts up to this many characters (text_positions, migration 004); past it a count errs low. */
const TRIGRAM = 'lower(substr(t.value, p.n, 3))';

/**
 * SQLite: the FTS5 trigram table of `table`'s searched columns and its trigram counts, both filled from the rows
 * already there and kept in step by triggers. Needs `text_positions` (migration 004).
 */
export async function createSqliteSearchIndex(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const { fts, trigramCounts } = searchIndexNames(table);
  const list = columns.join(', ');
  const of = (row: string) => columns.map((c) => `${row}.${c}`).join(', ');
  const positionsOf = (row: string) => `json_each(json_array(${of(row)})) t join text_positions p on p.n <= length(t.value) - 2`;
  const indexRow = `insert into ${fts}(rowid, ${list}) values (new.id, ${of('new')});`;
  const unindexRow = `insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${of('old')});`;
  const countRow = `insert into ${trigramCounts} (trigram, rows) select distinct ${TRIGRAM}, 1 from ${positionsOf('new')} where true
    on conflict (trigram) do update set rows = rows + 1;`;
  const uncountRow = `update ${trigramCounts} set rows = rows - 1 where trigram in (select ${TRIGRAM} from ${positionsOf('old')});`;
  const statements = [
    `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    `insert into ${fts}(${fts}) values ('rebuild')`,
    `create table ${trigramCounts} (trigram text primary key, rows integer not null) without rowid`,
    `insert into ${trigramCounts} (trigram, rows) select ${TRIGRAM}, count(distinct d.id) from ${table} d, ${positionsOf('d')} group by 1`,
    `create trigger ${fts}_ai after insert on ${table} begin ${indexRow} ${countRow} end`,
    `create trigger ${fts}_ad after delete on ${table} begin ${unindexRow} ${uncountRow} end`,
    `create trigger ${fts}_au after update of ${list} on ${table} begin ${unindexRow} ${uncountRow} ${indexRow} ${countRow} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
