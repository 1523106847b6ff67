import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert } from '@shared/entities/alert';
import { ackableIds, deviceLabel } from '../../../src/features/alerts/alertRules';
import reducer, { acknowledgeRequested, acknowledgeSettled, initialAlertsState, selectionChanged } from '../../../src/features/alerts/alertsSlice';
import { loggedInState, renderApp } from '../support/renderApp';
import { httpError } from '../support/testStore';

jest.setTimeout(60_000);

const alert = (id: number, kind: Alert['kind'], code: string, level: Alert['level'], extra: Partial<Alert> = {}): Alert => ({
  id,
  kind,
  code,
  level,
  module: null,
  device_id: 5,
  device_name: '巡检一号',
  device_sn: 'UAV-1',
  gateway_sn: 'DOCK-1',
  in_the_sky: 1,
  first_seen_at: '2026-12-07T01:00:00.000Z',
  last_seen_at: '2026-12-07T01:02:00.000Z',
  count: 1,
  active: 1,
  acked_by: null,
  acked_at: null,
  args: null,
  plan_id: null,
  closed_at: null,
  device_type: null,
  message: `${code} 说明`,
  message_zh: `${code} 说明`,
  message_en: `${code} explained`,
  ...extra,
});

describe('alert rules and slice', () => {
  it.each<[string, Array<Record<string, unknown>>, number[], number[]]>([
    ['the selected rows not yet acknowledged', [{ id: 1 }, { id: 2, acked_at: '2026-12-07T01:00:00Z' }, { id: 3 }], [1, 2, 3], [1, 3]],
    ['a selected id no longer on screen is left out', [{ id: 1 }], [1, 9], [1]],
    ['nothing selected', [{ id: 1 }], [], []],
  ])('ackableIds: %s', (_what, rows, selected, ids) => expect(ackableIds(rows as never, selected)).toEqual(ids));

  it('deviceLabel names the device with its serial, or the serial alone', () => {
    expect(deviceLabel({ device_name: '巡检一号', device_sn: 'UAV-1' })).toBe('巡检一号 (UAV-1)');
    expect(deviceLabel({ device_name: null, device_sn: 'UAV-1' })).toBe('UAV-1');
  });

  it('acknowledging keeps the ids busy until settled, then they leave the selection', () => {
    let state = reducer(initialAlertsState, selectionChanged([1, 2, 3]));
    state = reducer(state, acknowledgeRequested([1, 2]));
    expect(state).toEqual({ selected: [1, 2, 3], acknowledging: [1, 2] });
    state = reducer(state, acknowledgeSettled({ ids: [1, 2] }));
    expect(state).toEqual({ selected: [3], acknowledging: [] });
  });
});

describe('/Alert', () => {
  const wait = { timeout: 8000 };
  const battery = alert(7, 'safety', 'critical_battery', 2, { message_zh: '电量严重不足', message_en: 'Critical battery' });
  const hms = alert(8, 'hms', '0x16100083', 1);
  const conformance = alert(9, 'conformance', 'outside_volume', 2, { message_zh: '飞出计划空域', acked_at: '2026-12-07T01:03:00.000Z', acked_by: 1 });

  it('lists open alerts of every kind with level, device name, code and text; acknowledges the selected ones and reloads', async () => {
    let acked: number[] = [];
    const rows = () => [battery, hms, conformance].map((a) => (acked.includes(a.id) ? { ...a, acked_at: '2026-12-07T01:05:00.000Z', acked_by: 1 } : a));
    const ack = (id: number) => () => {
      acked = [...acked, id];
      return rows().find((a) => a.id === id);
    };
    const { calls } = renderApp('/Alert', {
      routes: {
        'GET /Alert/': () => ({ items: rows(), total: 3 }),
        'POST /Alert/7/ack/': ack(7),
        'POST /Alert/8/ack/': ack(8),
        'GET /Notice/unread/': () => ({ count: 0 }),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('电量严重不足', {}, wait)).toBeInTheDocument();
    // Open ones by default, newest first.
    expect(calls.find((c) => c.path === '/Alert/')?.options?.query).toMatchObject({ active: '1', ordering: '-last_seen_at' });
    const row = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;
    expect(within(row('电量严重不足')).getByText('警告')).toBeInTheDocument();
    expect(within(row('电量严重不足')).getByText('飞行安全')).toBeInTheDocument();
    expect(within(row('电量严重不足')).getByText('巡检一号 (UAV-1)')).toBeInTheDocument();
    expect(within(row('电量严重不足')).getByText('critical_battery')).toBeInTheDocument();
    expect(within(row('0x16100083 说明')).getByText('注意')).toBeInTheDocument();
    expect(within(row('飞出计划空域')).getByText(/^已确认/)).toBeInTheDocument();

    const button = () => screen.getByRole('button', { name: /^确认所选/ });
    expect(button()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /全选|Select all/ }));
    // The acknowledged one is not counted again.
    await waitFor(() => expect(button()).toHaveTextContent('确认所选（2）'));
    await userEvent.click(button());
    expect(await screen.findByText('已确认 2 条告警', {}, wait)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/Alert/7/ack/', '/Alert/8/ack/']);
    await waitFor(() => expect(within(row('电量严重不足')).getByText(/^已确认/)).toBeInTheDocument());
    expect(button()).toBeDisabled();
  });

  it('one that fails is reported, the others are still acknowledged; history is the "over" filter', async () => {
    const { calls } = renderApp('/Alert?active=0', {
      routes: {
        'GET /Alert/': () => ({
          items: [
            { ...battery, active: 0 },
            { ...hms, active: 0 },
          ],
          total: 2,
        }),
        'POST /Alert/7/ack/': httpError(404, 'alert 7 not found'),
        'POST /Alert/8/ack/': () => hms,
        'GET /Notice/unread/': () => ({ count: 0 }),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('电量严重不足', {}, wait)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Alert/')?.options?.query).toMatchObject({ active: '0' });
    expect(screen.getAllByText('已结束').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /全选|Select all/ }));
    await userEvent.click(screen.getByRole('button', { name: /^确认所选/ }));
    expect(await screen.findByText('已确认 1 条告警', {}, wait)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/Alert/7/ack/', '/Alert/8/ack/']);
  });
});
