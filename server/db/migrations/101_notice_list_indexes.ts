import type { Kysely } from 'kysely';

/**
 * The notices list stays fast with 100k notices (issue 31, `npm run bench:notices`): its count and its filters read
 * one index, (project_id, level, publish_at), which holds every column the reader rule (readerOf: project_id null or
 * one of the reader's projects), the `level` filter and the publish time test, so a total is counted without reading
 * the rows. It replaces 091's index on project_id alone (its prefix).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notices_reader_level_publish_at').on('notices').columns(['project_id', 'level', 'publish_at']).execute();
  await db.schema.dropIndex('notices_project').execute();
}
