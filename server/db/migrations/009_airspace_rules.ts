import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * Airspace rules (issue 16): an application's purpose kind (routine / emergency lead time and ceiling), whether it
 * was submitted late, the rule codes that sent it to manual review and whether the system decided it; flight plans
 * follow ASTM F3548 states, so the old manual "flown" becomes "ended".
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('airspace_applications')
    .addColumn('purpose_kind', 'varchar(16)', (c) => c.notNull().defaultTo('routine'))
    .execute();
  await db.schema
    .alterTable('airspace_applications')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array text of rule codes (REVIEW_REASONS).
  await db.schema
    .alterTable('airspace_applications')
    .addColumn('review_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('airspace_applications')
    .addColumn('decided_by_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update flight_plans set status = 'ended' where status = 'flown'`.execute(db);
  // Deconfliction and the live checks look up plans by status and window.
  await db.schema.createIndex('flight_plans_status_window').on('flight_plans').columns(['status', 'planned_start_at', 'planned_end_at']).execute();
  await db.schema.createIndex('airspace_applications_status_window').on('airspace_applications').columns(['status', 'start_at', 'end_at']).execute();
}
