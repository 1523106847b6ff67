import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noticeState, WITHDRAWN_AT } from '../../../src/features/notices/noticeRules';
import { loggedInState, renderApp } from '../support/renderApp';
import { httpError } from '../support/testStore';
import { chooseRowAction } from '../support/rowActions';
import { noticeRow } from '../support/rows';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

const wait = { timeout: 8000 };
const published = noticeRow({ id: 1, title: '台风预警', content: '停飞', level: 'urgent', publish_at: '2026-01-01T00:00:00.000Z', read: false });
const withdrawn = noticeRow({ id: 2, title: '旧通知', content: 'x', level: 'info', publish_at: WITHDRAWN_AT, read: false });

describe('notice state', () => {
  it.each([
    [published, 'published'],
    [withdrawn, 'withdrawn'],
    [{ ...published, publish_at: '2999-01-01T00:00:00.000Z' }, 'scheduled'],
  ])('%#', (row, state) => expect(noticeState(row)).toBe(state));
});

describe('/sys/notice', () => {
  it('withdraws a published notice and publishes a withdrawn one', async () => {
    const { calls } = renderApp('/sys/notice', {
      routes: {
        'GET /Notice/': () => ({ items: [published, withdrawn], total: 2 }),
        'PUT /Notice/1/': () => ({}),
        'PUT /Notice/2/': () => ({}),
        'GET /Notice/unread/': () => ({ count: 1 }),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('台风预警', {}, wait)).toBeInTheDocument();
    await chooseRowAction('台风预警', '撤回');
    await waitFor(() => expect(calls.find((c) => c.path === '/Notice/1/')?.options?.body).toEqual({ publish_at: WITHDRAWN_AT }));
    await chooseRowAction('旧通知', '发布');
    await waitFor(() => expect((calls.find((c) => c.path === '/Notice/2/')?.options?.body as { publish_at: string }).publish_at).not.toBe(WITHDRAWN_AT));
  });

  it("links an urgent defect's notice to its defect from its row", async () => {
    const urgent = {
      ...published,
      id: 3,
      title: '',
      content: '',
      texts: { zh: { title: '【严重】线路：缺陷 #9', content: '正文' }, en: { title: '[High] Line: Defect #9', content: 'Text' } },
      defect_id: 9,
    };
    renderApp('/sys/notice', {
      routes: { 'GET /Notice/': () => ({ items: [urgent, published], total: 2 }), 'GET /Notice/unread/': () => ({ count: 1 }) },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('【严重】线路：缺陷 #9', {}, wait)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /查看缺陷/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#/Defect?id=9']);
  });

  it.each([
    ['publish', '旧通知', '发布', 'PUT /Notice/2/', '发布失败：该公告已被他人修改，请刷新后重试'],
    ['withdraw', '台风预警', '撤回', 'PUT /Notice/1/', '撤回失败：该公告已被他人修改，请刷新后重试'],
  ])("a refused %s (409) shows the server's reason once, as an error", async (_name, row, action, route, text) => {
    renderApp('/sys/notice', {
      routes: {
        'GET /Notice/': () => ({ items: [published, withdrawn], total: 2 }),
        [route]: httpError(409, 'The notice changed meanwhile', { error_code: 'common.changed_meanwhile', params: { entity: 'notice' } }),
        'GET /Notice/unread/': () => ({ count: 1 }),
      },
      preloadedState: loggedInState,
    });
    await screen.findByRole('button', { name: `${row} 的操作` }, wait);
    await chooseRowAction(row, action);
    const alert = await screen.findByRole('alert', {}, wait);
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByText(/请求失败|changed meanwhile/)).not.toBeInTheDocument();
  });

  it('create validates title and content', async () => {
    const { calls } = renderApp('/sys/notice', {
      routes: { 'GET /Notice/': () => ({ items: [], total: 0 }), 'GET /Notice/unread/': () => ({ count: 0 }) },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('暂无数据', {}, wait)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建通知' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('必填')).length).toBe(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
