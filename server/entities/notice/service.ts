import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { ScopeUse } from '../../api/list';
import type { NoticeLevel } from '@shared/entities/notice';
import type { Database, NoticesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { withDataScope } from '../../rbac/scopeQuery';

/**
 * The notices `userId` is a reader of: those for everyone, and those of the projects they are a member of (a notice
 * with a project_id is for that project's users only).
 */
export const readerOf =
  (userId: number, use: ScopeUse = { indexed: true }) =>
  (eb: ExpressionBuilder<Database, 'notices'>) => {
    const reads = eb.or([
      eb('notices.project_id', 'is', null),
      eb(
        'notices.project_id',
        'in',
        withDataScope(eb.selectFrom('projects').select('projects.id'), 'projects', { scope: 'own', userId, deptId: null, deptIds: [] }),
      ),
    ]);
    // Not indexed: SQLite walks the list's ordering (publish_at) and checks this on the rows it passes (withDataScope).
    return use.indexed ? reads : sql<SqlBool>`(${reads}) = true`;
  };

/** Whether `userId` has read the notice: a condition over notices (its read mark, one primary-key probe). */
export const readBy = (userId: number) => (eb: ExpressionBuilder<Database, 'notices'>) =>
  eb.exists(
    eb
      .selectFrom('notice_reads')
      .select('notice_reads.notice_id')
      .whereRef('notice_reads.notice_id', '=', 'notices.id')
      .where('notice_reads.user_id', '=', userId),
  );

/** Published notices the user is a reader of and has not read yet: the one unread query (the header bell counts it, read-all marks it). */
export const unreadNotices = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('notices')
    .where('notices.publish_at', '<=', nowIso())
    .where(readerOf(userId))
    .where((eb) => eb.not(readBy(userId)(eb)));

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

/**
 * Stores a notice the platform writes itself (no author), published now: its facts, not a text (the API writes each
 * reader's title and content from them, in the reader's language).
 */
export function insertPlatformNotice(
  db: Kysely<Database>,
  notice: { facts: object; level: NoticeLevel; project_id: number | null; defect_id: number | null },
): Promise<Selectable<NoticesTable>> {
  const now = nowIso();
  return db
    .insertInto('notices')
    .values({ ...notice, facts: JSON.stringify(notice.facts), title: '', content: '', publish_at: now, created_by: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}
