import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { DEMO_CENTER, prng } from './demo/context';
import { SEED_STATUS_CYCLE } from './demo/devices';

const MODELS = ['Matrice 350 RTK', 'Matrice 30T', 'Mavic 3 Enterprise', 'Matrice 3TD', 'DJI Dock 2'];

/** Bulk devices for benchmarks: batched multi-row inserts in one transaction. Returns how many were inserted. */
export async function seedBulkDevices(db: Kysely<Database>, count: number, batch = 500): Promise<number> {
  const rand = prng(count);
  const base = Number(
    (
      await db
        .selectFrom('devices')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const n = base + i + 1;
        const created = nowIso(now - (count - i) * 1000);
        rows.push({
          serial: `1581F5FHB${n.toString(36).toUpperCase().padStart(7, '0')}`,
          name: `设备-${n}`,
          model: MODELS[n % MODELS.length],
          kind: n % 5 === 4 ? 'dock' : 'aircraft',
          firmware: 'v1.0.0',
          dept_id: null,
          status: SEED_STATUS_CYCLE[n % SEED_STATUS_CYCLE.length],
          photo: null,
          last_seen_at: created,
          last_lat: DEMO_CENTER.lat + (rand() - 0.5) * 0.5,
          last_lng: DEMO_CENTER.lng + (rand() - 0.5) * 0.5,
          last_alt: 0,
          battery: Math.floor(rand() * 100),
          created_at: created,
          updated_at: created,
        });
      }
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  return count;
}
