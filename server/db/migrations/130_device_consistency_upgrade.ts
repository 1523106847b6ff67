import type { Kysely } from 'kysely';
import { NEEDS_CONSISTENCY_UPGRADE } from '@shared/dji/firmware';

type Db = Kysely<{ devices: { id: number; dji_state: string | null; needs_consistency_upgrade: number } }>;

/**
 * Whether a dock and its aircraft need a consistency upgrade (DJI's `state` property `compatible_status` = 1) is a
 * column the device list can show and filter on (issue 32), written when the device reports it; the devices that
 * reported it before take it from the state they keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('needs_consistency_upgrade', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const typed = db as unknown as Db;
  const reported = await typed.selectFrom('devices').select(['id', 'dji_state']).where('dji_state', 'like', '%compatible_status%').execute();
  for (const row of reported) {
    const state = JSON.parse(row.dji_state ?? '{}') as { compatible_status?: unknown };
    if (state.compatible_status === NEEDS_CONSISTENCY_UPGRADE)
      await typed.updateTable('devices').set({ needs_consistency_upgrade: 1 }).where('id', '=', row.id).execute();
  }
}
