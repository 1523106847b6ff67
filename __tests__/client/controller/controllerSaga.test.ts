import { loginSucceeded, logoutRequested } from '../../../src/features/auth/authSlice';
import {
  controllerLoginOpened,
  controllerRefreshRequested,
  controllerSignInRequested,
  projectsRequested,
  taskSelected,
  tasksRequested,
} from '../../../src/features/controller/controllerSlice';
import { installSimulatedBridge, SIMULATED_AIRCRAFT_SN, SIMULATED_RC_SN, type SimulatedBridgeOptions } from '../../../src/features/controller/simulatedBridge';
import { projectExited, projectJoinRequested } from '../../../src/features/project/projectSlice';
import { createTestStore, flush, httpError, type Route } from '../support/testStore';
import { controllerRoutes, djiconf } from './fixtures';

async function until(check: () => boolean, tries = 200) {
  for (let i = 0; i < tries && !check(); i += 1) await flush();
  expect(check()).toBe(true);
}

function setup(options: SimulatedBridgeOptions = {}, routes: Record<string, Route> = controllerRoutes) {
  const sim = installSimulatedBridge({ connectDelayMs: 0, ...options });
  return { sim, ...createTestStore(routes) };
}

beforeEach(() => localStorage.clear());
afterEach(() => delete (window as { djiBridge?: unknown }).djiBridge);

describe('controller login saga', () => {
  it('opening the login page loads djiconf and verifies the licence with it', async () => {
    const { store, sim, calls } = setup();
    store.dispatch(controllerLoginOpened({ workspaceId: 1 }));
    await until(() => store.getState().controller.bridgeStatus === 'verified');
    // With the remote controller's serial: an external broker limits the thing credentials to it.
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/djiconf/1/', options: { query: { gateway_sn: SIMULATED_RC_SN } } });
    expect(store.getState().controller.sdkConfig).toMatchObject({ appId: '125318', mqttHost: djiconf.mqttHost });
    expect(sim.calls.find((c) => c.method === 'platformVerifyLicense')?.args).toEqual(['125318', 'demo-key', 'demo-license']);
    expect(sim.calls.find((c) => c.method === 'platformSetWorkspaceId')?.args).toEqual([djiconf.workspaceId]);
    expect(sim.calls.find((c) => c.method === 'platformSetInformation')?.args).toEqual(['天际智能巡检系统', '深圳巡检', '']);
  });

  it('a refused licence lands in the slice as failed with the bridge error', async () => {
    const { store } = setup({ license: 'refused' });
    store.dispatch(controllerLoginOpened({ workspaceId: 1 }));
    await until(() => store.getState().controller.bridgeStatus === 'failed');
    expect(store.getState().controller.bridgeError).toMatchObject({ kind: 'refused', method: 'platformVerifyLicense' });
  });

  it('a failed djiconf load marks the configuration failed and verifies nothing', async () => {
    const { store, sim } = setup({}, { 'GET /djiconf/1/': httpError(500, 'boom') });
    store.dispatch(controllerLoginOpened({ workspaceId: 1 }));
    await until(() => store.getState().controller.configStatus === 'failed');
    expect(store.getState().controller.bridgeStatus).toBe('idle');
    // Only the remote controller's serial was read (djiconf's gateway_sn), nothing was verified or set.
    expect(sim.calls.map((c) => c.method)).toEqual(['platformGetRemoteControllerSN']);
  });

  it('signing in: licence, platform login, token to the bridge, components, serials, broker callback', async () => {
    const { store, sim, actions } = setup();
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.thingState === 'connected');
    const state = store.getState();
    expect(state.auth.token).toBe('tok-123');
    expect(state.controller).toMatchObject({
      aircraftSn: SIMULATED_AIRCRAFT_SN,
      remoteControllerSn: SIMULATED_RC_SN,
      apiComponent: 'loaded',
      bridgeStatus: 'verified',
    });
    expect(sim.sim.token()).toBe('tok-123');
    const thing = sim.calls.find((c) => c.method === 'platformLoadComponent' && c.args[0] === 'thing')!;
    expect(JSON.parse(thing.args[1])).toEqual({
      host: djiconf.mqttHost,
      username: 'pilot',
      password: 'tok-123',
      connectCallback: 'skylineThingConnectCallback',
    });
    const api = sim.calls.find((c) => c.method === 'platformLoadComponent' && c.args[0] === 'api')!;
    expect(JSON.parse(api.args[1])).toEqual({ host: `${window.location.origin}/`, token: 'tok-123' });
    // The platform login reuses the auth saga.
    expect(actions.map((a) => a.type)).toContain(loginSucceeded.type);
  });

  it('licence refused with the configuration read before sign-in: nobody is signed in', async () => {
    const { store, calls } = setup({ license: 'refused' });
    store.dispatch(controllerLoginOpened({ workspaceId: 1 }));
    await until(() => store.getState().controller.bridgeStatus === 'failed');
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await flush();
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/djiconf/1/']);
    expect(store.getState().auth.token).toBeNull();
  });

  it('licence refused after sign-in (configuration needs a login): signed out again, the error stays', async () => {
    const { store, calls, sim } = setup({ license: 'refused' }, { ...controllerRoutes, 'POST /auth/logout/': () => null });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => calls.some((c) => c.path === '/auth/logout/') && store.getState().auth.token === null);
    expect(calls.map((c) => c.path)).toEqual(['/auth/login/', '/djiconf/1/', '/auth/logout/']);
    expect(store.getState().controller).toMatchObject({ bridgeStatus: 'failed', bridgeError: { kind: 'refused' } });
    expect(sim.sim.token()).toBeNull();
  });

  it('djiconf answering 401 before sign-in is deferred quietly (no toast, session kept), then loaded by the sign-in', async () => {
    let signedIn = false;
    const routes: Record<string, Route> = {
      ...controllerRoutes,
      'GET /djiconf/1/': (o) => (signedIn ? controllerRoutes['GET /djiconf/1/'](o) : httpError(401, 'Not logged in')()),
      'POST /auth/login/': (o) => {
        signedIn = true;
        return controllerRoutes['POST /auth/login/'](o);
      },
    };
    const { store, sim } = setup({}, routes);
    store.dispatch(controllerLoginOpened({ workspaceId: 1 }));
    await until(() => store.getState().controller.configStatus === 'deferred');
    expect(store.getState().notifications.queue).toEqual([]);
    // Only the remote controller's serial was read (djiconf's gateway_sn), nothing was verified or set.
    expect(sim.calls.map((c) => c.method)).toEqual(['platformGetRemoteControllerSN']);
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.apiComponent === 'loaded');
    expect(store.getState().controller.bridgeStatus).toBe('verified');
  });

  it('djiconf failing after sign-in: one toast, still signed in, the bridge gets no token', async () => {
    const { store, sim } = setup({}, { ...controllerRoutes, 'GET /djiconf/1/': httpError(500, 'boom') });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.configStatus === 'failed');
    expect(store.getState().notifications.queue).toHaveLength(1);
    expect(store.getState().auth.token).toBe('tok-123');
    expect(sim.sim.token()).toBeNull();
  });

  it('a workspace (project) that does not exist falls back to the first project', async () => {
    const { store, calls } = setup(
      {},
      { ...controllerRoutes, 'GET /djiconf/1/': httpError(404, 'No project with id 1'), 'GET /djiconf/7/': () => ({ ...djiconf, workspaceId: '7' }) },
    );
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.apiComponent === 'loaded');
    // The devicelink saga checks the serials' binding (GET /Device/) once the thing component connects.
    expect(calls.map((c) => c.path).filter((path) => path !== '/Device/')).toEqual(['/auth/login/', '/djiconf/1/', '/Project/', '/djiconf/7/']);
    expect(store.getState().controller.sdkConfig?.workspaceId).toBe('7');
  });

  it('the current project is the workspace; joining another moves the bridge to it', async () => {
    const { store, sim, calls } = setup(
      {},
      {
        ...controllerRoutes,
        'GET /djiconf/7/': () => ({ ...djiconf, workspaceId: '7', workspaceName: '深圳湾巡检' }),
        'GET /Project/8/': () => ({ id: 8, name: '南山电力线' }),
        'GET /djiconf/8/': () => ({ ...djiconf, workspaceId: '8', workspaceName: '南山电力线' }),
      },
    );
    store.dispatch(projectJoinRequested(7));
    await until(() => store.getState().project.current?.id === 7);
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.apiComponent === 'loaded');
    expect(calls.map((c) => c.path)).toContain('/djiconf/7/');
    const last = (method: string) => sim.calls.filter((c) => c.method === method).at(-1)?.args;
    await until(() => store.getState().controller.components?.mission === 'loaded' && last('platformSetWorkspaceId')?.[0] === '7');
    store.dispatch(projectJoinRequested(8));
    await until(() => last('platformSetWorkspaceId')?.[0] === '8');
    expect(last('platformSetInformation')?.[1]).toBe('南山电力线');
  });

  it('reopened with a stored session: the home refresh hands the token to the bridge', async () => {
    const sim = installSimulatedBridge({ connectDelayMs: 0 });
    const { store } = createTestStore(controllerRoutes, {
      auth: { token: 'stored', user: { id: 1, username: 'admin', name: 'A', phone: null, email: null }, loginStatus: 'idle', loginError: null },
    });
    store.dispatch(controllerRefreshRequested());
    await until(() => store.getState().controller.thingState === 'connected');
    expect(sim.sim.token()).toBe('stored');
    expect(store.getState().controller.aircraftSn).toBe(SIMULATED_AIRCRAFT_SN);
  });

  it('no aircraft: signed in, but not connected', async () => {
    const { store } = setup({ aircraftSn: null });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    // The broker link does not need an aircraft.
    await until(() => store.getState().controller.thingState === 'connected');
    expect(store.getState().controller).toMatchObject({ aircraftSn: null, remoteControllerSn: SIMULATED_RC_SN, apiComponent: 'loaded' });
  });

  it('a component that fails to load is reported; the other still loads', async () => {
    const { store } = setup({ failComponent: 'thing' });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.thingState === 'failed');
    expect(store.getState().controller).toMatchObject({ apiComponent: 'loaded', bridgeError: { kind: 'failed', method: 'platformLoadComponent', code: 500 } });
  });

  it('the thing component reporting a failed connection shows as disconnected', async () => {
    const { store } = setup({ thing: 'fail' });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.thingState === 'disconnected');
  });

  it('a wrong password leaves the bridge without a token', async () => {
    const { store, sim } = setup({}, { ...controllerRoutes, 'POST /auth/login/': httpError(401, 'Wrong username or password') });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'bad', workspaceId: 1 }));
    await until(() => store.getState().auth.loginStatus === 'failed');
    await flush();
    expect(sim.sim.token()).toBeNull();
    expect(store.getState().controller.apiComponent).toBe('idle');
  });

  it('signing out unloads the components from the bridge', async () => {
    const { store, sim } = setup();
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.thingState === 'connected');
    store.dispatch(logoutRequested());
    await until(() => store.getState().controller.thingState === 'idle');
    expect(sim.sim.loadedComponents()).toEqual([]);
    expect(store.getState().controller.apiComponent).toBe('idle');
  });

  it('refresh reads the serials again (an aircraft bound later becomes connected)', async () => {
    const { store, sim } = setup({ aircraftSn: null });
    store.dispatch(controllerRefreshRequested());
    await until(() => store.getState().controller.remoteControllerSn === SIMULATED_RC_SN);
    expect(store.getState().controller.aircraftSn).toBeNull();
    sim.sim.setAircraft('NEW-SN');
    store.dispatch(controllerRefreshRequested());
    await until(() => store.getState().controller.aircraftSn === 'NEW-SN');
  });

  it('refresh outside the bridge does nothing', async () => {
    delete (window as { djiBridge?: unknown }).djiBridge;
    const { store, actions } = createTestStore();
    store.dispatch(controllerRefreshRequested());
    await flush();
    expect(actions.map((a) => a.type)).toEqual(['controller/controllerRefreshRequested']);
  });
});

describe('project saga', () => {
  it('joining loads the project; exiting clears it', async () => {
    const { store, calls } = createTestStore(controllerRoutes);
    store.dispatch(projectJoinRequested(7));
    await until(() => store.getState().project.current !== null);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/Project/7/' });
    expect(store.getState().project).toEqual({ current: { id: 7, name: '深圳湾巡检', area: 'Nanshan' }, joiningId: null });
    store.dispatch(projectExited());
    expect(store.getState().project.current).toBeNull();
  });

  it('a failed join is ignored (no toast, current project kept) but logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, actions } = createTestStore(controllerRoutes);
    store.dispatch(projectJoinRequested(7));
    await until(() => store.getState().project.current?.id === 7);
    store.dispatch(projectJoinRequested(404));
    await until(() => store.getState().project.joiningId === null);
    expect(store.getState().project.current?.id).toBe(7);
    expect(store.getState().notifications.queue).toEqual([]);
    expect(actions.map((a) => a.type)).toContain('project/projectLoadFailed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('404'), expect.anything());
    warn.mockRestore();
  });
});

describe('controller lists', () => {
  it('projects, tasks of a project, and a task route', async () => {
    const { store, calls } = createTestStore(controllerRoutes);
    store.dispatch(projectsRequested({ search: '深圳' }));
    await until(() => store.getState().controller.projects?.status === 'loaded');
    expect(store.getState().controller.projects).toMatchObject({ total: 2, search: '深圳' });
    expect(calls[0].options?.query).toMatchObject({ search: '深圳', page: 1 });
    store.dispatch(tasksRequested(7));
    await until(() => store.getState().controller.tasks?.status === 'loaded');
    expect(calls[1]).toMatchObject({ path: '/Task/', options: { query: { project_id: 7 } } });
    store.dispatch(taskSelected({ taskId: 31, routeId: 11 }));
    await until(() => store.getState().controller.route?.status === 'loaded');
    expect(store.getState().controller.route?.data?.waypoints).toHaveLength(2);
  });

  it('failures are shown as list errors (and toasts)', async () => {
    const { store } = createTestStore({ 'GET /Project/': httpError(500, 'down') });
    store.dispatch(projectsRequested({ search: '' }));
    await until(() => store.getState().controller.projects?.status === 'failed');
    expect(store.getState().notifications.queue).toHaveLength(1);
  });
});

describe('Pilot 2 cloud components', () => {
  it("loads the cloud components in DJI's order with DJI's parameters once thing is connected, then sets the workspace", async () => {
    const { store, sim } = setup();
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.components?.mission === 'loaded');
    const loads = sim.calls.filter((c) => c.method === 'platformLoadComponent');
    expect(loads.map((c) => c.args[0])).toEqual(['api', 'thing', 'liveshare', 'ws', 'map', 'tsa', 'media', 'mission']);
    const param = (name: string) => JSON.parse(loads.find((c) => c.args[0] === name)!.args[1]);
    expect(param('ws')).toEqual({
      host: `${window.location.origin.replace(/^http/, 'ws')}/api/v1/ws`,
      token: 'tok-123',
      connectCallback: 'skylineWsConnectCallback',
    });
    expect(param('map')).toEqual({ userName: '系统管理员', elementPreName: 'PILOT' });
    expect(param('tsa')).toEqual({});
    expect(store.getState().controller.components).toEqual({
      api: 'loaded',
      liveshare: 'loaded',
      ws: 'loaded',
      map: 'loaded',
      tsa: 'loaded',
      media: 'loaded',
      mission: 'loaded',
    });
    // DJI's step 6: the workspace is set again after the components.
    await until(() => sim.calls.at(-1)?.method === 'platformSetInformation');
    const lastLoad = sim.calls.lastIndexOf(loads.at(-1)!);
    expect(sim.calls.slice(lastLoad + 1).map((c) => c.method)).toContain('platformSetWorkspaceId');
  });

  it('a ws component that fails to load: map, tsa and mission are not tried, the others load', async () => {
    const { store, sim } = setup({ failComponent: 'ws' });
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.components?.media === 'loaded');
    expect(store.getState().controller.components).toEqual({ api: 'loaded', liveshare: 'loaded', ws: 'failed', media: 'loaded' });
    expect(sim.calls.filter((c) => c.method === 'platformLoadComponent').map((c) => c.args[0])).toEqual(['api', 'thing', 'liveshare', 'ws', 'media']);
    expect(store.getState().controller.bridgeError).toMatchObject({ kind: 'failed', method: 'platformLoadComponent' });
  });

  it('the home refresh loads again what Pilot 2 dropped', async () => {
    const { store, sim } = setup();
    store.dispatch(controllerSignInRequested({ username: 'admin', password: 'pw', workspaceId: 1 }));
    await until(() => store.getState().controller.components?.mission === 'loaded');
    sim.platformUnloadComponent('map');
    sim.platformUnloadComponent('tsa');
    store.dispatch(controllerRefreshRequested());
    await until(() => sim.sim.loadedComponents().length === 8);
    expect(
      sim.calls
        .filter((c) => c.method === 'platformLoadComponent')
        .map((c) => c.args[0])
        .slice(-2),
    ).toEqual(['map', 'tsa']);
  });
});
