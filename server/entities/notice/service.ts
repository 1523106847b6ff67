import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/** Published notices the user has not read yet: the one unread query (the header bell counts it, read-all marks it). */
export const unreadNotices = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('notices')
    .leftJoin('notice_reads', (join) => join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId))
    .where('notices.publish_at', '<=', nowIso())
    .where('notice_reads.notice_id', 'is', null);

/** Marks notices read for a user; marking one twice is harmless. */
export async function markNoticesRead(db: Kysely<Database>, userId: number, noticeIds: number[]): Promise<void> {
  if (noticeIds.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('notice_reads')
    .values(noticeIds.map((id) => ({ notice_id: id, user_id: userId, read_at: now })))
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

/** Which of these notices the user has read. */
export async function readNoticeIds(db: Kysely<Database>, userId: number, noticeIds: number[]): Promise<Set<number>> {
  if (noticeIds.length === 0) return new Set();
  const rows = await db.selectFrom('notice_reads').select('notice_id').where('user_id', '=', userId).where('notice_id', 'in', noticeIds).execute();
  return new Set(rows.map((r) => r.notice_id));
}
