import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import * as noticeFacts from '../../../server/db/migrations/097_notice_facts';
import { urgentDefectFactsSchema } from '../../../server/media/urgentDefects';

describe('migration 097_notice_facts on a database with zh-only urgent notices', () => {
  it("gives each urgent defect's notice its defect's facts in place of the zh text; people's notices stay as written", async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    // The columns of notices (002, 091) and defects (030) the migration reads.
    await sql`create table notices (id integer primary key, title varchar(200) not null, content text not null, defect_id integer)`.execute(db);
    await sql`create table defects (id integer primary key, severity text, category_id integer, task_id integer, media_id integer, note text)`.execute(db);
    await sql`insert into defects values (7, 'critical', 3, 2, 5, '伞裙破损'), (8, 'high', null, null, 6, null)`.execute(db);
    await sql`insert into notices values (1, '【危急】线路：绝缘子 #7', '项目「线路」的危急缺陷…', 7), (2, '维护通知', '今晚停机', null), (3, '【严重】线路：缺陷 #8', '…', 8)`.execute(
      db,
    );

    await noticeFacts.up(db);

    const rows = (
      await sql<{ id: number; title: string; content: string; facts: string | null }>`select id, title, content, facts from notices order by id`.execute(db)
    ).rows;
    expect(rows[1]).toEqual({ id: 2, title: '维护通知', content: '今晚停机', facts: null });
    expect(rows[0]).toMatchObject({ title: '', content: '' });
    expect(urgentDefectFactsSchema.parse(JSON.parse(rows[0].facts!))).toEqual({
      kind: 'urgent_defect',
      defect_id: 7,
      severity: 'critical',
      category_id: 3,
      task_id: 2,
      media_id: 5,
      by: null,
      note: '伞裙破损',
    });
    expect(urgentDefectFactsSchema.parse(JSON.parse(rows[2].facts!))).toMatchObject({ defect_id: 8, severity: 'high', category_id: null, note: null });
    await db.destroy();
  });
});
