import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/**
 * Media library (issue 31): one row per photo or video of a project, once its object is in the store. The row
 * knows where the file came from (device, payload, lens, task, flight record), where and how it was taken (from the
 * file's EXIF/XMP, else the upload callback), its owner for the data scope, and its thumbnail.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('media'), ctx)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('restrict'))
    .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('flight_record_id', 'integer', (c) => c.references('flight_reports.id').onDelete('set null'))
    .addColumn('device_sn', 'varchar(64)')
    .addColumn('gateway_sn', 'varchar(64)')
    .addColumn('flight_id', 'varchar(64)')
    // 'dock' | 'pilot' | 'upload'
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // 'photo' | 'video'
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'double precision', (c) => c.notNull())
    .addColumn('object_key', 'varchar(512)', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'varchar(128)', (c) => c.notNull())
    .addColumn('tiny_fingerprint', 'varchar(255)')
    .addColumn('taken_at', 'varchar(32)')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('absolute_alt', 'double precision')
    .addColumn('relative_alt', 'double precision')
    .addColumn('gimbal_yaw', 'double precision')
    .addColumn('gimbal_pitch', 'double precision')
    .addColumn('gimbal_roll', 'double precision')
    .addColumn('flight_yaw', 'double precision')
    .addColumn('drone_model', 'varchar(64)')
    .addColumn('payload_model', 'varchar(64)')
    // 'wide' | 'zoom' | 'ir' | null
    .addColumn('lens', 'varchar(8)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    // Why the file's own metadata was not used (malformed), null when it was read or absent.
    .addColumn('metadata_error', 'varchar(255)')
    .addColumn('thumb_key', 'varchar(512)')
    // 'pending' | 'ready' | 'failed'
    .addColumn('thumb_status', 'varchar(8)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Stored once per project: a second upload of the same bytes answers the first row.
  await db.schema.createIndex('media_project_fingerprint').on('media').columns(['project_id', 'fingerprint']).unique().execute();
  await db.schema.createIndex('media_project_taken').on('media').columns(['project_id', 'taken_at']).execute();
  await db.schema.createIndex('media_taken').on('media').columns(['taken_at', 'id']).execute();
  for (const column of ['task_id', 'flight_record_id', 'device_sn', 'dept_id', 'created_by', 'device_id', 'tiny_fingerprint'])
    await db.schema.createIndex(`media_${column}`).on('media').column(column).execute();
}
