import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/**
 * The DJI device link (issue 14): what a gateway's update_topo and state say about each device, the dock secrets
 * (hash only), the Pilot 2 thing credentials issued per login session, and the alerts (HMS now).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const columns: Array<[string, 'integer' | 'varchar(16)' | 'varchar(32)' | 'varchar(64)' | 'varchar(128)' | 'text']> = [
    // The serial of the gateway (RC or dock) the device is connected through; null for gateways themselves.
    ['gateway_sn', 'varchar(64)'],
    ['dji_domain', 'integer'],
    ['dji_type', 'integer'],
    ['dji_sub_type', 'integer'],
    ['sub_index', 'varchar(16)'],
    ['thing_version', 'varchar(32)'],
    // The device's last `state` properties (JSON object text).
    ['dji_state', 'text'],
    // Docks: sha256 of the MQTT secret, shown once at registration or rotation.
    ['secret_hash', 'varchar(128)'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('devices').addColumn(name, type).execute();
  await db.schema.createIndex('devices_gateway_sn').on('devices').column('gateway_sn').execute();

  await db.schema
    .createTable('thing_credentials')
    .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('secret_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thing_credentials_session_id').on('thing_credentials').column('session_id').execute();

  await idColumn(db.schema.createTable('alerts'), ctx)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('module', 'integer')
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('device_sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('gateway_sn', 'varchar(64)')
    .addColumn('in_the_sky', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('acked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('acked_at', 'varchar(32)')
    .addColumn('args', 'text')
    .execute();
  await db.schema.createIndex('alerts_device_code').on('alerts').columns(['device_sn', 'kind', 'code', 'active']).execute();
  await db.schema.createIndex('alerts_active').on('alerts').columns(['active', 'last_seen_at']).execute();
  await db.schema.createIndex('alerts_last_seen_at').on('alerts').column('last_seen_at').execute();
}
