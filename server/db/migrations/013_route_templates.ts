import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * Real DJI wayline files (issue 28) and unique route names (issue 29):
 * - routes keep an imported file's template: its `template_type` (`waypoint` for routes made here), its area and the
 *   settings the editor does not edit (`template`, JSON), and while the route is as imported the file itself
 *   (`route_sources`, one row per route so lists never load it) with its name and md5 on the route;
 * - a route's name is unique within its project: older duplicates are renamed "name (#id)" (the oldest keeps its name).
 */

interface Tables {
  routes: { id: number; project_id: number; name: string };
}

const NAME_MAX = 128;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('routes')
    .addColumn('template_type', 'text', (c) => c.notNull().defaultTo('waypoint'))
    .execute();
  await db.schema.alterTable('routes').addColumn('template', 'text').execute();
  await db.schema.alterTable('routes').addColumn('source_name', 'text').execute();
  await db.schema.alterTable('routes').addColumn('source_md5', 'text').execute();
  await db.schema
    .createTable('route_sources')
    .addColumn('route_id', 'integer', (c) => c.primaryKey().references('routes.id').onDelete('cascade'))
    .addColumn('bytes', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();

  const typed = db as unknown as Kysely<Tables>;
  const rows = await typed.selectFrom('routes').select(['id', 'project_id', 'name']).orderBy('id').execute();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.project_id}\u0000${row.name}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    const suffix = ` (#${row.id})`;
    await typed
      .updateTable('routes')
      .set({ name: row.name.slice(0, NAME_MAX - suffix.length) + suffix })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('routes_project_name').unique().on('routes').columns(['project_id', 'name']).execute();
}
