import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * Automatic flight records (issue 15): a flight report written from telemetry says where it came from, who flew it,
 * for which task, where it took off and landed, what battery it used, and keeps its track's times and chart samples.
 * Existing rows were typed in by hand: source 'manual'.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  const table = () => db.schema.alterTable('flight_reports');
  await table()
    .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('manual'))
    .execute();
  // 1 once someone edited an automatic record by hand.
  await table()
    .addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table()
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();
  await table()
    .addColumn('pilot_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  for (const name of ['gateway_sn', 'device_sn']) await table().addColumn(name, 'varchar(64)').execute();
  for (const name of ['takeoff_lat', 'takeoff_lng', 'landing_lat', 'landing_lng', 'battery_used_pct', 'progress_percent']) {
    await table().addColumn(name, 'double precision').execute();
  }
  // JSON text: the epoch ms of each track position, and { speed, battery } arrays parallel to them.
  for (const name of ['track_times', 'samples']) await table().addColumn(name, 'text').execute();
  await db.schema.createIndex('flight_reports_task_id').on('flight_reports').column('task_id').execute();
}
