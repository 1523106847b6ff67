import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOPIC_ALERTS } from '@shared/live';
import { brokerEvents } from '../../../src/features/broker/eventBus';
import { taskLiveReceived } from '../../../src/features/tasks';
import { loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({
  __esModule: true,
  default: ({ label, polylines }: { label: string; polylines?: Array<Array<[number, number]>> }) => (
    <div role="region" aria-label={label}>
      {polylines?.map((l) => l.map((p) => p.join(',')).join(' ')).join(';')}
    </div>
  ),
}));

const task = {
  id: 3,
  name: '深圳湾巡检',
  kind: 'inspection',
  status: 'pending',
  project_id: 1,
  project_name: '深圳湾项目',
  route_id: 9,
  route_name: '航线A',
  device_id: null,
  device_name: null,
  pilot_id: null,
  pilot_name: null,
  scheduled_at: null,
  actions: ['schedule', 'cancel'],
  editable: true,
  deletable: true,
};
const routes = {
  'GET /Task/': () => ({ items: [task], total: 1 }),
  'GET /Project/': () => ({ items: [{ id: 1, name: '深圳湾项目' }], total: 1 }),
  'GET /Route/': () => ({
    items: [
      { id: 9, name: '航线A', project_id: 1 },
      { id: 10, name: '别的航线', project_id: 2 },
    ],
    total: 2,
  }),
  'GET /Device/': () => ({ items: [], total: 0 }),
  'GET /User/': () => ({ items: [], total: 0 }),
  'GET /Alert/': () => ({ items: [], total: 0 }),
  'GET /Route/9/': () => ({
    id: 9,
    name: '航线A',
    length_m: 1200,
    waypoints: [
      { lat: 22.5, lng: 114 },
      { lat: 22.6, lng: 114.1 },
    ],
  }),
};
const wait = { timeout: 8000 };
/** A sysinfo/alerts alert with every field of the wire shape. */
const fullAlert = (alert: Record<string, unknown>) => ({
  module: null,
  gateway_sn: null,
  in_the_sky: 1,
  first_seen_at: '2026-12-07T01:00:00.000Z',
  count: 1,
  acked_by: null,
  acked_at: null,
  args: null,
  plan_id: null,
  closed_at: null,
  device_type: null,
  message: alert.message_zh,
  ...alert,
});

describe('/Task/UAV', () => {
  it('a viewer sees the names the API sends, no write control, and makes no lookup it may not make', async () => {
    const viewer = { auth: { ...loggedInState.auth!, user: { ...loggedInState.auth!.user!, permissions: ['task:read', 'project:read'] } } };
    const named = { ...task, pilot_id: 2, pilot_name: '张飞手', device_id: 5, device_name: 'M30-巡检1' };
    const { calls } = renderApp('/Task/UAV', { routes: { ...routes, 'GET /Task/': () => ({ items: [named], total: 1 }) }, preloadedState: viewer });
    expect(await screen.findByText('张飞手', {}, wait)).toBeInTheDocument();
    expect(screen.getByText('M30-巡检1')).toBeInTheDocument();
    expect(screen.getByText('深圳湾项目')).toBeInTheDocument();
    expect(screen.queryByText('#2')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /的操作$/ })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path).filter((p) => ['/User/', '/Device/', '/Project/'].includes(p))).toEqual([]);
  });

  it('the form searches aircraft and pilots only, on the server, when a pick list opens', async () => {
    const { calls } = renderApp('/Task/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('深圳湾巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    expect(calls.map((c) => c.path).filter((p) => ['/User/', '/Device/'].includes(p))).toEqual([]);
    await userEvent.click(within(dialog).getByRole('combobox', { name: '设备' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/Device/')?.options?.query).toMatchObject({ kind: 'aircraft', page_size: 20 }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '飞手' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/User/')?.options?.query).toMatchObject({ permission: 'device:pilot', is_active: '1' }));
  });

  it('editing shows the names the row carries, without loading the pick lists', async () => {
    const named = { ...task, pilot_id: 2, pilot_name: '张飞手', device_id: 5, device_name: 'M30-巡检1' };
    const { calls } = renderApp('/Task/UAV', { routes: { ...routes, 'GET /Task/': () => ({ items: [named], total: 1 }) }, preloadedState: loggedInState });
    await screen.findByText('深圳湾巡检', {}, wait);
    await chooseRowAction('深圳湾巡检', '编辑');
    const dialog = await screen.findByRole('dialog', { name: '编辑任务' });
    expect(within(dialog).getByRole('combobox', { name: '飞手' })).toHaveValue('张飞手');
    expect(within(dialog).getByRole('combobox', { name: '设备' })).toHaveValue('M30-巡检1');
    expect(within(dialog).getByRole('combobox', { name: /项目/ })).toHaveValue('深圳湾项目');
    expect(within(dialog).getByRole('combobox', { name: '航线' })).toHaveValue('航线A');
    expect(calls.map((c) => c.path).filter((p) => ['/User/', '/Device/', '/Project/', '/Route/'].includes(p) || /^\/(User|Device)\/\d+\/$/.test(p))).toEqual(
      [],
    );
  });

  it('lists tasks with status and project, and filters by status', async () => {
    const { calls } = renderApp('/Task/UAV?status=pending', { routes, preloadedState: loggedInState });
    expect(await screen.findByText('深圳湾巡检', {}, wait)).toBeInTheDocument();
    expect(screen.getAllByText('待排期').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getAllByText('深圳湾项目').length).toBeGreaterThan(0));
    expect(calls.find((c) => c.path === '/Task/')?.options?.query).toMatchObject({ status: 'pending' });
  });

  it('cancel asks for confirmation, then runs the workflow step the row allows', async () => {
    const { calls } = renderApp('/Task/UAV', {
      routes: { ...routes, 'POST /Task/3/cancel/': () => ({ ...task, status: 'cancelled' }) },
      preloadedState: loggedInState,
    });
    await screen.findByText('深圳湾巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '深圳湾巡检 的操作' }));
    expect(await screen.findAllByRole('menuitem')).not.toContainEqual(expect.objectContaining({ textContent: '开始' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '取消任务' }));
    const confirm = await screen.findByRole('dialog', { name: '取消任务 · 深圳湾巡检' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Task/3/cancel/')).toBe(true));
  });

  it('shows the progress sysinfo/task pushes, and offers the commands that apply to it', async () => {
    const flying = {
      ...task,
      status: 'running',
      flight_id: 'f-1',
      progress: { status: 'sent', percent: 0, current_step: null, waypoint_index: null },
      actions: ['cancel'],
    };
    const { store, calls } = renderApp('/Task/UAV', {
      routes: { ...routes, 'GET /Task/': () => ({ items: [flying], total: 1 }), 'POST /Task/3/pause/': () => flying },
      preloadedState: loggedInState,
    });
    await screen.findByText('深圳湾巡检', {}, wait);
    // The row's commands, read from its actions menu (closed again afterwards).
    const rowCommands = async () => {
      await userEvent.click(screen.getByRole('button', { name: '深圳湾巡检 的操作' }));
      const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
      return items;
    };
    expect(await rowCommands()).not.toContain('暂停');
    store.dispatch(
      taskLiveReceived({
        task_id: 3,
        status: 'running',
        progress: { status: 'in_progress', percent: 42, current_step: 2, waypoint_index: 4 },
        dispatch_error: null,
        at: Date.now(),
      }),
    );
    expect(await screen.findByText('42% · 执行中 · 航点 5')).toBeInTheDocument();
    // Flying: no more withdrawing it, but pause and return home.
    const flyingCommands = await rowCommands();
    expect(flyingCommands).not.toContain('取消任务');
    expect(flyingCommands).toContain('暂停');
    await chooseRowAction('深圳湾巡检', '暂停');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '暂停 · 深圳湾巡检' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Task/3/pause/')).toBe(true));
    // The confirmation is gone (its fade-out hides the table from the accessibility tree until it ends).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowCommands()).toContain('返航');
  });

  it("marks a row with its aircraft's open flight safety alerts, read again when one closes", async () => {
    const flying = { ...task, status: 'running', flight_id: 'f-1', device_id: 5, device_name: 'M30-巡检1', actions: [] };
    const critical = {
      id: 7,
      kind: 'safety',
      code: 'critical_battery',
      level: 2,
      device_id: 5,
      device_sn: 'UAV-5',
      active: 1,
      last_seen_at: '2026-12-07T01:00:00.000Z',
      message_zh: '电量严重不足',
      message_en: 'Critical battery',
    };
    let open = [critical];
    const { calls } = renderApp('/Task/UAV', {
      routes: { ...routes, 'GET /Task/': () => ({ items: [flying], total: 1 }), 'GET /Alert/': () => ({ items: open, total: open.length }) },
      preloadedState: loggedInState,
    });
    const chip = await screen.findByText('电量严重不足', {}, wait);
    expect(chip.closest('[role="row"]')).toHaveTextContent('深圳湾巡检');
    expect(chip.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(calls.find((c) => c.path === '/Alert/')?.options?.query).toMatchObject({ kind: 'safety', active: 1 });
    open = [];
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: { at: 1, alert: { ...fullAlert(critical), active: 0 } } }));
    await waitFor(() => expect(screen.queryByText('电量严重不足')).not.toBeInTheDocument(), wait);
  });

  it('create validates the required project', async () => {
    const { calls } = renderApp('/Task/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('深圳湾巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('必填')).length).toBe(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Options come from the API; an empty list says so (spec §8 "无数据").
    await userEvent.click(within(dialog).getByRole('combobox', { name: '设备' }));
    expect(await screen.findByText('无数据', {}, wait)).toBeInTheDocument();
  });

  it("the route pick list searches only the chosen project's routes", async () => {
    const { calls } = renderApp('/Task/UAV', {
      routes: {
        ...routes,
        'GET /Route/': (options) => ({ items: options?.query?.project_id === '1' ? [{ id: 9, name: '航线A', project_id: 1 }] : [], total: 1 }),
      },
      preloadedState: loggedInState,
    });
    await screen.findByText('深圳湾巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /项目/ }));
    await userEvent.click(await screen.findByRole('option', { name: '深圳湾项目' }, wait));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '航线' }));
    await userEvent.click(await screen.findByRole('option', { name: '航线A' }, wait));
    expect(calls.find((c) => c.path === '/Route/')?.options?.query).toMatchObject({ project_id: '1' });
    expect(within(dialog).getByRole('combobox', { name: '航线' })).toHaveValue('航线A');
  });

  it('delete confirms first', async () => {
    const { calls } = renderApp('/Task/UAV', { routes: { ...routes, 'DELETE /Task/3/': () => null }, preloadedState: loggedInState });
    await screen.findByText('深圳湾巡检', {}, wait);
    await chooseRowAction('深圳湾巡检', '删除');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Task/3/')).toBe(true));
  });

  it('the detail shows the route on the map', async () => {
    renderApp('/Task/UAV', { routes, preloadedState: loggedInState });
    await userEvent.click(await screen.findByText('深圳湾巡检', {}, wait));
    const drawer = await screen.findByRole('dialog', { name: '深圳湾巡检' });
    expect(await within(drawer).findByRole('region', { name: '任务航线地图' }, wait)).toHaveTextContent('22.5,114 22.6,114.1');
  });

  it('a link to one task (?id=, the /Tas drone card) lists it, highlighted, with its details open; "show all" lists every task', async () => {
    const { calls } = renderApp('/Task/UAV?id=3', { routes, preloadedState: loggedInState });
    const drawer = await screen.findByRole('dialog', { name: '深圳湾巡检' }, wait);
    expect(calls.find((c) => c.path === '/Task/')?.options?.query).toMatchObject({ id: '3' });
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('仅显示 #3')).toBeInTheDocument();
    expect(screen.getAllByRole('row').find((r) => r.getAttribute('data-id') === '3')).toHaveClass('skyline-row-focused');
    await userEvent.click(screen.getByRole('button', { name: '显示全部' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/Task/').at(-1)?.options?.query).not.toHaveProperty('id'));
    expect(screen.queryByText('仅显示 #3')).not.toBeInTheDocument();
    // Closed, the details stay closed.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
