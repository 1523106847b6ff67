import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/** Firmware packages (issue 32, DJI's ota_create): one per device type and version, the file in the object store. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('firmwares'), ctx)
    // DJI's `domain-type-subtype` of the devices it is for, e.g. 3-2-0 (DJI Dock 2)
    .addColumn('device_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'double precision', (c) => c.notNull())
    .addColumn('release_note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('firmwares_type_version', ['device_type', 'product_version'])
    .execute();
}
