import type { Kysely } from 'kysely';

/**
 * Live conformance (issue 16): when a flight plan went live and ended (set from telemetry), and on conformance
 * alerts the plan they were judged against and when they closed (history per aircraft, plan and day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flight_plans').addColumn('activated_at', 'varchar(32)').execute();
  await db.schema.alterTable('flight_plans').addColumn('ended_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('plan_id', 'integer', (c) => c.references('flight_plans.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('alerts').addColumn('closed_at', 'varchar(32)').execute();
  await db.schema.createIndex('alerts_kind_first_seen').on('alerts').columns(['kind', 'first_seen_at']).execute();
  await db.schema.createIndex('alerts_plan_id').on('alerts').column('plan_id').execute();
}
