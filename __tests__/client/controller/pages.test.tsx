import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIMULATED_AIRCRAFT_SN } from '../../../src/features/controller/simulatedBridge';
import { loggedInState, renderApp } from '../support/renderApp';
import { controllerRoutes } from './fixtures';
import { inBridge } from './inBridge';

// Leaflet needs a real layout engine; the map itself is covered by the browser test.
jest.mock('../../../src/features/controller/RouteMap', () => ({
  __esModule: true,
  default: ({ route, label }: { route: { waypoints: unknown[] }; label: string }) => (
    <div role="region" aria-label={label}>
      map with {route.waypoints.length} waypoints
    </div>
  ),
}));

const project = { id: 7, name: '深圳湾巡检' };

beforeEach(() => {
  localStorage.clear();
  window.innerWidth = 1920;
});
afterEach(() => delete (window as { djiBridge?: unknown }).djiBridge);

describe('controller login page', () => {
  it('inside the bridge a console path goes to the controller login; signing in lands on home with the aircraft serial', async () => {
    const { router, bridge } = inBridge('/Device/UAV');
    // The console page's module loads first (route lazy), then the guard moves on: give it time.
    await waitFor(() => expect(router.location.pathname).toBe('/djiapp/login'), { timeout: 15_000 });
    expect(await screen.findByText('许可证验证通过')).toBeInTheDocument();
    expect(screen.getByText('遥控器配置已加载')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/用户名/), 'admin');
    await userEvent.type(screen.getByLabelText(/密码/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.location.pathname).toBe('/djiapp/home'));
    const aircraft = await screen.findByRole('region', { name: '飞行器序列号' });
    await within(aircraft).findByText(SIMULATED_AIRCRAFT_SN);
    expect(bridge.sim.token()).toBe('tok-123');
  });

  it('a refused licence is shown and the form cannot be sent', async () => {
    inBridge('/djiapp/login', { sim: { license: 'refused' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('许可证被拒绝，请检查 appId、appKey 与 appLicense');
    expect(screen.getByRole('button', { name: '登录' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it("a wrong password shows the server's reason in the app language", async () => {
    const { ApiError } = jest.requireActual('../../../src/api/client');
    inBridge('/djiapp/login', {
      routes: {
        ...controllerRoutes,
        'POST /auth/login/': () => {
          throw new ApiError('http', 'Wrong username or password', 401, { code: 401, msg: 'Wrong username or password', error_code: 'auth.wrong_credentials' });
        },
      },
    });
    await screen.findByText('许可证验证通过');
    await userEvent.type(screen.getByLabelText(/用户名/), 'admin');
    await userEvent.type(screen.getByLabelText(/密码/), 'bad');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录失败：用户名或密码错误')).toBeInTheDocument();
  });
});

describe('controller home', () => {
  it('shows the navigation part and the content part; no aircraft means not connected', async () => {
    inBridge('/djiapp/home', { loggedIn: true, sim: { aircraftSn: null } });
    const nav = await screen.findByRole('navigation', { name: '遥控器导航' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['遥控器首页', '遥控器项目', '遥控器任务']);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: '飞行器序列号' })).findByText('未检测到飞行器')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '飞行器连接' })).getByText('未连接飞行器')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '当前项目' })).getByText('尚未加入项目')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '消息服务' })).toBeInTheDocument();
  });

  it('signing out from the navigation part returns to the controller login and unloads the bridge components', async () => {
    const { router, bridge } = inBridge('/djiapp/login', { routes: { ...controllerRoutes, 'POST /auth/logout/': () => null } });
    await userEvent.type(await screen.findByLabelText(/用户名/), 'admin');
    await userEvent.type(screen.getByLabelText(/密码/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(bridge.sim.loadedComponents().sort()).toEqual(['api', 'liveshare', 'map', 'media', 'mission', 'thing', 'tsa', 'ws']));
    await userEvent.click(within(await screen.findByRole('navigation', { name: '遥控器导航' })).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.location.pathname).toBe('/djiapp/login'));
    await waitFor(() => expect(bridge.sim.loadedComponents()).toEqual([]));
  });

  it('logged out inside the bridge, home goes to the controller login', async () => {
    const { router } = inBridge('/djiapp/home');
    await waitFor(() => expect(router.location.pathname).toBe('/djiapp/login'));
  });
});

describe('controller projects and tasks', () => {
  it('join a project from the list, it shows on home; exit clears it', async () => {
    const { router } = inBridge('/djiapp/project', { loggedIn: true });
    const list = await screen.findByRole('list', { name: '项目列表' });
    await userEvent.click(within(list).getByRole('button', { name: '加入 深圳湾巡检' }));
    const current = await screen.findByRole('region', { name: '当前项目' });
    expect(current).toHaveTextContent('深圳湾巡检');
    act(() => router.navigate('/djiapp/home'));
    expect(await within(await screen.findByRole('region', { name: '当前项目' })).findByText('深圳湾巡检')).toBeInTheDocument();
    act(() => router.navigate('/djiapp/project'));
    await userEvent.click(within(await screen.findByRole('region', { name: '当前项目' })).getByRole('button', { name: '退出项目' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '当前项目' })).not.toBeInTheDocument());
  });

  it('tasks need a project', async () => {
    inBridge('/djiapp/task', { loggedIn: true });
    expect(await screen.findByText('请先加入一个项目，再查看任务。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '选择项目' })).toHaveAttribute('href', '#/djiapp/project');
  });

  it("the current project's tasks; a task shows its route on the map", async () => {
    const { calls } = inBridge('/djiapp/task', { loggedIn: true, project });
    const list = await screen.findByRole('list', { name: '任务列表' });
    expect(calls.find((c) => c.path === '/Task/')?.options?.query).toMatchObject({ project_id: 7 });
    expect(screen.getByText('选择一个任务查看航线')).toBeInTheDocument();
    // The task's status in the app language, not the API's "scheduled".
    await userEvent.click(within(list).getByRole('button', { name: '海岸线巡查 已排期' }));
    const route = await screen.findByRole('region', { name: '航线' });
    expect(await within(route).findByRole('region', { name: '航线地图' })).toHaveTextContent('map with 2 waypoints');
    expect(route).toHaveTextContent('航点 2 个');
    expect(route).toHaveTextContent('航线长度 2.3公里');
    expect(route).toHaveTextContent('预计时长 7分钟');
  });
});

describe("the aircraft's video on /djiapp/task", () => {
  const camera = {
    video_id: 'AC1/99-0-0/normal-0',
    sn: 'AC1',
    camera_index: '99-0-0',
    video_index: 'normal-0',
    video_type: 'normal',
    switchable_video_types: ['normal', 'zoom'],
    live: { status: 'live', quality: 2, error: 0, viewers: 3, ended_reason: null },
  };
  const routes = {
    ...controllerRoutes,
    'GET /Task/': () => ({
      items: [
        { id: 31, name: '海岸线巡查', route_id: 11, status: 'scheduled', device_id: 5 },
        { id: 32, name: '变电站巡检', route_id: 11, status: 'running', device_id: 5 },
      ],
      total: 2,
    }),
    'GET /Device/5/cameras/': () => [camera],
    'POST /Device/5/live/': () => ({
      video_id: camera.video_id,
      joined: true,
      play: { flv: '/live/NAME.flv?exp=1&sig=S' },
      expires_at: '2026-12-07T20:00:00Z',
    }),
  };

  it("shows the aircraft's cameras while the selected task flies, and none for a task that does not", async () => {
    const { calls } = inBridge('/djiapp/task', { loggedIn: true, project, routes });
    const list = await screen.findByRole('list', { name: '任务列表' });
    await userEvent.click(within(list).getByRole('button', { name: '海岸线巡查 已排期' }));
    const route = await screen.findByRole('region', { name: '航线' });
    await within(route).findByRole('region', { name: '航线地图' });
    expect(within(route).queryByRole('region', { name: '视频' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/Device/5/cameras/')).toBe(false);

    await userEvent.click(within(list).getByRole('button', { name: /^变电站巡检/ }));
    const video = await within(route).findByRole('region', { name: '视频' });
    expect(await within(video).findByText('3 人观看')).toBeInTheDocument();
    expect(video).toHaveTextContent('直播中');
    // Watching it is the console's camera card: start (or join) the stream on the platform.
    await userEvent.click(within(video).getByRole('button', { name: '开始直播' }));
    await within(video).findByRole('button', { name: '停止直播' });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/Device/5/live/')?.options?.body).toMatchObject({ video_id: camera.video_id });
  });
});

describe('outside the bridge', () => {
  it('a controller path shows "请在大疆遥控器访问" and goes to the console home', async () => {
    const { router } = renderApp('/djiapp/home', { preloadedState: loggedInState });
    expect(await screen.findByText('请在大疆遥控器访问')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/Tas'));
  });
});
