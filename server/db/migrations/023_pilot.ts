import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationHelpers';

/**
 * DJI Pilot 2 as a cloud client (issue 33): who drew a feature (a pilot's map element is attributed to the pilot),
 * the id Pilot 2 gave an element it drew (a UUID it keeps addressing the element by), and each user's favourite
 * routes in Pilot 2's wayline library.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('features')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('features').addColumn('element_id', 'varchar(64)').execute();
  await db.schema.createIndex('features_element_id').on('features').column('element_id').unique().execute();
  await db.schema
    .createTable('route_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('route_favorites_pk', ['user_id', 'route_id'])
    .execute();
}
