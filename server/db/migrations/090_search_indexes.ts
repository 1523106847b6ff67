import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';
import { createPgSearchIndex, createPgTrigramCountFunction, createSqliteSearchIndex, pgTrgmSchema } from '../searchIndex';

/** The searched lists this migration indexes, with their searched columns (each list's ListSpec.search). */
const SEARCHED = { devices: ['serial', 'name', 'model'], tasks: ['name'], routes: ['name'], media: ['name'] } as const;

/**
 * Indexed substring search for every large searched list (issue 35), in the shape of server/db/searchIndex.ts.
 * SQLite: devices have theirs (003/004, same shape and names); tasks, routes and media get theirs.
 * PostgreSQL: the per-column pg_trgm indexes of 003 (fastupdate on, one index scan per column, OR-ed) are replaced by
 * one index per table over all its searched columns with fastupdate off, and each table gets the trigram counts SQLite
 * has, so a search asks the index for its two rarest trigrams there too; without pg_trgm (003 could not install it)
 * there is no index and searches scan.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'sqlite') {
    for (const table of ['tasks', 'routes', 'media'] as const) await createSqliteSearchIndex(db, table, [...SEARCHED[table]]);
    return;
  }
  for (const column of SEARCHED.devices) await sql`drop index if exists ${sql.id(`devices_${column}_trgm`)}`.execute(db);
  const schema = await pgTrgmSchema(db);
  await createPgTrigramCountFunction(db);
  for (const [table, columns] of Object.entries(SEARCHED)) await createPgSearchIndex(db, schema, table, [...columns]);
}
