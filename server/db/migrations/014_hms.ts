import { sql, type Kysely } from 'kysely';

/**
 * DJI's HMS table (issue 28): an HMS alert keeps its item's `device_type` ("domain-type-subtype"), which decides
 * between DJI's dock and aircraft texts. Alerts recorded before take their device's type as the link last declared it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('device_type', 'varchar(24)').execute();
  await sql`
    update alerts set device_type = (
      select cast(d.dji_domain as varchar(8)) || '-' || cast(d.dji_type as varchar(8)) || '-' || cast(d.dji_sub_type as varchar(8))
      from devices d
      where d.serial = alerts.device_sn and d.dji_domain is not null and d.dji_type is not null and d.dji_sub_type is not null
    )
    where kind = 'hms'
  `.execute(db);
}
