import type { Kysely } from 'kysely';

/**
 * A Pilot 2 thing credential issued through dynamic security names the remote controller it speaks for (issue 27): on
 * an external broker the server cannot see which connection published an update_topo, so the claim rules judge a
 * gateway's declarations by the pilot its live credential was issued to. Null: issued by the embedded broker, which
 * judges the connection itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thing_credentials').addColumn('gateway_sn', 'varchar(64)').execute();
  await db.schema.createIndex('thing_credentials_gateway_sn').on('thing_credentials').column('gateway_sn').execute();
}
