import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * Indexed substring search for the device list (the largest table).
 * SQLite: an external-content FTS5 table with the trigram tokenizer (case-insensitive), kept in step by triggers;
 * the list helper asks it for matching ids when the search text has 3 or more characters.
 * PostgreSQL: pg_trgm GIN indexes on lower(column), which serve the helper's lower(column) LIKE '%…%' directly;
 * skipped (plain scan) when the extension cannot be installed.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'sqlite') {
    await sql`create virtual table devices_search using fts5(serial, name, model, content='devices', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger devices_search_ai after insert on devices begin
      insert into devices_search(rowid, serial, name, model) values (new.id, new.serial, new.name, new.model); end`.execute(db);
    await sql`create trigger devices_search_ad after delete on devices begin
      insert into devices_search(devices_search, rowid, serial, name, model) values ('delete', old.id, old.serial, old.name, old.model); end`.execute(db);
    await sql`create trigger devices_search_au after update of serial, name, model on devices begin
      insert into devices_search(devices_search, rowid, serial, name, model) values ('delete', old.id, old.serial, old.name, old.model);
      insert into devices_search(rowid, serial, name, model) values (new.id, new.serial, new.name, new.model); end`.execute(db);
    await sql`insert into devices_search(devices_search) values ('rebuild')`.execute(db);
    return;
  }
  const installed = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  let schema = installed.rows[0]?.schema;
  if (!schema) {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length === 0) return;
    // Migrations run in a transaction on PostgreSQL: a savepoint keeps a refused CREATE EXTENSION from aborting it.
    await sql`savepoint pg_trgm_install`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint pg_trgm_install`.execute(db);
      schema = 'public';
    } catch {
      await sql`rollback to savepoint pg_trgm_install`.execute(db);
      return;
    }
  }
  for (const column of ['serial', 'name', 'model']) {
    await sql`create index ${sql.id(`devices_${column}_trgm`)} on devices using gin (lower(${sql.id(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}
