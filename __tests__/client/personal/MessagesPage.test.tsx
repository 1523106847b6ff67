import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
});
