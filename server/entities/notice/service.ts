import { expressionBuilder, sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ScopeUse } from '../../api/list';
import type { NoticeLevel } from '@shared/entities/notice';
import type { Database, NoticesTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import { withDataScope } from '../../rbac/scopeQuery';

/** The projects whose notices `userId` reads: those they are a member of or created (a notice with a project_id is for them only). */
const readerProjects = (userId: number) =>
  withDataScope(expressionBuilder<Database, never>().selectFrom('projects').select('projects.id'), 'projects', {
    scope: 'own',
    userId,
    deptId: null,
    deptIds: [],
  });

/** The notices `userId` is a reader of: those for everyone, and those of their projects (readerProjects). */
export const readerOf =
  (userId: number, use: ScopeUse = { indexed: true }) =>
  (eb: ExpressionBuilder<Database, 'notices'>) => {
    const reads = eb.or([eb('notices.project_id', 'is', null), eb('notices.project_id', 'in', readerProjects(userId))]);
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

/** Published notices the user is a reader of and has not read yet (read-all marks them; noticeTotal counts them from the tallies). */
export const unreadNotices = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('notices')
    .where('notices.publish_at', '<=', nowIso())
    .where(readerOf(userId))
    .where((eb) => eb.not(readBy(userId)(eb)));

/** Marks notices read for a user; marking one twice is harmless. Answers how many were not read before. */
export async function markNoticesRead(db: Kysely<Database>, userId: number, notices: SelectQueryBuilder<Database, 'notices', object>): Promise<number> {
  const now = nowIso();
  const result = await db
    .insertInto('notice_reads')
    .columns(['notice_id', 'user_id', 'read_at'])
    .expression(notices.select((eb) => ['notices.id', eb.val(userId).as('user_id'), eb.val(now).as('read_at')]))
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Which notices a total counts: of a reader (their audiences) or of a notice writer (all), published or all, read or not. */
export interface NoticeCount {
  userId: number;
  /** Only notices of the user's audiences (readerOf); false for a notice writer, who sees every notice. */
  asReader: boolean;
  /** Only notices whose publish time has come. */
  published: boolean;
  level?: string;
  /** true: only those the user has read; false: only unread ones; absent: both. */
  read?: boolean;
}

/**
 * How many notices match `count`, from the kept tallies (migration 102): sums over the user's audiences and the
 * level, less the scheduled notices (and the user's marks on them) when only published ones count; scheduled notices
 * are few and found through the publish time index. The list's total and the bell's unread count, without walking
 * the notices.
 */
export async function noticeTotal(db: Kysely<Database>, count: NoticeCount): Promise<number> {
  const { userId, asReader, published, level, read } = count;
  const keyed = sql<SqlBool>`${sql.join(
    [asReader ? sql`(audience = 0 or audience in (${readerProjects(userId)}))` : sql`true`, level === undefined ? sql`true` : sql`level = ${level}`],
    sql` and `,
  )}`;
  const scheduled = () => {
    let qb = db.selectFrom('notices').where('notices.publish_at', '>', nowIso());
    // Through the publish time index (the few notices not yet due), the reader rule checked on those only.
    if (asReader) qb = qb.where(readerOf(userId, { indexed: false }));
    if (level !== undefined) qb = qb.where('notices.level', '=', level);
    return qb;
  };
  const number = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) => Number((await query.executeTakeFirst())?.n ?? 0);
  const notices = async () =>
    (await number(
      db
        .selectFrom('notice_tallies')
        .select((eb) => eb.fn.sum('notices').as('n'))
        .where(keyed),
    )) - (published ? await number(scheduled().select((eb) => eb.fn.countAll().as('n'))) : 0);
  const reads = async () =>
    (await number(
      db
        .selectFrom('notice_read_tallies')
        .select((eb) => eb.fn.sum('reads').as('n'))
        .where('user_id', '=', userId)
        .where(keyed),
    )) -
    (published
      ? await number(
          scheduled()
            .where(readBy(userId))
            .select((eb) => eb.fn.countAll().as('n')),
        )
      : 0);
  if (read === true) return reads();
  const [all, marked] = await Promise.all([notices(), read === false ? reads() : 0]);
  return all - marked;
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
