import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/** Trigrams are counted in texts up to this many characters; past it a count errs low (a slower search, never a wrong one). */
const COUNTED_TEXT_LENGTH = 256;

/** One trigram per position of the searched columns of `row` (`new`, `old` or an alias), ASCII lower-cased as lower() does. */
const TRIGRAM = 'lower(substr(t.value, p.n, 3))';
const positionsOf = (row: string) => `json_each(json_array(${row}.serial, ${row}.name, ${row}.model)) t join text_positions p on p.n <= length(t.value) - 2`;
const addRow = `insert into devices_search_trigrams (trigram, rows) select distinct ${TRIGRAM}, 1 from ${positionsOf('new')} where true
  on conflict (trigram) do update set rows = rows + 1;`;
const removeRow = `update devices_search_trigrams set rows = rows - 1 where trigram in (select ${TRIGRAM} from ${positionsOf('old')});`;

/**
 * SQLite: in how many devices each trigram of serial, name or model occurs, kept by triggers like devices_search.
 * The list helper reads it to ask the FTS index for the two rarest trigrams of a search rather than the whole
 * phrase, whose common trigrams (every name starts with "设备-") walk most of the index. `text_positions` holds
 * 1..N because triggers cannot use recursive CTEs. Counts of 0 stay: the table is bounded by the trigrams ever seen.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`create table text_positions (n integer primary key)`.execute(db);
  await sql`insert into text_positions (n) select value from json_each(${JSON.stringify(Array.from({ length: COUNTED_TEXT_LENGTH }, (_, i) => i + 1))})`.execute(
    db,
  );
  await sql`create table devices_search_trigrams (trigram text primary key, rows integer not null) without rowid`.execute(db);
  await sql
    .raw(`insert into devices_search_trigrams (trigram, rows) select ${TRIGRAM}, count(distinct d.id) from devices d, ${positionsOf('d')} group by 1`)
    .execute(db);
  await sql.raw(`create trigger devices_search_trigrams_ai after insert on devices begin ${addRow} end`).execute(db);
  await sql.raw(`create trigger devices_search_trigrams_ad after delete on devices begin ${removeRow} end`).execute(db);
  await sql.raw(`create trigger devices_search_trigrams_au after update of serial, name, model on devices begin ${removeRow} ${addRow} end`).execute(db);
}
