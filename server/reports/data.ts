import type { Kysely } from 'kysely';
import type { DefectRegion, DefectSeverity, DefectStatus } from '@shared/entities/defect';
import type { Database } from '../db/schema';
import { parseJson } from '../db/json';
import { withDataScope } from '../rbac/scopeQuery';
import type { DataScopeRule } from '../rbac/dataScope';
import type { TextLanguage } from '../http/language';

export interface ReportPhoto {
  id: number;
  name: string;
  object_key: string;
  taken_at: string | null;
  lat: number | null;
  lng: number | null;
}

export interface ReportDefect {
  no: number;
  id: number;
  media_id: number;
  category: string;
  severity: DefectSeverity;
  status: DefectStatus;
  lat: number | null;
  lng: number | null;
  note: string;
  region: DefectRegion;
}

/** What an inspection report shows of one task: the task, its photos in time order and their defects. */
export interface ReportData {
  task: { id: number; name: string; aircraft: string | null; pilot: string | null; started_at: string | null; finished_at: string | null };
  photos: ReportPhoto[];
  defects: ReportDefect[];
}

/** The report's content for a task, through the caller's data scope (photos it does not see are left out). */
export async function taskReportData(db: Kysely<Database>, taskId: number, rule: DataScopeRule, language: TextLanguage): Promise<ReportData> {
  const task = await db
    .selectFrom('tasks')
    .leftJoin('devices', 'devices.id', 'tasks.device_id')
    .leftJoin('users', 'users.id', 'tasks.pilot_id')
    .select(['tasks.id', 'tasks.name', 'tasks.started_at', 'tasks.finished_at', 'devices.name as aircraft', 'users.display_name as pilot'])
    .where('tasks.id', '=', taskId)
    .executeTakeFirstOrThrow();
  const photos = await withDataScope(
    db
      .selectFrom('media')
      .select(['media.id', 'media.name', 'media.object_key', 'media.taken_at', 'media.lat', 'media.lng'])
      .where('media.task_id', '=', taskId),
    'media',
    rule,
  )
    .where('media.type', '=', 'photo')
    .orderBy('media.taken_at')
    .orderBy('media.id')
    .execute();
  const shown = photos.map((p) => p.id);
  const rows = shown.length
    ? await db
        .selectFrom('defects')
        .leftJoin('defect_categories', 'defect_categories.id', 'defects.category_id')
        .select([
          'defects.id',
          'defects.media_id',
          'defects.severity',
          'defects.status',
          'defects.lat',
          'defects.lng',
          'defects.note',
          'defects.region',
          'defect_categories.name_zh',
          'defect_categories.name_en',
        ])
        .where('defects.media_id', 'in', shown)
        .where('defects.status', '!=', 'rejected')
        .orderBy('defects.id')
        .execute()
    : [];
  return {
    task,
    photos,
    defects: rows.map((row, index) => ({
      no: index + 1,
      id: row.id,
      media_id: row.media_id,
      category: (language === 'zh' ? row.name_zh : row.name_en) ?? '',
      severity: row.severity as DefectSeverity,
      status: row.status as DefectStatus,
      lat: row.lat,
      lng: row.lng,
      note: row.note ?? '',
      region: parseJson<DefectRegion>(row.region, {
        type: 'rect',
        points: [
          [0, 0],
          [1, 1],
        ],
      }),
    })),
  };
}
