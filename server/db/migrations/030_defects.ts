import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationHelpers';

/** [code, zh-cn, en, children [code, zh-cn, en]]: common defects of the inspections the platform flies. */
const CATEGORIES: Array<[string, string, string, Array<[string, string, string]>]> = [
  [
    'power',
    '输电线路',
    'Power line',
    [
      ['power.insulator', '绝缘子破损', 'Damaged insulator'],
      ['power.conductor', '导线断股', 'Broken conductor strand'],
      ['power.bird_nest', '鸟巢', 'Bird nest'],
      ['power.foreign_object', '线路异物', 'Foreign object on the line'],
      ['power.tower_corrosion', '杆塔锈蚀', 'Tower corrosion'],
      ['power.vegetation', '树障', 'Vegetation encroachment'],
    ],
  ],
  [
    'solar',
    '光伏电站',
    'Solar plant',
    [
      ['solar.hot_spot', '热斑', 'Hot spot'],
      ['solar.cracked_panel', '组件破裂', 'Cracked panel'],
      ['solar.soiling', '积灰遮挡', 'Soiling or shading'],
      ['solar.string_fault', '组串故障', 'String fault'],
    ],
  ],
  [
    'pipeline',
    '油气管道',
    'Pipeline',
    [
      ['pipeline.leak', '泄漏', 'Leak'],
      ['pipeline.corrosion', '防腐层破损', 'Coating damage or corrosion'],
      ['pipeline.encroachment', '第三方施工占压', 'Third-party works or encroachment'],
      ['pipeline.exposed', '管道露管', 'Exposed pipe'],
    ],
  ],
  [
    'road_bridge',
    '道路桥梁',
    'Road and bridge',
    [
      ['road_bridge.crack', '裂缝', 'Crack'],
      ['road_bridge.spalling', '混凝土剥落', 'Concrete spalling'],
      ['road_bridge.exposed_rebar', '钢筋外露', 'Exposed rebar'],
      ['road_bridge.pothole', '坑槽', 'Pothole'],
      ['road_bridge.bearing', '支座病害', 'Bearing defect'],
    ],
  ],
  [
    'telecom',
    '通信铁塔',
    'Telecom tower',
    [
      ['telecom.antenna_tilt', '天线倾斜', 'Tilted antenna'],
      ['telecom.loose_bolt', '螺栓松动缺失', 'Loose or missing bolt'],
      ['telecom.corrosion', '塔身锈蚀', 'Tower corrosion'],
      ['telecom.cable', '线缆破损', 'Damaged cable'],
    ],
  ],
];

/**
 * Defects on photos (issue 31): a configurable category tree (seeded), the defects marked on media with their
 * workflow status, every workflow step (who, when), and media.has_defects for the library's filter.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('defect_categories'), ctx)
    .addColumn('parent_id', 'integer', (c) => c.references('defect_categories.id').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await idColumn(db.schema.createTable('defects'), ctx)
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('restrict'))
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('flight_record_id', 'integer', (c) => c.references('flight_reports.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (c) => c.references('defect_categories.id').onDelete('set null'))
    // 'low' | 'medium' | 'high' | 'critical'
    .addColumn('severity', 'varchar(8)', (c) => c.notNull())
    // 'new' | 'confirmed' | 'in_repair' | 'fixed' | 'verified' | 'rejected'
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    // JSON {type: 'rect'|'polygon', points: [[x, y], …]} in fractions of the photo.
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  for (const column of ['media_id', 'project_id', 'task_id', 'flight_record_id', 'status'])
    await db.schema.createIndex(`defects_${column}`).on('defects').column(column).execute();
  await idColumn(db.schema.createTable('defect_events'), ctx)
    .addColumn('defect_id', 'integer', (c) => c.notNull().references('defects.id').onDelete('cascade'))
    // 'create' | a workflow action
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('defect_events_defect').on('defect_events').column('defect_id').execute();
  // 1 while the photo has a defect that is not rejected (kept by the defect routes).
  await db.schema
    .alterTable('media')
    .addColumn('has_defects', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('media_has_defects').on('media').columns(['has_defects', 'taken_at']).execute();

  const table = db as unknown as Kysely<{
    defect_categories: { id?: number; parent_id: number | null; code: string; name_zh: string; name_en: string; sort: number };
  }>;
  for (const [sort, [code, zh, en, children]] of CATEGORIES.entries()) {
    const parent = await table
      .insertInto('defect_categories')
      .values({ parent_id: null, code, name_zh: zh, name_en: en, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    await table
      .insertInto('defect_categories')
      .values(
        children.map(([childCode, childZh, childEn], index) => ({ parent_id: parent.id!, code: childCode, name_zh: childZh, name_en: childEn, sort: index })),
      )
      .execute();
  }
}
