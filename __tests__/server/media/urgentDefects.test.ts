import { announcesUrgentDefect, type DefectSeverity, type DefectStatus } from '@shared/entities/defectStatus';
import { sql } from 'kysely';
import { insertPlatformNotice } from '../../../server/entities/notice/service';
import { noticeTextSql, type UrgentDefectFacts } from '../../../server/media/urgentDefects';
import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { RECT, uploadPhoto } from './photoFixtures';

describe('announcesUrgentDefect: which change of a defect notifies its project', () => {
  const d = (status: DefectStatus, severity: DefectSeverity) => ({ status, severity });
  it.each([
    ['confirmed as high', d('new', 'high'), d('confirmed', 'high'), true],
    ['confirmed as critical', d('new', 'critical'), d('confirmed', 'critical'), true],
    ['confirmed as medium', d('new', 'medium'), d('confirmed', 'medium'), false],
    ['a new defect raised to critical (not confirmed yet)', d('new', 'low'), d('new', 'critical'), false],
    ['a confirmed defect raised from low to high', d('confirmed', 'low'), d('confirmed', 'high'), true],
    ['in repair, raised from medium to critical', d('in_repair', 'medium'), d('in_repair', 'critical'), true],
    ['already announced: high raised to critical', d('confirmed', 'high'), d('confirmed', 'critical'), false],
    ['already announced: repair started', d('confirmed', 'high'), d('in_repair', 'high'), false],
    ['a fixed defect raised to critical', d('fixed', 'low'), d('fixed', 'critical'), false],
    ['rejected', d('new', 'critical'), d('rejected', 'critical'), false],
  ])('%s', (_what, before, after, announces) => {
    expect(announcesUrgentDefect(before, after)).toBe(announces);
  });
});

describe.each<Dialect>(['sqlite', 'postgres'])(
  "noticeTextSql: what an urgent defect's notice says, in the reader's language, from the stored facts (%s)",
  (dialect) => {
    const api = useTestApi(dialect, { demoSeed: false });
    const facts: UrgentDefectFacts = {
      kind: 'urgent_defect',
      defect_id: 7,
      severity: 'critical',
      category_id: null,
      task_id: 2,
      media_id: 5,
      by: 'zhang',
      note: '伞裙破损',
    };
    let projectId: number;
    let categoryId: number;

    beforeAll(async () => {
      const db = api.server.handle.app.db;
      projectId = (await api.call('POST', '/api/Project/', 'admin', { name: '输电线路', status: 'active' })).body.data.id as number;
      categoryId = (
        await db
          .insertInto('defect_categories')
          .values({ parent_id: null, code: `broken-insulator-${dialect}`, name_zh: '绝缘子破损', name_en: 'Broken insulator' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });

    /** The notice of `stored` facts as SQL writes it for a reader who sees its defect (`seen`) or not. */
    const written = async (stored: UrgentDefectFacts, language: 'zh' | 'en', seen: boolean) => {
      const db = api.server.handle.app.db;
      const notice = await insertPlatformNotice(db, {
        facts: { ...stored, category_id: stored.category_id && categoryId },
        level: 'urgent',
        project_id: projectId,
        defect_id: 7,
      });
      const condition = seen ? sql`1 = 1` : sql`1 = 0`;
      return db
        .selectFrom('notices')
        .select([noticeTextSql(db, 'title', language, condition).as('title'), noticeTextSql(db, 'content', language, condition).as('content')])
        .where('id', '=', notice.id)
        .executeTakeFirstOrThrow();
    };

    it.each<[string, UrgentDefectFacts, 'zh' | 'en', boolean, { title: string; content: string }]>([
      [
        'zh, seen',
        { ...facts, category_id: 1 },
        'zh',
        true,
        {
          title: '【危急】输电线路：绝缘子破损 #7',
          content: '项目「输电线路」的危急缺陷 绝缘子破损 #7 已确认，确认人：zhang，请尽快安排处理。\n备注：伞裙破损',
        },
      ],
      [
        'en, seen',
        { ...facts, category_id: 1 },
        'en',
        true,
        {
          title: '[Critical] 输电线路: Broken insulator #7',
          content: 'A critical defect, Broken insulator #7, was confirmed in project "输电线路" by zhang. Please arrange its repair soon.\nNote: 伞裙破损',
        },
      ],
      [
        'en, no category, confirmer or note',
        { ...facts, severity: 'high', by: null, note: null },
        'en',
        true,
        { title: '[High] 输电线路: Defect #7', content: 'A high defect, Defect #7, was confirmed in project "输电线路". Please arrange its repair soon.' },
      ],
      [
        'zh, no category, confirmer or note',
        { ...facts, severity: 'high', by: null, note: null },
        'zh',
        true,
        { title: '【严重】输电线路：缺陷 #7', content: '项目「输电线路」的严重缺陷 缺陷 #7 已确认，请尽快安排处理。' },
      ],
      ['zh, not seen', { ...facts, category_id: 1 }, 'zh', false, { title: '【危急】输电线路：紧急缺陷', content: '项目「输电线路」有一个危急缺陷已确认。' }],
      [
        'en, not seen',
        { ...facts, category_id: 1 },
        'en',
        false,
        { title: '[Critical] 输电线路: urgent defect', content: 'A critical defect was confirmed in project "输电线路".' },
      ],
    ])('%s', async (_what, stored, language, seen, expected) => {
      expect(await written(stored, language, seen)).toEqual(expected);
    });
  },
);

describe.each<Dialect>(['sqlite', 'postgres'])('a confirmed urgent defect notifies its project users (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let mediaId: number;
  let projectId: number;

  const unread = async (as: string) => (await call('GET', '/api/Notice/unread/', as)).body.data.count as number;
  const noticesOf = async (as: string) =>
    (await call('GET', '/api/Notice/?page_size=100', as)).body.data.items as {
      id: number;
      title: string;
      content: string;
      level: string;
      project_id: number | null;
      defect_id: number | null;
    }[];
  const newDefect = async (severity: DefectSeverity) =>
    (await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity, note: '伞裙破损' })).body.data.id as number;

  beforeAll(async () => {
    await api.addUser('member', 'operator');
    await api.addUser('stranger', 'operator');
    // Writes notices (so sees every notice) but sees only its own photos (so none of these defects).
    expect(
      (await call('POST', '/api/Role/', 'admin', { code: 'notice_writer', name: '通知员', permissions: ['notice:write', 'task:read'], data_scope: 'own' }))
        .status,
    ).toBe(200);
    await api.addUser('writer', 'notice_writer');
    const member = (await call('GET', '/api/User/?search=member', 'admin')).body.data.items.find((u: { username: string }) => u.username === 'member');
    projectId = (await call('POST', '/api/Project/', 'admin', { name: `输电线路巡检 ${dialect}`, status: 'active', members: [member.id] })).body.data.id;
    mediaId = (await uploadPhoto(api, 'admin', projectId)).json().data.item.id;
  });

  it("confirming a high defect puts an urgent notice in the project members' bell and inbox, and nobody else's", async () => {
    const [memberBefore, strangerBefore] = [await unread('member'), await unread('stranger')];
    const id = await newDefect('high');
    expect(await unread('member')).toBe(memberBefore);
    expect((await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {})).status).toBe(200);

    expect(await unread('member')).toBe(memberBefore + 1);
    const notice = (await noticesOf('member')).find((n) => n.defect_id === id);
    expect(notice).toMatchObject({ level: 'urgent', project_id: expect.any(Number) });
    expect(notice!.title).toContain(`#${id}`);
    expect(notice!.title).toContain('严重');
    expect(notice!.content).toContain(`输电线路巡检 ${dialect}`);
    expect(notice!.content).toContain('伞裙破损');

    // Not a member: neither counted, nor listed, nor readable by its id.
    expect(await unread('stranger')).toBe(strangerBefore);
    expect((await noticesOf('stranger')).some((n) => n.defect_id === id)).toBe(false);
    expect((await call('GET', `/api/Notice/${notice!.id}/`, 'stranger')).status).toBe(404);
    expect((await call('POST', `/api/Notice/${notice!.id}/read/`, 'stranger', {})).status).toBe(404);

    // The member reads it: the bell goes back down.
    expect((await call('POST', `/api/Notice/${notice!.id}/read/`, 'member', {})).status).toBe(200);
    expect(await unread('member')).toBe(memberBefore);
  });

  it("the notice is written in each reader's language (?lang=, Accept-Language) and carries both texts", async () => {
    const category = (await call('GET', '/api/DefectCategory/', 'admin')).body.data.items[0] as { id: number; name_zh: string; name_en: string };
    const id = (
      await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'critical', category_id: category.id, note: 'cracked' })
    ).body.data.id as number;
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    const zh = (await noticesOf('member')).find((n) => n.defect_id === id)!;
    expect(zh.title).toBe(`【危急】输电线路巡检 ${dialect}：${category.name_zh} #${id}`);
    const en = (await call('GET', '/api/Notice/?page_size=100&lang=en', 'member')).body.data.items.find((n: { id: number }) => n.id === zh.id);
    expect(en.title).toBe(`[Critical] 输电线路巡检 ${dialect}: ${category.name_en} #${id}`);
    expect(en.content).toContain('by admin');
    expect(en.content).toContain('Note: cracked');
    expect(en.texts).toEqual({ zh: { title: zh.title, content: zh.content }, en: { title: en.title, content: en.content } });
    expect(en).not.toHaveProperty('facts');
    const byId = await call('GET', `/api/Notice/${zh.id}/`, 'member', undefined, { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' });
    expect(byId.body.data).toMatchObject({ title: en.title, content: en.content, defect_id: id });
    // People's notices stay as written.
    const people = (await call('POST', '/api/Notice/', 'admin', { title: '维护通知', content: '今晚停机维护', level: 'info' })).body.data.id as number;
    expect((await call('GET', `/api/Notice/${people}/?lang=en`, 'member')).body.data).toMatchObject({ title: '维护通知', texts: null, defect_id: null });
  });

  it('a notice writer who does not see the defect reads that there is one, without its id or details', async () => {
    const id = await newDefect('high');
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    const notice = (await noticesOf('member')).find((n) => n.defect_id === id)!;
    const seen = (await call('GET', `/api/Notice/${notice.id}/`, 'writer')).body.data;
    expect(seen).toMatchObject({ level: 'urgent', defect_id: null, title: `【严重】输电线路巡检 ${dialect}：紧急缺陷` });
    expect(JSON.stringify(seen)).not.toContain('伞裙破损');
    expect(JSON.stringify(seen)).not.toContain(`#${id}`);
    expect((await call('GET', `/api/Defect/${id}/`, 'writer')).status).toBe(404);
    // The members see it, with the defect.
    expect(notice.title).toContain(`#${id}`);
  });

  it("the notices' text search finds an urgent notice by the text its reader reads, in the reader's language", async () => {
    const category = (await call('GET', '/api/DefectCategory/', 'admin')).body.data.items[1] as { id: number; name_zh: string; name_en: string };
    const id = (
      await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'high', category_id: category.id, note: 'flashover marks' })
    ).body.data.id as number;
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    const found = async (as: string, search: string, lang = 'zh-cn') =>
      (
        (await call('GET', `/api/Notice/?page_size=100&lang=${lang}&search=${encodeURIComponent(search)}`, as)).body.data.items as {
          id: number;
          defect_id: number | null;
          title: string;
        }[]
      ).map((n) => n.title);
    const zhTitle = `【严重】输电线路巡检 ${dialect}：${category.name_zh} #${id}`;
    const enTitle = `[High] 输电线路巡检 ${dialect}: ${category.name_en} #${id}`;
    // By its title, its content's words, its note, the confirmer: in the language the reader reads it.
    expect(await found('member', `${category.name_zh} #${id}`)).toEqual([zhTitle]);
    expect(await found('member', `严重缺陷 ${category.name_zh} #${id}`)).toEqual([zhTitle]);
    expect(await found('member', `${category.name_en.toUpperCase()} #${id}`, 'en')).toEqual([enTitle]);
    expect(await found('member', `was confirmed in project "输电线路巡检 ${dialect}" by admin`, 'en')).toContain(enTitle);
    expect(await found('member', 'flashover marks')).toEqual([zhTitle]);
    // Not by the other language's words.
    expect(await found('member', `${category.name_en} #${id}`)).toEqual([]);
    expect(await found('member', `${category.name_zh} #${id}`, 'en')).toEqual([]);
    // A reader who does not see the defect finds what they read (that there is one), never its details.
    expect(await found('writer', 'flashover marks')).toEqual([]);
    expect(await found('writer', `#${id}`)).toEqual([]);
    expect(await found('writer', `【严重】输电线路巡检 ${dialect}：紧急缺陷`)).not.toHaveLength(0);
    // People's notices are found as written.
    await call('POST', '/api/Notice/', 'admin', { title: '线路巡检安排', content: `flashover drill ${dialect}`, level: 'info' });
    expect(await found('member', `flashover drill ${dialect}`)).toEqual(['线路巡检安排']);
  });

  it('the text search follows the names an urgent notice shows: a renamed project, a removed category', async () => {
    const category = (await call('POST', '/api/DefectCategory/', 'admin', { code: `arcing-${dialect}`, name_zh: '电弧灼伤', name_en: 'Arc burn' })).body.data;
    const id = (await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'high', category_id: category.id })).body.data
      .id as number;
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    const titles = async (search: string) =>
      ((await call('GET', `/api/Notice/?page_size=100&search=${encodeURIComponent(search)}`, 'member')).body.data.items as { title: string }[]).map(
        (n) => n.title,
      );
    try {
      expect((await call('PATCH', `/api/Project/${projectId}/`, 'admin', { name: `线路更名 ${dialect}` })).status).toBe(200);
      expect(await titles(`线路更名 ${dialect}：电弧灼伤 #${id}`)).toEqual([`【严重】线路更名 ${dialect}：电弧灼伤 #${id}`]);
      expect(await titles(`输电线路巡检 ${dialect}：电弧灼伤`)).toEqual([]);
      expect((await call('DELETE', `/api/DefectCategory/${category.id}/`, 'admin')).status).toBe(200);
      expect(await titles(`线路更名 ${dialect}：缺陷 #${id}`)).toEqual([`【严重】线路更名 ${dialect}：缺陷 #${id}`]);
      expect(await titles(`电弧灼伤 #${id}`)).toEqual([]);
    } finally {
      await call('PATCH', `/api/Project/${projectId}/`, 'admin', { name: `输电线路巡检 ${dialect}` });
    }
  });

  it('the text search follows a deleted project: its urgent notices name it by its number', async () => {
    const gone = (await call('POST', '/api/Project/', 'admin', { name: `光伏巡检 ${dialect}`, status: 'active' })).body.data.id as number;
    const photo = (await uploadPhoto(api, 'admin', gone)).json().data.item.id as number;
    const defect = (await call('POST', '/api/Defect/', 'admin', { media_id: photo, region: RECT, severity: 'critical' })).body.data.id as number;
    await call('POST', `/api/Defect/${defect}/confirm/`, 'admin', {});
    // The project can go once its photo and defect have (both restrict it); its notice stays, for notice writers.
    expect((await call('DELETE', `/api/Defect/${defect}/`, 'admin')).status).toBe(200);
    expect((await call('DELETE', `/api/Media/${photo}/`, 'admin')).status).toBe(200);
    expect((await call('DELETE', `/api/Project/${gone}/`, 'admin')).status).toBe(200);
    const titles = async (search: string) =>
      ((await call('GET', `/api/Notice/?page_size=100&search=${encodeURIComponent(search)}`, 'admin')).body.data.items as { title: string }[]).map(
        (n) => n.title,
      );
    expect(await titles(`【危急】#${gone}：紧急缺陷`)).toEqual([`【危急】#${gone}：紧急缺陷`]);
    expect(await titles(`光伏巡检 ${dialect}`)).toEqual([]);
  });

  it('the list filters by read state (unread=1 / unread=0) with its total, beside level and search', async () => {
    const id = await newDefect('critical');
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    const list = async (query: string) =>
      (await call('GET', `/api/Notice/?page_size=100&${query}`, 'member')).body.data as {
        total: number;
        items: { id: number; read: boolean; defect_id: number | null }[];
      };
    const unread = await list('unread=1');
    expect(unread.total).toBe(await (async () => (await call('GET', '/api/Notice/unread/', 'member')).body.data.count as number)());
    expect(unread.items.every((n) => !n.read)).toBe(true);
    const notice = unread.items.find((n) => n.defect_id === id)!;
    expect((await list(`unread=1&level=urgent&search=${encodeURIComponent(`#${id}`)}`)).items.map((n) => n.id)).toEqual([notice.id]);
    await call('POST', `/api/Notice/${notice.id}/read/`, 'member', {});
    expect((await list(`unread=1&level=urgent&search=${encodeURIComponent(`#${id}`)}`)).total).toBe(0);
    expect((await list(`unread=0&level=urgent&search=${encodeURIComponent(`#${id}`)}`)).items).toMatchObject([{ id: notice.id, read: true }]);
    expect((await list('unread=1')).total).toBe(unread.total - 1);
    expect((await call('GET', '/api/Notice/?unread=2', 'member')).status).toBe(400);
  });

  it('a low defect confirmed notifies nobody; raised to critical afterwards it does, once', async () => {
    const id = await newDefect('low');
    await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
    expect((await noticesOf('member')).some((n) => n.defect_id === id)).toBe(false);
    expect((await call('PUT', `/api/Defect/${id}/`, 'admin', { severity: 'critical' })).status).toBe(200);
    expect((await noticesOf('member')).filter((n) => n.defect_id === id)).toHaveLength(1);
    // Starting the repair of an announced defect announces nothing more.
    await call('POST', `/api/Defect/${id}/repair/`, 'admin', {});
    expect((await noticesOf('member')).filter((n) => n.defect_id === id)).toHaveLength(1);
  });

  it("the urgent-defect service and the notice routes announce through the server's one NoticeBroadcaster", async () => {
    const app = api.server.handle.app;
    expect(app.hasPlugin('skyline-notices')).toBe(true);
    const written = jest.spyOn(app.notices, 'written');
    try {
      const id = await newDefect('critical');
      await call('POST', `/api/Defect/${id}/confirm/`, 'admin', {});
      const urgent = (await noticesOf('member')).find((n) => n.defect_id === id)!;
      const people = (await call('POST', '/api/Notice/', 'admin', { title: '巡检安排', content: '明日巡检', level: 'info' })).body.data.id as number;
      expect(written.mock.calls.map(([notice, change]) => [notice.id, change])).toEqual([
        [urgent.id, 'published'],
        [people, 'published'],
      ]);
    } finally {
      written.mockRestore();
    }
  });

  it('the notices people write still reach everyone', async () => {
    const before = await unread('stranger');
    expect((await call('POST', '/api/Notice/', 'admin', { title: '维护通知', content: '今晚停机维护', level: 'info' })).status).toBe(200);
    expect(await unread('stranger')).toBe(before + 1);
  });
});
