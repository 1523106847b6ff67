import { announcesUrgentDefect, type DefectSeverity, type DefectStatus } from '@shared/entities/defectStatus';
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

describe.each<Dialect>(['sqlite', 'postgres'])('a confirmed urgent defect notifies its project users (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let mediaId: number;

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
    const member = (await call('GET', '/api/User/?search=member', 'admin')).body.data.items.find((u: { username: string }) => u.username === 'member');
    const project = (await call('POST', '/api/Project/', 'admin', { name: `输电线路巡检 ${dialect}`, status: 'active', members: [member.id] })).body.data;
    mediaId = (await uploadPhoto(api, 'admin', project.id)).json().data.item.id;
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
