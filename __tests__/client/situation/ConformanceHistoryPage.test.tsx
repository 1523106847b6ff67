import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInState, renderApp } from '../support/renderApp';

const wait = { timeout: 8000 };
const summary = (query: Record<string, unknown>) => ({
  items:
    query.group === 'plan'
      ? [
          { key: 7, count: 3, open: 1, codes: { outside_volume: 2, in_no_fly_zone: 1 } },
          { key: null, count: 1, open: 0, codes: { no_plan: 1 } },
        ]
      : [{ key: 'UAV-1', count: 4, open: 1, codes: { outside_volume: 2, in_no_fly_zone: 1, no_plan: 1 } }],
});

describe('/AirSpace/Conformance', () => {
  it('shows conformance alerts per aircraft, then per plan, over a range of UTC days', async () => {
    const { calls } = renderApp('/AirSpace/Conformance', {
      routes: { 'GET /Alert/summary/': (options) => summary((options?.query ?? {}) as Record<string, unknown>) },
      preloadedState: loggedInState,
    });
    const table = await screen.findByRole('table', { name: '偏离告警记录' }, wait);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('UAV-1412011'); // count, open, then per rule in CONFORMANCE_RULES order
    const first = calls.find((c) => c.path === '/Alert/summary/') as { options?: { query?: Record<string, unknown> } };
    expect(first.options?.query).toMatchObject({ kind: 'conformance', group: 'device', first_seen_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    await userEvent.click(screen.getByRole('combobox', { name: '统计维度' }));
    await userEvent.click(await screen.findByRole('option', { name: '飞行计划' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('计划 #7');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('无计划飞行');
  });
});
