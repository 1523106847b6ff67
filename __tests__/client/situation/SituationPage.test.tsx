import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Alert } from '@shared/entities/alert';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { alertNotified } from '../../../src/features/devicelink';
import { brokerStatusChanged, type BrokerStatus } from '../../../src/features/broker/brokerSlice';
import { brokerEvents } from '../../../src/features/broker/eventBus';
import { FleetWorkerContext } from '../../../src/features/situation/fleetFeed';
import SituationPage from '../../../src/features/situation/SituationPage';
import { flyToPointPicked, selectDeviceId } from '../../../src/features/situation/flightSlice';
import { droneSelected } from '../../../src/features/situation/situationSlice';
import { taskLiveReceived } from '../../../src/features/tasks';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, flush, httpError, type Route } from '../support/testStore';
import { inThreadFleetWorker } from '../support/fleetWorker';
import { sample, snapshotBytes } from './fleetFixtures';
import { flyingTask, routeOfTask } from './taskFixtures';
import { flightReport, flyToProgress } from './flightFixtures';
import type { FlightProgress } from '@shared/dji/commandFlight';

const openAlert: Alert = {
  id: 41,
  kind: 'conformance',
  code: 'outside_volume',
  level: 2,
  module: null,
  device_id: 2,
  device_sn: 'B2',
  gateway_sn: 'RC-B2',
  in_the_sky: 1,
  first_seen_at: '2026-11-24T08:00:00.000Z',
  last_seen_at: '2026-11-24T08:00:00.000Z',
  count: 1,
  active: 1,
  acked_by: null,
  acked_at: null,
  args: { rule: 'outside_volume', plan_id: 7 },
  plan_id: 7,
  closed_at: null,
  device_type: null,
  message: '飞出计划空域',
  message_zh: '飞出计划空域',
  message_en: 'Left its plan volume',
};

/**
 * `permissions`: the signed-in user's codes (none given: the server did not say, nothing is hidden); `routes`: more
 * API answers, or other ones.
 */
function setup(language: 'zh-cn' | 'en' = 'zh-cn', permissions?: string[], routes: Record<string, Route> = {}) {
  const { store, calls } = createTestStore(
    {
      'GET /Project/': () => ({ items: [], total: 0 }),
      'GET /Airspace/Apply/': () => ({ items: [], total: 0 }),
      'GET /Airspace/Plan/': () => ({ items: [], total: 0 }),
      'GET /Alert/': () => ({ items: [openAlert], total: 1 }),
      // C3 and D4 are outside the user's data scope: the server leaves them out.
      'POST /Device/names/': () => ({ names: { A1: 'Harbour North', B2: 'Dam 2' }, ids: { A1: 11, B2: 12 } }),
      ...routes,
    },
    permissions && { auth: { ...initialAuthState, token: 't', user: { id: 3, username: 'viewer', name: 'Viewer', phone: null, email: null, permissions } } },
  );
  const worker = inThreadFleetWorker();
  const view = renderWithStore(
    <MemoryRouter>
      <FleetWorkerContext.Provider value={async () => worker}>
        <SituationPage />
      </FleetWorkerContext.Provider>
    </MemoryRouter>,
    store,
    language,
  );
  const deliver = (message: unknown) => act(() => brokerEvents.emit('sysinfo/fleet', { topic: 'sysinfo/fleet', message }));
  const nameRequests = () => calls.filter((c) => c.path === '/Device/names/').map((c) => (c.options?.body as { serials: string[] }).serials);
  return { store, calls, worker, view, deliver, nameRequests };
}

describe('/Tas header', () => {
  it.each<['zh-cn' | 'en', BrokerStatus, string]>([
    ['zh-cn', 'connected', '实时通道: 已连接'],
    ['zh-cn', 'reconnecting', '实时通道: 重新连接中'],
    ['en', 'connected', 'Live channel: connected'],
    ['en', 'error', 'Live channel: connection failed'],
  ])('shows the live channel status translated (%s, %s)', async (language, status, text) => {
    const { store } = setup(language);
    act(() => void store.dispatch(brokerStatusChanged({ status })));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('/Tas fleet', () => {
  // jsdom lays nothing out: the virtualised list is given a viewport 400 px tall.
  beforeAll(() => {
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });
  afterAll(() => jest.restoreAllMocks());

  it('decodes sysinfo/fleet in the worker and shows counts, a searchable list and the detail card', async () => {
    const { store, worker, deliver, view, nameRequests } = setup();
    expect(store.getState().broker.subscriptions).toContain('sysinfo/fleet');
    const list = screen.getByRole('list', { name: '态势感知' });
    await waitFor(() => expect(worker.onmessage).not.toBeNull());
    deliver(snapshotBytes([sample('B2', { taskId: 'river-9' }), sample('A1', { status: 'online', battery: 55.4 }), sample('C3', { status: 'maintenance' })]));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    // Named (one request for the new serials) where the data scope allows: the name first, then serial and status.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        expect.stringMatching(/^Harbour NorthA1 · 在线 · 55% · 80 m$/),
        expect.stringMatching(/^Dam 2B2 · 飞行中 · 90% · 80 m · 偏离告警$/),
        expect.stringMatching(/^C3维护 · /),
      ]),
    );
    expect(nameRequests()).toEqual([['B2', 'A1', 'C3']]);
    expect(screen.getByLabelText('回传中')).toHaveTextContent('回传中 3');
    // Flagged: only the aircraft with an open conformance alert (the server's verdict), listed beside the map.
    expect(screen.getByLabelText('偏离告警')).toHaveTextContent('偏离告警 1');
    const alerts = screen.getByRole('region', { name: '未关闭的偏离告警' });
    expect(alerts).toHaveTextContent('未关闭的偏离告警 (1)');
    expect(within(alerts).getByRole('button')).toHaveTextContent(/^B2 · 飞出计划空域.*计划 #7$/);
    expect(store.getState().situation.fleet).toMatchObject({ version: 1, reporting: 3, counts: { online: 1, flying: 1, maintenance: 1, flagged: 1 } });

    const search = screen.getByLabelText('搜索名称、序列号或任务');
    await userEvent.type(search, 'harbour');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringMatching(/^Harbour NorthA1/)]),
    );
    await userEvent.clear(search);
    await userEvent.type(search, 'river');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringMatching(/^Dam 2B2/)]),
    );
    await userEvent.click(within(alerts).getByRole('button'));
    expect(store.getState().situation.selectedSn).toBe('B2');
    const card = screen.getByRole('region', { name: '无人机详情' });
    expect(card).toHaveTextContent('river-9');
    expect(card).toHaveTextContent('名称Dam 2');
    expect(card).toHaveTextContent('飞出计划空域');

    // The next snapshot updates the card; an unreadable one is dropped, counted, and changes nothing.
    const a1 = sample('A1', { status: 'online', battery: 55.4 });
    const c3 = sample('C3', { status: 'maintenance' });
    deliver(snapshotBytes([sample('B2', { taskId: 'river-9', battery: 42 }), a1, c3]));
    await waitFor(() => expect(card).toHaveTextContent('电量42%'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    deliver(new Uint8Array([99, 0, 0]));
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropped a sysinfo/fleet snapshot (version')));
    // A new aircraft reports; C3 is no longer in the snapshot: offline, still listed.
    deliver(snapshotBytes([sample('B2', { taskId: 'river-9', battery: 42 }), a1, sample('D4')]));
    await waitFor(() => expect(store.getState().situation.fleet).toMatchObject({ version: 3, reporting: 3, dropped: 1, counts: { offline: 1 } }));
    await userEvent.clear(search);
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(4));
    expect(within(list).getByText(/^C3/).closest('[role="button"]')).toHaveTextContent(/^C3离线 · /);
    expect(screen.getByLabelText('回传中')).toHaveTextContent('回传中 3');
    // Only the serial new to the view is asked for.
    await waitFor(() => expect(nameRequests()).toEqual([['B2', 'A1', 'C3'], ['D4']]));
    expect(card).toHaveTextContent('电量42%');

    // The alert closes (sysinfo/alerts): the flag goes with it.
    act(() => void store.dispatch(alertNotified({ at: 1, activeCount: 0, alert: { ...openAlert, active: 0, closed_at: '2026-11-24T08:02:00.000Z' } })));
    await waitFor(() => expect(screen.getByLabelText('偏离告警')).toHaveTextContent('偏离告警 0'));
    expect(card).not.toHaveTextContent('飞出计划空域');

    view.unmount();
    expect(worker.terminated).toBe(true);
    expect(store.getState().broker.subscriptions).not.toContain('sysinfo/fleet');
    expect(store.getState().situation.fleet.version).toBe(0);
    expect(store.getState().situation.names).toEqual({});
  });

  it('lists a thousand open conformance alerts newest first, with only the rows in view in the page', async () => {
    const { store } = setup();
    const alerts = screen.getByRole('region', { name: '未关闭的偏离告警' });
    await waitFor(() => expect(within(alerts).getAllByRole('button')).toHaveLength(1));
    act(() => {
      for (let i = 1; i <= 1000; i++) {
        const at = new Date(Date.parse('2026-11-24T09:00:00.000Z') + i * 1000).toISOString();
        store.dispatch(
          alertNotified({ at: i, activeCount: i + 1, alert: { ...openAlert, id: 100 + i, device_sn: `SN${i}`, first_seen_at: at, last_seen_at: at } }),
        );
      }
    });
    expect(within(alerts).getByText('未关闭的偏离告警 (1001)')).toBeInTheDocument();
    const rows = within(alerts).getAllByRole('button');
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.slice(0, 3).map((row) => row.textContent?.split(' · ')[0])).toEqual(['SN1000', 'SN999', 'SN998']);
    await userEvent.click(rows[1]);
    expect(store.getState().situation.selectedSn).toBe('SN999');
  });

  it('asks for no names without device:read, and lists serials', async () => {
    const { store, worker, deliver, nameRequests } = setup('zh-cn', ['task:read']);
    await waitFor(() => expect(worker.onmessage).not.toBeNull());
    deliver(snapshotBytes([sample('A1')]));
    await waitFor(() => expect(store.getState().situation.fleet.reporting).toBe(1));
    await act(flush);
    expect(nameRequests()).toEqual([]);
    expect(within(screen.getByRole('list', { name: '态势感知' })).getByRole('button')).toHaveTextContent(/^A1飞行中 · /);
  });
});

describe('/Tas drone card: the task the aircraft flies', () => {
  beforeAll(() => {
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });
  afterAll(() => jest.restoreAllMocks());

  const acceptedPlan = { id: 7, application_id: 107, task_id: 19, route_id: 9, device_id: 5, status: 'accepted' };
  const taskRoutes: Record<string, Route> = {
    'GET /Task/19/': () => flyingTask,
    'GET /Route/9/': () => routeOfTask(9),
    'POST /Task/19/pause/': () => flyingTask,
    // The monitored plans, asked per status.
    'GET /Airspace/Plan/': (options) => (options?.query?.status === 'accepted' ? { items: [acceptedPlan], total: 1 } : { items: [], total: 0 }),
  };

  /** B2 reports flying task 19 and is selected: its card. */
  async function cardOfB2(...args: Parameters<typeof setup>) {
    const test = setup(...args);
    await waitFor(() => expect(test.worker.onmessage).not.toBeNull());
    test.deliver(snapshotBytes([sample('B2', { taskId: 19 })]));
    await waitFor(() => expect(test.store.getState().situation.fleet.reporting).toBe(1));
    act(() => void test.store.dispatch(droneSelected('B2')));
    return { ...test, card: () => screen.getByRole('region', { name: args[0] === 'en' ? 'Drone details' : '无人机详情' }) };
  }

  it('shows the task, its progress and plan, and pauses it after a confirmation naming the aircraft', async () => {
    const { store, calls, card } = await cardOfB2('zh-cn', undefined, taskRoutes);
    const section = await within(card()).findByRole('group', { name: '执行中的任务' });
    await waitFor(() => expect(section).toHaveTextContent('飞行计划#7（已受理），空域申请 #107'));
    expect(section).toHaveTextContent('任务深圳湾巡检 (#19)');
    // The task and its plan lead to their lists, focused on them.
    expect(within(section).getByRole('link', { name: '深圳湾巡检 (#19)' })).toHaveAttribute('href', '/Task/UAV?id=19');
    expect(within(section).getByRole('link', { name: '#7（已受理），空域申请 #107' })).toHaveAttribute('href', '/AirSpace/Plan?id=7');
    expect(section).toHaveTextContent('任务状态执行中');
    expect(section).toHaveTextContent('航点进度第 2 / 3 个航点');
    expect(within(section).getByTestId('task-progress')).toHaveAttribute('data-percent', '40');
    // In flight: pause and return home apply, resume does not.
    expect(within(section).getByRole('button', { name: '继续' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: '返航' })).toBeEnabled();

    await userEvent.click(within(section).getByRole('button', { name: '暂停' }));
    const dialog = await screen.findByRole('dialog', { name: '暂停 · Dam 2' });
    expect(dialog).toHaveTextContent('确定暂停 Dam 2 正在执行的航线任务“深圳湾巡检”吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(store.getState().notifications.queue.map((t) => t.params)).toContainEqual({ step: '暂停' }));
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/Task/')).map((c) => c.path)).toEqual(['/Task/19/pause/']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The aircraft reports the pause (sysinfo/task): resume applies, pause no longer.
    act(
      () =>
        void store.dispatch(
          taskLiveReceived({ task_id: 19, status: 'running', progress: { ...flyingTask.progress!, status: 'paused' }, dispatch_error: null, at: Date.now() }),
        ),
    );
    expect(within(section).getByRole('button', { name: '继续' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: '暂停' })).toBeDisabled();
  });

  it('reads the task each aircraft reports once, without its card being opened', async () => {
    const test = setup('zh-cn', undefined, taskRoutes);
    await waitFor(() => expect(test.worker.onmessage).not.toBeNull());
    test.deliver(snapshotBytes([sample('B2', { taskId: 19 }), sample('A1')]));
    await waitFor(() => expect(test.store.getState().situation.droneTasks[19]?.route).toHaveLength(3));
    // Later snapshots, another aircraft on the same task: not read again.
    test.deliver(snapshotBytes([sample('B2', { taskId: 19 }), sample('A1', { taskId: '19' })]));
    await waitFor(() => expect(test.store.getState().situation.fleet.reporting).toBe(2));
    await act(flush);
    expect(test.calls.filter((c) => c.path === '/Task/19/' || c.path === '/Route/9/').map((c) => c.path)).toEqual(['/Task/19/', '/Route/9/']);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { card, calls } = await cardOfB2('zh-cn', undefined, taskRoutes);
    const section = await within(card()).findByRole('group', { name: '执行中的任务' });
    await userEvent.click(within(section).getByRole('button', { name: '返航' }));
    const dialog = await screen.findByRole('dialog', { name: '返航 · Dam 2' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/Task/'))).toEqual([]);
  });

  it('in English, without task:write: the commands are disabled with the reason', async () => {
    const { card, store } = await cardOfB2('en', ['task:read', 'project:read', 'device:read', 'airspace:read'], taskRoutes);
    const section = await within(card()).findByRole('group', { name: 'Task being flown' });
    expect(section).toHaveTextContent('Waypoint2 of 3');
    for (const name of ['Pause', 'Resume', 'Return home']) expect(within(section).getByRole('button', { name })).toBeDisabled();
    expect(section).toHaveTextContent('You may not control tasks');
    expect(store.getState().situation.droneTasks[19].task.name).toBe('深圳湾巡检');
  });
});

describe('/Tas drone card: flying from the map', () => {
  beforeAll(() => {
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });
  afterAll(() => jest.restoreAllMocks());

  /** B2 (device 12) is on the view and selected: its card, once the names request named it. */
  async function cardOfB2(...args: Parameters<typeof setup>) {
    const test = setup(...args);
    await waitFor(() => expect(test.worker.onmessage).not.toBeNull());
    test.deliver(snapshotBytes([sample('B2')]));
    await waitFor(() => expect(selectDeviceId(test.store.getState(), 'B2')).toBe(12));
    act(() => void test.store.dispatch(droneSelected('B2')));
    return { ...test, card: () => screen.getByRole('region', { name: args[0] === 'en' ? 'Drone details' : '无人机详情' }) };
  }
  const report = (message: unknown) => act(() => brokerEvents.emit('sysinfo/flight', { topic: 'sysinfo/flight', message }));
  /** Reports `message` until the view took it (the saga takes messages once the check's chunk has loaded). */
  const reportUntil = (message: unknown, taken: () => void) =>
    waitFor(() => {
      report(message);
      taken();
    });
  const progress = (status: FlightProgress['status'], remaining: number) => flightReport('B2', { progress: flyToProgress(status, remaining) });

  it("asks for a point, names the aircraft in the dialog, sends the fly-to, and shows its refusal in the user's language", async () => {
    const { card, calls, store } = await cardOfB2('zh-cn', undefined, {
      'POST /Device/12/flyto/': httpError(409, 'B2 may not fly to that point (outside_volume)', {
        error_code: 'remote.airspace_refused',
        params: { sn: 'B2', rule: 'outside_volume' },
      }),
    });
    await userEvent.click(within(card()).getByRole('button', { name: '飞往地图上的点' }));
    expect(within(card()).getByRole('status')).toHaveTextContent('请在地图上点击目标点');
    // The map's click (FlightPathLayer) gives the point.
    act(() => void store.dispatch(flyToPointPicked({ lat: 22.612345, lng: 114.054321 })));
    const dialog = await screen.findByRole('dialog', { name: '飞往目标点 · Dam 2' });
    expect(dialog).toHaveTextContent('飞行器 Dam 2（B2）将飞往 22.612345, 114.054321。');
    await userEvent.clear(within(dialog).getByLabelText('最大速度 (m/s)'));
    await userEvent.type(within(dialog).getByLabelText('最大速度 (m/s)'), '20');
    expect(dialog).toHaveTextContent('速度须为 1–15 m/s 的整数');
    expect(within(dialog).getByRole('button', { name: '确定飞往' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('最大速度 (m/s)'));
    await userEvent.type(within(dialog).getByLabelText('最大速度 (m/s)'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定飞往' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST' && /^\/Device\/\d+\//.test(c.path)).map((c) => [c.path, c.options?.body])).toEqual([
      ['/Device/12/flyto/', { lat: 22.612345, lng: 114.054321, height: 60, max_speed: 12, confirm_sn: 'B2' }],
    ]);
    expect(await within(card()).findByText('B2 不能飞往该点：目标点在其飞行计划的空域（范围或高度）之外')).toBeInTheDocument();
    // The live flight controls are on the card too.
    expect(within(card()).getByRole('button', { name: '进入实时飞控' })).toBeInTheDocument();
  });

  it('shows the flight under way from sysinfo/flight with the distance and time to go, gone once it arrived', async () => {
    const { card, store } = await cardOfB2('zh-cn');
    await waitFor(() => expect(store.getState().broker.subscriptions).toContain('sysinfo/flight'));
    await reportUntil(progress('wayline_progress', 130), () =>
      expect(within(card()).getByTestId('flyto-progress')).toHaveTextContent('飞向目标点：飞行中剩余 130 m，约 16 秒'),
    );
    report(flightReport('B2', { areas: [{ area_id: 'skyline-feature-4', area_distance: 42.25, is_in_area: false }] }));
    expect(await within(card()).findByText('禁飞要素 #4: 区外，距边界 42.3 m')).toBeInTheDocument();
    report(progress('wayline_ok', 0));
    await waitFor(() => expect(within(card()).queryByTestId('flyto-progress')).not.toBeInTheDocument());
  });

  it('in English, without device:operate: no fly-to nor live flight controls, the flight still shown', async () => {
    const { card, store } = await cardOfB2('en', ['device:read', 'task:read']);
    await waitFor(() => expect(store.getState().broker.subscriptions).toContain('sysinfo/flight'));
    await reportUntil(progress('wayline_progress', 1500), () =>
      expect(within(card()).getByTestId('flyto-progress')).toHaveTextContent('Fly-to: Flying1.5 km to go, about 3 min 08 s'),
    );
    expect(within(card()).queryByRole('button', { name: 'Fly to a point on the map' })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('region', { name: /Live flight controls/ })).not.toBeInTheDocument();
  });
});
