import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { TOPIC_NOTICES, type NoticeSignal } from '@shared/live';
import { NoticeBroadcaster } from '../../../server/entities/notice/broadcast';
import { connect, end, loginToken, nextMessage, recordMessages, startServer, subscribe, type TestServer } from './support';

describe('sysinfo/notice: notices reach the bell and the inbox over the broker', () => {
  let server: TestServer;
  let token: string;
  let web: MqttClient;
  beforeAll(async () => {
    server = await startServer();
    token = await loginToken(server);
    web = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    expect(await subscribe(web, TOPIC_NOTICES)).toBe(0);
  });
  afterAll(async () => {
    await end(web);
    await server?.close();
  });
  const api = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { id: number } | null }).data;
  };
  const signalOf = (id: number, change: NoticeSignal['change']) =>
    nextMessage(web, TOPIC_NOTICES, 5000, (p) => (p as NoticeSignal).notice_id === id && (p as NoticeSignal).change === change);

  it('a published notice, an edit and a delete are announced at once, naming the notice only', async () => {
    const created = nextMessage(web, TOPIC_NOTICES);
    const notice = (await api('POST', '/api/Notice/', { title: '维护通知', content: '今晚 22:00 停机维护', level: 'info' }))!;
    const { payload, retain } = await created;
    expect(retain).toBe(false);
    expect(payload).toEqual({ notice_id: notice.id, change: 'published', at: expect.any(Number) });
    const edited = signalOf(notice.id, 'updated');
    await api('PATCH', `/api/Notice/${notice.id}/`, { title: '维护通知（改期）' });
    await edited;
    const deleted = signalOf(notice.id, 'deleted');
    await api('DELETE', `/api/Notice/${notice.id}/`);
    await deleted;
  });

  it('a scheduled notice is announced when its publish time comes, not before', async () => {
    const recorder = recordMessages(web, TOPIC_NOTICES);
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const notice = (await api('POST', '/api/Notice/', { title: '定时通知', content: '稍后发布', level: 'warning', publish_at: publishAt }))!;
    expect(await recorder.untilMarker(server)).toEqual([]);
    const { payload } = await signalOf(notice.id, 'published');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect((payload as NoticeSignal).at).toBeGreaterThanOrEqual(Date.parse(publishAt));
  });
});

describe('NoticeBroadcaster', () => {
  it.each<[string, number, NoticeSignal['change'] | null]>([
    ['due now', 0, 'published'],
    ['due in the past', -60_000, 'published'],
    ['scheduled beyond the timer range', 30 * 86_400_000, null],
  ])('a notice %s', (_what, offsetMs, expected) => {
    const sent: NoticeSignal[] = [];
    const now = 1_800_000_000_000;
    const broadcaster = new NoticeBroadcaster(
      () => ({ publish: async (_t, payload) => void sent.push(JSON.parse(payload)) }),
      { warn: () => undefined },
      () => now,
    );
    broadcaster.written({ id: 1, publish_at: new Date(now + offsetMs).toISOString() }, 'published');
    broadcaster.stop();
    expect(sent.map((s) => s.change)).toEqual(expected ? [expected] : []);
  });

  it('a scheduled notice deleted before its time is never announced', () => {
    jest.useFakeTimers();
    try {
      const sent: NoticeSignal[] = [];
      const broadcaster = new NoticeBroadcaster(() => ({ publish: async (_t, payload) => void sent.push(JSON.parse(payload)) }), { warn: () => undefined });
      const notice = { id: 2, publish_at: new Date(Date.now() + 1000).toISOString() };
      broadcaster.written(notice, 'published');
      broadcaster.deleted(notice);
      jest.advanceTimersByTime(2000);
      expect(sent).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
