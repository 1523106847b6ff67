import type { Kysely } from 'kysely';

/**
 * Dispatch of tasks to the aircraft (issue 15): the DJI flight_id of the dispatch (also the claim that makes a
 * dispatch happen once, whichever instance or user asks), the gateway it went through, the KMZ fingerprint sent,
 * the newest flighttask_progress (JSON text) and why the dispatch or the flight failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[string, 'varchar(32)' | 'varchar(64)' | 'text']> = [
    ['flight_id', 'varchar(64)'],
    ['gateway_sn', 'varchar(64)'],
    ['kmz_md5', 'varchar(32)'],
    ['progress', 'text'],
    ['dispatch_error', 'text'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('tasks').addColumn(name, type).execute();
  await db.schema.createIndex('tasks_flight_id').on('tasks').column('flight_id').unique().execute();
  // The scheduler's query: timed tasks that are due.
  await db.schema.createIndex('tasks_status_scheduled_at').on('tasks').columns(['status', 'scheduled_at']).execute();
}
