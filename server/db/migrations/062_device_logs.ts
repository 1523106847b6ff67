import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/** Log uploads of docks (issue 32, DJI's fileupload_start): which boots of which device, their archives in the object store. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('device_log_uploads'), ctx)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('gateway_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    // JSON: the files (module, device, boots, object key, progress)
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_log_uploads_device').on('device_log_uploads').columns(['device_id', 'id']).execute();
}
