import type { Kysely, Selectable } from 'kysely';
import { DEFECT_SEVERITY_TEXTS, announcesUrgentDefect, type DefectSeverity, type DefectStatus } from '@shared/entities/defectStatus';
import type { Database, DefectsTable } from '../db/schema';
import type { NoticeBroadcaster } from '../entities/notice/broadcast';
import { insertPlatformNotice } from '../entities/notice/service';

type DefectRow = Selectable<DefectsTable>;

/** What the notice of an urgent defect says (in the platform's language, zh-cn, like the notices people write). */
export function urgentDefectNotice(defect: {
  id: number;
  severity: DefectSeverity;
  category: string | null;
  project: string;
  by: string | null;
  note: string | null;
}): { title: string; content: string } {
  const severity = DEFECT_SEVERITY_TEXTS.zh[defect.severity];
  const what = defect.category ?? '缺陷';
  return {
    title: `【${severity}】${defect.project}：${what} #${defect.id}`,
    content: [
      `项目「${defect.project}」的${severity}缺陷 #${defect.id}（${what}）已确认${defect.by ? `，确认人：${defect.by}` : ''}，请尽快安排处理。`,
      ...(defect.note ? [`备注：${defect.note}`] : []),
    ].join('\n'),
  };
}

/**
 * A defect's change that makes it confirmed and urgent (announcesUrgentDefect) notifies its project's users: a
 * notice for that project only (bell and inbox), announced on sysinfo/notice.
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
  const project = await db.selectFrom('projects').select('name').where('id', '=', after.project_id).executeTakeFirst();
  const category = after.category_id
    ? await db.selectFrom('defect_categories').select('name_zh').where('id', '=', after.category_id).executeTakeFirst()
    : undefined;
  const text = urgentDefectNotice({
    id: after.id,
    severity: after.severity as DefectSeverity,
    category: category?.name_zh ?? null,
    project: project?.name ?? `#${after.project_id}`,
    by,
    note: after.note,
  });
  const notice = await insertPlatformNotice(db, { ...text, level: 'urgent', project_id: after.project_id, defect_id: after.id });
  broadcaster.written(notice, 'published');
}
