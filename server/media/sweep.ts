import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ObjectStore } from './objectStore';

export interface SweepResult {
  /** Objects no row refers to (an upload whose row never came, a refused file left by a stop halfway). */
  objectsRemoved: string[];
  /** Rows whose object is gone from the store. */
  rowsRemoved: number[];
}

/**
 * Proves nothing is half-stored: removes objects under media/ and thumbs/ that no row refers to, and rows whose
 * object is missing. Only what is older than `minAgeMs` goes: a younger object may belong to an upload whose
 * callback has not come yet (docks announce a file after uploading it), a younger row to an ingest in flight.
 */
export async function sweepMedia(db: Kysely<Database>, store: ObjectStore, minAgeMs: number, now = Date.now()): Promise<SweepResult> {
  const rows = await db.selectFrom('media').select(['id', 'object_key', 'thumb_key', 'created_at']).execute();
  const referenced = new Set(rows.flatMap((r) => (r.thumb_key ? [r.object_key, r.thumb_key] : [r.object_key])));
  const present = new Set<string>();
  const objectsRemoved: string[] = [];
  for (const prefix of ['media/', 'thumbs/']) {
    for await (const object of store.list(prefix)) {
      present.add(object.key);
      if (referenced.has(object.key) || now - object.lastModified.getTime() < minAgeMs) continue;
      await store.delete(object.key);
      objectsRemoved.push(object.key);
    }
  }
  const missing = rows.filter((r) => !present.has(r.object_key) && now - Date.parse(r.created_at) >= minAgeMs).map((r) => r.id);
  for (let i = 0; i < missing.length; i += 500)
    await db
      .deleteFrom('media')
      .where('id', 'in', missing.slice(i, i + 500))
      .execute();
  return { objectsRemoved, rowsRemoved: missing };
}
