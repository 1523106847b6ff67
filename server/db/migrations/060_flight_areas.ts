import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * Custom flight areas pushed to docks (issue 32, DJI's flight_areas_* exchange): the area files served to the docks,
 * by their SHA-256, and each dock's newest sync report.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('flight_area_files')
    .addColumn('checksum', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('flight_area_syncs')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    // DJI's sync status: wait_sync | synchronizing | synchronized | fail | switch_fail
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'integer')
    .addColumn('checksum', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
