import type { Kysely } from 'kysely';

/**
 * Live recordings (issue 30): a task's live streams recorded while it flies are videos of the media library (source
 * 'live'); a video knows its length, so a flight replay can place it on the record's time line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('duration_ms', 'integer').execute();
}
