import type { Kysely } from 'kysely';

/**
 * Broker credentials of live flight controls (issue 32, DJI's drc_mode_enter): one for the browser session that entered
 * DRC (publishes drc/down, reads drc/up of one gateway) and one handed to that gateway (the other way round), both
 * ending with the session, at their expiry or when DRC is exited. In the database so every instance checks them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drc_credentials')
    .addColumn('username', 'varchar(96)', (c) => c.primaryKey())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(96)', (c) => c.notNull())
    // 'browser' | 'device'
    .addColumn('side', 'varchar(8)', (c) => c.notNull())
    .addColumn('gateway_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drc_credentials_gateway').on('drc_credentials').column('gateway_sn').execute();
}
