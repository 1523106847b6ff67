import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInState, renderApp } from '../support/renderApp';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({ __esModule: true, default: () => null }));

const page = (n: number, ordering = '') =>
  Array.from({ length: 20 }, (_, i) => ({
    id: n * 100 + i,
    serial: `SN-${ordering}${n}-${i}`,
    name: `机-${ordering}${n}-${i}`,
    model: 'M30',
    kind: 'aircraft',
    status: 'online',
  }));

describe('server paging and sorting of a list', () => {
  it('next page asks the server for page 2 and puts it in the URL; sorting goes back to page 1', async () => {
    const { calls, router } = renderApp('/Device/UAV', {
      routes: {
        'GET /Device/': (o) => {
          const q = o?.query as { page: number; ordering?: string };
          return { items: page(Number(q.page), q.ordering ?? ''), total: 100 };
        },
        'GET /Dept/': () => ({ items: [], total: 0 }),
      },
      preloadedState: loggedInState,
    });
    const last = () => calls.filter((c) => c.path === '/Device/').at(-1)?.options?.query;
    await screen.findByText('机-1-0', {}, { timeout: 8000 });
    expect(screen.getByText('1–20 · 共 100 条')).toBeInTheDocument();
    expect(screen.getByText('条/页')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(last()).toMatchObject({ page: 2 }));
    await waitFor(() => expect(router.location.search).toBe('?page=2'));
    expect(await screen.findByText('机-2-0')).toBeInTheDocument();
    await userEvent.click(screen.getByText('序列号'));
    await waitFor(() => expect(last()).toMatchObject({ page: 1, ordering: 'serial' }));
    await waitFor(() => expect(router.location.search).toBe('?ordering=serial'));
  });
});
