import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { z } from 'zod';
import { DEFECT_SEVERITIES, DEFECT_SEVERITY_TEXTS, announcesUrgentDefect, type DefectSeverity, type DefectStatus } from '@shared/entities/defectStatus';
import type { Database, DefectsTable } from '../db/schema';
import { dialectOf, type DialectName } from '../db/database';
import type { TextLanguage } from '../http/language';
import type { NoticeBroadcaster } from '../entities/notice/broadcast';
import { insertPlatformNotice } from '../entities/notice/service';
import { scopedDefects } from './defectScope';

type DefectRow = Selectable<DefectsTable>;

/** What an urgent defect's notice stores (notices.facts): the facts, each reader's text is written from them. */
export const urgentDefectFactsSchema = z.object({
  kind: z.literal('urgent_defect'),
  defect_id: z.number(),
  severity: z.enum(DEFECT_SEVERITIES),
  category_id: z.number().nullable(),
  task_id: z.number().nullable(),
  media_id: z.number(),
  /** Who confirmed it (or raised its severity); null when not known. */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type UrgentDefectFacts = z.infer<typeof urgentDefectFactsSchema>;

/** What an urgent defect's text is made of: the facts and the names they lead to (category, project), per language. */
type Slot = 'severity' | 'severityLower' | 'project' | 'what' | 'by' | 'note';
/** A piece of a text: as written, a slot's value, or pieces shown only when a slot has a value (a confirmer, a note). */
type Piece = string | { slot: Slot } | { when: Slot; pieces: Piece[] };
const $ = (slot: Slot): Piece => ({ slot });
const when = (slot: Slot, ...pieces: Piece[]): Piece => ({ when: slot, pieces });

interface NoticeTemplate {
  title: Piece[];
  content: Piece[];
}

/**
 * The texts of an urgent defect's notice, the one definition of them: for a reader who sees the defect, and for one
 * who does not (outside the data scope of its photo, e.g. a notice writer of another department): that there is
 * one, not what or where. They are written in SQL (urgentDefectTextSql), so a list shows them and its text search
 * finds them the same way.
 */
const TEMPLATES: Record<TextLanguage, { defect: string; seen: NoticeTemplate; hidden: NoticeTemplate }> = {
  zh: {
    defect: '缺陷',
    seen: {
      title: ['【', $('severity'), '】', $('project'), '：', $('what')],
      content: [
        '项目「',
        $('project'),
        '」的',
        $('severity'),
        '缺陷 ',
        $('what'),
        ' 已确认',
        when('by', '，确认人：', $('by')),
        '，请尽快安排处理。',
        when('note', '\n备注：', $('note')),
      ],
    },
    hidden: {
      title: ['【', $('severity'), '】', $('project'), '：紧急缺陷'],
      content: ['项目「', $('project'), '」有一个', $('severity'), '缺陷已确认。'],
    },
  },
  en: {
    defect: 'Defect',
    seen: {
      title: ['[', $('severity'), '] ', $('project'), ': ', $('what')],
      content: [
        'A ',
        $('severityLower'),
        ' defect, ',
        $('what'),
        ', was confirmed in project "',
        $('project'),
        '"',
        when('by', ' by ', $('by')),
        '. Please arrange its repair soon.',
        when('note', '\nNote: ', $('note')),
      ],
    },
    hidden: {
      title: ['[', $('severity'), '] ', $('project'), ': urgent defect'],
      content: ['A ', $('severityLower'), ' defect was confirmed in project "', $('project'), '".'],
    },
  },
};

type Expr = RawBuilder<unknown>;

/** A text's pieces as one SQL string expression; a `when` piece is '' while its slot is null. */
function piecesSql(pieces: Piece[], slots: Record<Slot, Expr>): Expr {
  const parts = pieces.map((piece): Expr => {
    if (typeof piece === 'string') return sql.lit(piece);
    if ('slot' in piece) return slots[piece.slot];
    // NULL || anything is NULL on both databases: the pieces vanish with their slot.
    return sql`coalesce(${piecesSql(piece.pieces, slots)}, '')`;
  });
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** A field of notices.facts (JSON text), as text or as an integer. */
function fact(postgres: boolean, key: keyof UrgentDefectFacts, as: 'text' | 'integer' = 'text'): Expr {
  if (postgres) return as === 'integer' ? sql`(notices.facts::json ->> ${sql.lit(key)})::integer` : sql`(notices.facts::json ->> ${sql.lit(key)})`;
  return sql`json_extract(notices.facts, ${sql.lit(`$.${key}`)})`;
}

/** One severity's text per value of facts.severity. */
const severitySql = (severity: Expr, texts: Record<DefectSeverity, string>): Expr =>
  sql`(case ${severity} ${sql.join(
    DEFECT_SEVERITIES.map((s) => sql`when ${sql.lit(s)} then ${sql.lit(texts[s])}`),
    sql` `,
  )} end)`;

/** The slots of a notices row with facts, in `language`: the names read now (a renamed project shows its new name). */
function slotsSql(postgres: boolean, language: TextLanguage): Record<Slot, Expr> {
  const severity = fact(postgres, 'severity');
  const texts = DEFECT_SEVERITY_TEXTS[language];
  const lowered = Object.fromEntries(DEFECT_SEVERITIES.map((s) => [s, texts[s].toLowerCase()])) as Record<DefectSeverity, string>;
  const categoryName = sql.ref(language === 'en' ? 'defect_categories.name_en' : 'defect_categories.name_zh');
  const category = sql`(select ${categoryName} from defect_categories where defect_categories.id = ${fact(postgres, 'category_id', 'integer')})`;
  return {
    severity: severitySql(severity, texts),
    severityLower: severitySql(severity, lowered),
    project: sql`coalesce((select projects.name from projects where projects.id = notices.project_id), '#' || cast(notices.project_id as text))`,
    what: sql`(coalesce(${category}, ${sql.lit(TEMPLATES[language].defect)}) || ' #' || cast(${fact(postgres, 'defect_id', 'integer')} as text))`,
    by: sql`nullif(${fact(postgres, 'by')}, '')`,
    note: sql`nullif(${fact(postgres, 'note')}, '')`,
  };
}

/**
 * A notices row's title or content in `language` as an SQL expression over `notices`: a person's notice as written,
 * a platform notice (urgent defect) written from its facts, in full when `seen` (the reader sees the defect), else
 * without what or where. The list shows it and its search matches it, so the reader finds what they read.
 */
export function noticeTextSql(db: Kysely<Database>, field: keyof NoticeTemplate, language: TextLanguage, seen: Expr): Expr {
  return textSql(dialectOf(db) === 'postgres', field, language, seen);
}

function textSql(postgres: boolean, field: keyof NoticeTemplate, language: TextLanguage, seen: Expr): Expr {
  const slots = slotsSql(postgres, language);
  const { seen: full, hidden } = TEMPLATES[language];
  return sql`(case when notices.facts is null then ${sql.ref(`notices.${field}`)} when ${seen} then ${piecesSql(full[field], slots)} else ${piecesSql(hidden[field], slots)} end)`;
}

/**
 * Every text a platform notice may be shown as (both languages; in full, and for readers who do not see its defect),
 * joined by U+001F as one text: what the notices' search index holds for it (notices.search_text, migration 103), so
 * a search of what any reader reads finds it through the index and the list then checks the reader's own text. It
 * holds the names read now, so it is rewritten when one of them changes (rewriteNoticeSearchTexts).
 */
function noticeSearchTextSql(postgres: boolean): RawBuilder<string> {
  const separator = postgres ? sql`chr(31)` : sql`char(31)`;
  const texts = (['zh', 'en'] as const).flatMap((language) =>
    [sql.lit(true), sql.lit(false)].flatMap((seen) => (['title', 'content'] as const).map((field) => textSql(postgres, field, language, seen))),
  );
  return sql<string>`(${sql.join(texts, sql` || ${separator} || `)})`;
}

/**
 * Rewrites the search text of the platform notices `which` picks (after a write of theirs or of a name they show);
 * `db` may be a transaction, so the dialect is named.
 */
export async function rewriteNoticeSearchTexts(
  db: Kysely<Database>,
  dialect: DialectName,
  which: (eb: ExpressionBuilder<Database, 'notices'>) => Expression<SqlBool>,
): Promise<void> {
  await db
    .updateTable('notices')
    .set({ search_text: noticeSearchTextSql(dialect === 'postgres') })
    .where('notices.facts', 'is not', null)
    .where(which)
    .execute();
}

/** The platform notices whose category (facts.category_id) is gone: their text names none since (after a category's removal). */
export const namingRemovedCategory = (dialect: DialectName) => () => {
  const category = fact(dialect === 'postgres', 'category_id', 'integer');
  return sql<SqlBool>`(${category} is not null and not exists (select 1 from defect_categories where defect_categories.id = ${category}))`;
};

/** Whether the reader of `request` sees a notice's defect (the data scope of its photo): an SQL condition over `notices`. */
export const seesNoticeDefect = (db: Kysely<Database>, request: FastifyRequest): Expr =>
  sql`exists ${scopedDefects(db, request).clearSelect().select('defects.id').where('defects.id', '=', sql.ref<number>('notices.defect_id'))}`;

/**
 * A defect's change that makes it confirmed and urgent (announcesUrgentDefect) notifies its project's users: a
 * notice for that project only (bell and inbox), announced on sysinfo/notice. It stores the facts; each reader gets
 * the text in their language (presentPlatformNotices).
 */
export async function notifyUrgentDefect(
  db: Kysely<Database>,
  broadcaster: NoticeBroadcaster,
  before: Pick<DefectRow, 'status' | 'severity'>,
  after: DefectRow,
  by: string | null,
): Promise<void> {
  const asDefect = (row: Pick<DefectRow, 'status' | 'severity'>) => ({ status: row.status as DefectStatus, severity: row.severity as DefectSeverity });
  if (!announcesUrgentDefect(asDefect(before), asDefect(after))) return;
  const facts: UrgentDefectFacts = {
    kind: 'urgent_defect',
    defect_id: after.id,
    severity: after.severity as DefectSeverity,
    category_id: after.category_id,
    task_id: after.task_id,
    media_id: after.media_id,
    by,
    note: after.note,
  };
  const notice = await insertPlatformNotice(db, { facts, level: 'urgent', project_id: after.project_id, defect_id: after.id });
  await rewriteNoticeSearchTexts(db, dialectOf(db), (eb) => eb('notices.id', '=', notice.id));
  broadcaster.written(notice, 'published');
}

/**
 * Notices as `request`'s reader gets them: a platform notice's title and content written from its facts in the
 * request's language (noticeTextSql, as the list's search reads them), `texts` in both (the console shows its own
 * language), and its `defect_id` only when the reader sees that defect; a person's notice as written (`texts` null).
 * `facts` stays on the server.
 */
export async function presentPlatformNotices(
  db: Kysely<Database>,
  request: FastifyRequest,
  language: TextLanguage,
  items: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const platform = items.filter((item) => item.facts !== null && item.facts !== undefined).map((item) => item.id as number);
  const seen = seesNoticeDefect(db, request);
  const text = (field: keyof NoticeTemplate, lang: TextLanguage) => noticeTextSql(db, field, lang, seen);
  const rows = platform.length
    ? await db
        .selectFrom('notices')
        .select((eb) => [
          'notices.id',
          eb.case().when(seen).then(1).else(0).end().as('seen'),
          text('title', 'zh').as('zh_title'),
          text('content', 'zh').as('zh_content'),
          text('title', 'en').as('en_title'),
          text('content', 'en').as('en_content'),
        ])
        .where('notices.id', 'in', platform)
        .execute()
    : [];
  const written = new Map(rows.map((row) => [row.id, row]));
  return items.map(({ facts: _stored, ...item }) => {
    const row = written.get(item.id as number);
    if (!row) return { ...item, texts: null };
    const texts = {
      zh: { title: String(row.zh_title), content: String(row.zh_content) },
      en: { title: String(row.en_title), content: String(row.en_content) },
    };
    return { ...item, ...texts[language], texts, defect_id: Number(row.seen) === 1 ? item.defect_id : null };
  });
}
