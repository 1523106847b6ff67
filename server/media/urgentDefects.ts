import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { DEFECT_SEVERITIES, DEFECT_SEVERITY_TEXTS, announcesUrgentDefect, type DefectSeverity, type DefectStatus } from '@shared/entities/defectStatus';
import type { NoticeText } from '@shared/entities/notice';
import type { Database, DefectsTable } from '../db/schema';
import { parseJson } from '../db/json';
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

/** The names the text shows, in the reader's language (a category has one per language; a project one). */
export interface UrgentDefectNames {
  project: string;
  category: string | null;
}

const TEXTS: Record<
  TextLanguage,
  {
    defect: string;
    title: (severity: string, project: string, what: string) => string;
    content: (severity: string, project: string, what: string, by: string | null) => string;
    note: (note: string) => string;
    hiddenTitle: (severity: string, project: string) => string;
    hiddenContent: (severity: string, project: string) => string;
  }
> = {
  zh: {
    defect: '缺陷',
    title: (severity, project, what) => `【${severity}】${project}：${what}`,
    content: (severity, project, what, by) => `项目「${project}」的${severity}缺陷 ${what} 已确认${by ? `，确认人：${by}` : ''}，请尽快安排处理。`,
    note: (note) => `备注：${note}`,
    hiddenTitle: (severity, project) => `【${severity}】${project}：紧急缺陷`,
    hiddenContent: (severity, project) => `项目「${project}」有一个${severity}缺陷已确认。`,
  },
  en: {
    defect: 'Defect',
    title: (severity, project, what) => `[${severity}] ${project}: ${what}`,
    content: (severity, project, what, by) =>
      `A ${severity.toLowerCase()} defect, ${what}, was confirmed in project "${project}"${by ? ` by ${by}` : ''}. Please arrange its repair soon.`,
    note: (note) => `Note: ${note}`,
    hiddenTitle: (severity, project) => `[${severity}] ${project}: urgent defect`,
    hiddenContent: (severity, project) => `A ${severity.toLowerCase()} defect was confirmed in project "${project}".`,
  },
};

/**
 * What the notice of an urgent defect says in `language`. A reader who does not see the defect (outside the data
 * scope of its photo, e.g. a notice writer of another department) reads that there is one, not what or where.
 */
export function urgentDefectNotice(facts: UrgentDefectFacts, names: UrgentDefectNames, language: TextLanguage, visible: boolean): NoticeText {
  const text = TEXTS[language];
  const severity = DEFECT_SEVERITY_TEXTS[language][facts.severity];
  if (!visible) return { title: text.hiddenTitle(severity, names.project), content: text.hiddenContent(severity, names.project) };
  const what = `${names.category ?? text.defect} #${facts.defect_id}`;
  return {
    title: text.title(severity, names.project, what),
    content: [text.content(severity, names.project, what, facts.by), ...(facts.note ? [text.note(facts.note)] : [])].join('\n'),
  };
}

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
  broadcaster.written(notice, 'published');
}

/**
 * Notices as `request`'s reader gets them: a platform notice's title and content written from its facts in the
 * request's language, `texts` in both (the console shows its own language), and its `defect_id` only when the reader
 * sees that defect; a person's notice as written (`texts` null). `facts` stays on the server.
 */
export async function presentPlatformNotices(
  db: Kysely<Database>,
  request: FastifyRequest,
  language: TextLanguage,
  items: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const facts = new Map<unknown, UrgentDefectFacts>();
  for (const item of items) {
    const parsed = urgentDefectFactsSchema.safeParse(parseJson(typeof item.facts === 'string' ? item.facts : null, null));
    if (parsed.success) facts.set(item.id, parsed.data);
  }
  const all = [...facts.values()];
  const projectIds = [...new Set(items.filter((i) => facts.has(i.id)).map((i) => i.project_id as number))];
  const categoryIds = [...new Set(all.map((f) => f.category_id).filter((id): id is number => id !== null))];
  const defectIds = [...new Set(all.map((f) => f.defect_id))];
  const [projects, categories, visible] = await Promise.all([
    projectIds.length ? db.selectFrom('projects').select(['id', 'name']).where('id', 'in', projectIds).execute() : [],
    categoryIds.length ? db.selectFrom('defect_categories').select(['id', 'name_zh', 'name_en']).where('id', 'in', categoryIds).execute() : [],
    defectIds.length ? scopedDefects(db, request).clearSelect().select('defects.id').where('defects.id', 'in', defectIds).execute() : [],
  ]);
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const category = new Map(categories.map((c) => [c.id, c]));
  const seen = new Set(visible.map((d) => d.id));
  return items.map(({ facts: _stored, ...item }) => {
    const fact = facts.get(item.id);
    if (!fact) return { ...item, texts: null };
    const shown = seen.has(fact.defect_id);
    const names = (lang: TextLanguage): UrgentDefectNames => {
      const c = fact.category_id === null ? undefined : category.get(fact.category_id);
      return {
        project: projectName.get(item.project_id as number) ?? `#${String(item.project_id)}`,
        category: c ? (lang === 'en' ? c.name_en : c.name_zh) : null,
      };
    };
    const texts = { zh: urgentDefectNotice(fact, names('zh'), 'zh', shown), en: urgentDefectNotice(fact, names('en'), 'en', shown) };
    return { ...item, ...texts[language], texts, defect_id: shown ? fact.defect_id : null };
  });
}
