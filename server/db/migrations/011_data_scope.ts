import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';
import { deriveOwnership } from '../ownership';

/** Tables whose rows get a department of their own (devices already have one). */
const DEPT_TABLES = ['tasks', 'routes', 'airspace_applications', 'flight_plans'] as const;
/** Tables whose rows record their creator. */
const CREATOR_TABLES = ['devices', ...DEPT_TABLES, 'flight_reports'] as const;

/**
 * Data scope (issue 17): each role sees all rows, its department subtree's, or its own; rows record their creator
 * and department. The built-in operator role sees its department's rows; admin, the read-only viewer and other roles see all.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('data_scope', 'varchar(8)', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db
    .withTables<{ roles: { code: string; data_scope: string } }>()
    .updateTable('roles')
    .set({ data_scope: 'dept' })
    .where('code', '=', 'operator')
    .execute();
  for (const table of DEPT_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
      .execute();
    await db.schema.createIndex(`${table}_dept_id`).on(table).column('dept_id').execute();
  }
  for (const table of CREATOR_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex(`${table}_created_by`).on(table).column('created_by').execute();
  }
  await deriveOwnership(db);
}
