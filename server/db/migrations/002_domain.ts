import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/**
 * The platform domain: organisation, devices, projects/routes/tasks, airspace, GIS features, notices, audit.
 * JSON (GeoJSON geometry, waypoints, permission sets, member lists) is stored as text and parsed in the API layer.
 * Foreign keys say what a delete does: "restrict" rows make the API answer 409, "cascade" rows go with their parent.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const stamps = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    t.addColumn('created_at', 'varchar(32)', (c) => c.notNull()).addColumn('updated_at', 'varchar(32)', (c) => c.notNull());

  await stamps(
    idColumn(db.schema.createTable('departments'), ctx)
      .addColumn('name', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('parent_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await stamps(
    idColumn(db.schema.createTable('roles'), ctx)
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('permissions', 'text', (c) => c.notNull()),
  ).execute();

  await stamps(
    idColumn(db.schema.createTable('resources'), ctx)
      .addColumn('code', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('path', 'varchar(255)')
      .addColumn('icon', 'varchar(64)')
      .addColumn('parent_id', 'integer', (c) => c.references('resources.id').onDelete('restrict'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema
    .alterTable('users')
    .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('users_dept_id').on('users').column('dept_id').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_id').on('user_roles').column('role_id').execute();

  await stamps(
    idColumn(db.schema.createTable('notices'), ctx)
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('level', 'varchar(16)', (c) => c.notNull())
      .addColumn('publish_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema.createIndex('notices_publish_at').on('notices').column('publish_at').execute();
  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_reads_user_id').on('notice_reads').column('user_id').execute();

  await stamps(
    idColumn(db.schema.createTable('devices'), ctx)
      .addColumn('serial', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('model', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('firmware', 'varchar(64)')
      .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('photo', 'varchar(255)')
      .addColumn('last_seen_at', 'varchar(32)')
      .addColumn('last_lat', 'double precision')
      .addColumn('last_lng', 'double precision')
      .addColumn('last_alt', 'double precision')
      .addColumn('battery', 'integer'),
  ).execute();
  for (const column of ['name', 'status', 'dept_id', 'kind', 'created_at']) {
    await db.schema.createIndex(`devices_${column}`).on('devices').column(column).execute();
  }

  await stamps(
    idColumn(db.schema.createTable('projects'), ctx)
      .addColumn('name', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('area', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
      .addColumn('members', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('projects_created_at').on('projects').column('created_at').execute();

  await stamps(
    idColumn(db.schema.createTable('routes'), ctx)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('waypoints', 'text', (c) => c.notNull())
      .addColumn('length_m', 'double precision', (c) => c.notNull())
      .addColumn('duration_s', 'double precision', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('routes_project_id').on('routes').column('project_id').execute();

  await stamps(
    idColumn(db.schema.createTable('tasks'), ctx)
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('restrict'))
      .addColumn('route_id', 'integer', (c) => c.references('routes.id').onDelete('restrict'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('restrict'))
      .addColumn('pilot_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('scheduled_at', 'varchar(32)')
      .addColumn('started_at', 'varchar(32)')
      .addColumn('finished_at', 'varchar(32)'),
  ).execute();
  for (const column of ['project_id', 'route_id', 'device_id', 'status', 'created_at']) {
    await db.schema.createIndex(`tasks_${column}`).on('tasks').column(column).execute();
  }

  await stamps(
    idColumn(db.schema.createTable('airspace_applications'), ctx)
      .addColumn('applicant_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('restrict'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('min_alt', 'double precision', (c) => c.notNull())
      .addColumn('max_alt', 'double precision', (c) => c.notNull())
      .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reviewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('review_note', 'text'),
  ).execute();
  for (const column of ['status', 'device_id', 'created_at']) {
    await db.schema.createIndex(`airspace_applications_${column}`).on('airspace_applications').column(column).execute();
  }

  await stamps(
    idColumn(db.schema.createTable('flight_plans'), ctx)
      .addColumn('application_id', 'integer', (c) => c.notNull().references('airspace_applications.id').onDelete('restrict'))
      .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('restrict'))
      .addColumn('route_id', 'integer', (c) => c.references('routes.id').onDelete('restrict'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('restrict'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('planned_start_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('planned_end_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('note', 'text'),
  ).execute();
  for (const column of ['application_id', 'status', 'created_at']) {
    await db.schema.createIndex(`flight_plans_${column}`).on('flight_plans').column(column).execute();
  }

  await stamps(
    idColumn(db.schema.createTable('flight_reports'), ctx)
      .addColumn('plan_id', 'integer', (c) => c.references('flight_plans.id').onDelete('restrict'))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('restrict'))
      .addColumn('takeoff_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('landing_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('duration_s', 'double precision', (c) => c.notNull())
      .addColumn('distance_m', 'double precision', (c) => c.notNull())
      .addColumn('max_alt', 'double precision', (c) => c.notNull())
      .addColumn('track', 'text'),
  ).execute();
  for (const column of ['takeoff_at', 'device_id', 'project_id', 'plan_id']) {
    await db.schema.createIndex(`flight_reports_${column}`).on('flight_reports').column(column).execute();
  }

  await stamps(
    idColumn(db.schema.createTable('features'), ctx)
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('geometry', 'text', (c) => c.notNull())
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('properties', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('features_project_id').on('features').column('project_id').execute();

  await idColumn(db.schema.createTable('audit_log'), ctx)
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}
