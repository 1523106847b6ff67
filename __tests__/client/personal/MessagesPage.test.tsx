import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { photo } from '../media/mediaFixtures';
import { loggedInState, renderApp } from '../support/renderApp';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

const wait = { timeout: 8000 };

describe('/personal/message and the bell', () => {
  it('asks the server for published notices only, marks one read and refreshes the bell', async () => {
    let unread = 1;
    const notice = { id: 1, title: '台风预警', content: '全部停飞', level: 'urgent', publish_at: '2026-01-01T00:00:00.000Z', read: false };
    const { calls } = renderApp('/personal/message', {
      routes: {
        'GET /Notice/': () => ({ items: [{ ...notice, read: unread === 0 }], total: 1 }),
        'GET /Notice/unread/': () => ({ count: unread }),
        'POST /Notice/1/read/': () => {
          unread = 0;
          return null;
        },
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByRole('link', { name: '未读消息 1 条' }, wait)).toBeInTheDocument();
    expect(await screen.findByText('台风预警', {}, wait)).toBeInTheDocument();
    const lists = calls.filter((c) => c.method === 'GET' && c.path === '/Notice/');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((c) => c.options?.query?.published === '1')).toBe(true);
    // The default filter stays out of the address.
    expect(window.location.hash).toBe('#/personal/message');
    await userEvent.click(screen.getByRole('button', { name: '标为已读 台风预警' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Notice/1/read/')).toBe(true));
    expect(await screen.findByRole('link', { name: '未读消息 0 条' }, wait)).toBeInTheDocument();
  });

  it("shows an urgent defect's notice in the console's language and links it to the defect, which /Defect opens", async () => {
    const notice = {
      id: 5,
      title: '【危急】输电线路：绝缘子破损 #7',
      content: '中文正文',
      texts: {
        zh: { title: '【危急】输电线路：绝缘子破损 #7', content: '中文正文' },
        en: { title: '[Critical] Power line: Broken insulator #7', content: 'A critical defect was confirmed.' },
      },
      level: 'urgent',
      publish_at: '2026-01-01T00:00:00.000Z',
      read: true,
      project_id: 1,
      defect_id: 7,
    };
    const defect = {
      id: 7,
      media_id: 1,
      project_id: 1,
      task_id: null,
      flight_record_id: null,
      category_id: null,
      severity: 'critical',
      status: 'confirmed',
      region: {
        type: 'rect',
        points: [
          [0.1, 0.1],
          [0.2, 0.2],
        ],
      },
      note: null,
      lat: null,
      lng: null,
      assignee_id: null,
      assignee_name: null,
      created_by: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      actions: ['repair', 'reject'],
    };
    const { calls } = renderApp('/personal/message', {
      routes: {
        'GET /Notice/': () => ({ items: [notice], total: 1 }),
        'GET /Notice/unread/': () => ({ count: 0 }),
        'GET /DefectCategory/': () => ({ items: [], total: 0 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
        'GET /Defect/7/': () => defect,
        'GET /Media/1/': () => photo(1, 'DJI_0001_W.JPG'),
      },
      preloadedState: { ...loggedInState, locale: { language: 'en' } },
    });
    await userEvent.click(await screen.findByText('[Critical] Power line: Broken insulator #7', {}, wait));
    expect(await screen.findByText('A critical defect was confirmed.', {}, wait)).toBeInTheDocument();
    expect(screen.queryByText('中文正文')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the defect' });
    expect(link).toHaveAttribute('href', '#/Defect?id=7');
    await userEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Photo of defect 7' }, wait);
    expect(await within(dialog).findByRole('img', { name: 'DJI_0001_W.JPG' }, wait)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/Defect/7/')).toBe(true);
  });

  it('filters the inbox by read state and level on the server, keeping published notices only', async () => {
    const { calls } = renderApp('/personal/message', {
      routes: { 'GET /Notice/': () => ({ items: [], total: 0 }), 'GET /Notice/unread/': () => ({ count: 0 }) },
      preloadedState: loggedInState,
    });
    await userEvent.click(await screen.findByRole('combobox', { name: '阅读状态' }, wait));
    await userEvent.click(await screen.findByRole('option', { name: '未读' }, wait));
    await userEvent.click(screen.getByRole('combobox', { name: '级别' }));
    await userEvent.click(await screen.findByRole('option', { name: '紧急' }, wait));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/Notice/').at(-1)?.options?.query).toMatchObject({ published: '1', unread: '1', level: 'urgent' }),
    );
  });

  it("links an urgent notice's row to its defect: opening it from the list reads the notice and opens /Defect", async () => {
    const urgent = {
      id: 5,
      title: '【危急】输电线路：缺陷 #7',
      content: '正文',
      level: 'urgent',
      publish_at: '2026-01-01T00:00:00.000Z',
      read: false,
      project_id: 1,
      defect_id: 7,
    };
    const people = {
      id: 6,
      title: '维护通知',
      content: '今晚停机',
      level: 'info',
      publish_at: '2026-01-01T00:00:00.000Z',
      read: false,
      project_id: null,
      defect_id: null,
    };
    const { calls } = renderApp('/personal/message', {
      routes: {
        'GET /Notice/': () => ({ items: [urgent, people], total: 2 }),
        'GET /Notice/unread/': () => ({ count: 2 }),
        'POST /Notice/5/read/': () => null,
        'GET /DefectCategory/': () => ({ items: [], total: 0 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
        'GET /Defect/7/': () => ({
          id: 7,
          media_id: 1,
          project_id: 1,
          severity: 'critical',
          status: 'confirmed',
          region: {
            type: 'rect',
            points: [
              [0.1, 0.1],
              [0.2, 0.2],
            ],
          },
          actions: [],
        }),
        'GET /Media/1/': () => photo(1, 'DJI_0001_W.JPG'),
      },
      preloadedState: loggedInState,
    });
    const link = await screen.findByRole('link', { name: '查看缺陷 #7' }, wait);
    expect(link).toHaveAttribute('href', '#/Defect?id=7');
    expect(link).toHaveTextContent('缺陷 #7');
    // A person's notice has no defect to link.
    expect(screen.getAllByRole('link', { name: /查看缺陷/ })).toHaveLength(1);
    await userEvent.click(link);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Notice/5/read/')).toBe(true));
    expect(await screen.findByRole('dialog', { name: '缺陷 7 的照片' }, wait)).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Defect?id=7');
  });
});
