import { type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('notices API (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, addUser } = api;
  /** Published notices of this file's fixture. */
  const NOTICES = 3;

  beforeAll(async () => {
    await addUser('viewer1', 'viewer');
    await addUser('operator1', 'operator');
    for (let i = 1; i <= NOTICES; i++) {
      const publishAt = new Date(Date.now() - i * 3_600_000).toISOString();
      expect((await call('POST', '/api/Notice/', 'admin', { title: `Notice ${i}`, content: `text ${i}`, publish_at: publishAt })).status).toBe(200);
    }
  });

  describe(`notices (${dialect})`, () => {
    it('keeps per-user unread notices', async () => {
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(NOTICES);
      const first = (await call('GET', '/api/Notice/?page_size=1', 'viewer1')).body.data.items[0];
      expect(first.read).toBe(false);
      expect((await call('POST', `/api/Notice/${first.id}/read/`, 'viewer1', {})).status).toBe(200);
      expect((await call('POST', `/api/Notice/${first.id}/read/`, 'viewer1', {})).status).toBe(200);
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(NOTICES - 1);
      expect((await call('GET', '/api/Notice/unread/', 'operator1')).body.data.count).toBe(NOTICES);
      expect((await call('GET', `/api/Notice/${first.id}/`, 'viewer1')).body.data.read).toBe(true);
      expect((await call('POST', '/api/Notice/read-all/', 'viewer1', {})).body.data.marked).toBe(NOTICES - 1);
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(0);
      expect((await call('POST', '/api/Notice/99999/read/', 'viewer1', {})).status).toBe(404);
    });

    it('hides scheduled notices until their publish time, except from notice writers', async () => {
      const scheduled = (await call('POST', '/api/Notice/', 'admin', { title: 'Scheduled', content: 'later', publish_at: '2099-01-01T00:00:00Z' })).body.data;
      const ids = async (as: string) => (await call('GET', '/api/Notice/?page_size=100', as)).body.data.items.map((n: { id: number }) => n.id);
      expect(await ids('viewer1')).not.toContain(scheduled.id);
      expect(await ids('admin')).toContain(scheduled.id);
      expect((await call('GET', '/api/Notice/unread/', 'operator1')).body.data.count).toBe(NOTICES);
      expect((await call('GET', `/api/Notice/${scheduled.id}/`, 'viewer1')).status).toBe(404);
      expect((await call('POST', `/api/Notice/${scheduled.id}/read/`, 'viewer1', {})).status).toBe(404);
      expect((await call('POST', `/api/Notice/${scheduled.id}/read/`, 'admin', {})).status).toBe(404);
      expect((await call('GET', `/api/Notice/${scheduled.id}/`, 'admin')).body.data.title).toBe('Scheduled');
      expect((await call('DELETE', `/api/Notice/${scheduled.id}/`, 'admin')).status).toBe(200);
    });

    it('filters notices by published state for everyone, writers included', async () => {
      const scheduled = (await call('POST', '/api/Notice/', 'admin', { title: 'Later', content: 'later', publish_at: '2099-01-01T00:00:00Z' })).body.data;
      try {
        const list = async (query: string, as: string) =>
          (await call('GET', `/api/Notice/?page_size=100&${query}`, as)).body.data as { items: { id: number; publish_at: string }[]; total: number };
        const published = await list('published=1', 'admin');
        expect(published.total).toBe(NOTICES);
        expect(published.items.every((n) => Date.parse(n.publish_at) <= Date.now())).toBe(true);
        expect((await list('published=0', 'admin')).items.map((n) => n.id)).toEqual([scheduled.id]);
        expect((await list('published=1', 'viewer1')).total).toBe(NOTICES);
        expect((await list('published=0', 'viewer1')).total).toBe(0);
        const bad = await call('GET', '/api/Notice/?published=yes', 'viewer1');
        expect(bad.status).toBe(400);
        expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'published' })]);
      } finally {
        await call('DELETE', `/api/Notice/${scheduled.id}/`, 'admin');
      }
    });
  });
});
