import { initialAuthState } from '../../../src/features/auth/authSlice';
import { conformanceWatchStarted, droneTaskCommanded, droneTaskRequested, fleetTasksAppeared } from '../../../src/features/situation/viewActions';
import { createTestStore, flush, httpError, whenStore, type Route } from '../support/testStore';
import { flyingTask, routeOfTask } from './taskFixtures';

/** The view open (the situation saga follows it) with the given API and, if given, the user's permissions. */
function openView(routes: Record<string, Route>, permissions?: string[]) {
  const test = createTestStore(
    { 'GET /Alert/': () => ({ items: [], total: 0 }), 'GET /Airspace/Plan/': () => ({ items: [], total: 0 }), ...routes },
    permissions && { auth: { ...initialAuthState, token: 't', user: { id: 3, username: 'op', name: 'Op', phone: null, email: null, permissions } } },
  );
  test.store.dispatch(conformanceWatchStarted());
  const requests = (method: string, path: string) => test.calls.filter((c) => c.method === method && c.path === path).length;
  return { ...test, requests };
}

describe('situation saga: the task an aircraft flies', () => {
  it('loads the task and its route once per route, and the route again when the task has another', async () => {
    let task = flyingTask;
    const { store, requests } = openView({ 'GET /Task/19/': () => task, 'GET /Route/9/': () => routeOfTask(9), 'GET /Route/10/': () => routeOfTask(10) });
    store.dispatch(droneTaskRequested(19));
    await whenStore(store, () => store.getState().situation.droneTasks[19] !== undefined);
    expect(store.getState().situation.droneTasks[19]).toEqual({ task: flyingTask, route: routeOfTask(9).waypoints.map(({ lat, lng }) => ({ lat, lng })) });
    // The card opens again: the task is read again (its status), the route is not.
    task = { ...flyingTask, progress: { ...flyingTask.progress!, waypoint_index: 2 } };
    store.dispatch(droneTaskRequested(19));
    await whenStore(store, () => store.getState().situation.droneTasks[19].task.progress?.waypoint_index === 2);
    expect([requests('GET', '/Task/19/'), requests('GET', '/Route/9/')]).toEqual([2, 1]);
    task = { ...flyingTask, route_id: 10 };
    store.dispatch(droneTaskRequested(19));
    await whenStore(store, () => store.getState().situation.droneTasks[19].task.route_id === 10);
    expect(store.getState().situation.droneTasks[19].route?.[0]).toEqual({ lat: 22.54, lng: 114.05 });
    expect(requests('GET', '/Route/10/')).toBe(1);
  });

  it('reads each task the fleet reports and its route, two at a time', async () => {
    // Every task answers when the test lets it: how many are asked at once shows.
    const waiting: Array<() => void> = [];
    const later = (answer: unknown) => () => new Promise((resolve) => waiting.push(() => resolve(answer)));
    const ids = [19, 20, 21, 22, 23];
    const routes: Record<string, Route> = { 'GET /Route/9/': () => routeOfTask(9) };
    for (const id of ids) routes[`GET /Task/${id}/`] = later({ ...flyingTask, id });
    const { store, calls, requests } = openView(routes);
    const taskReads = () => calls.filter((c) => c.path.startsWith('/Task/')).length;
    store.dispatch(fleetTasksAppeared(ids.slice(0, 3)));
    store.dispatch(fleetTasksAppeared(ids.slice(3)));
    await flush();
    expect(taskReads()).toBe(2);
    while (waiting.length) {
      waiting.shift()!();
      await flush();
      expect(waiting.length).toBeLessThanOrEqual(2);
    }
    await whenStore(store, () => Object.keys(store.getState().situation.droneTasks).length === ids.length);
    expect(ids.map((id) => requests('GET', `/Task/${id}/`))).toEqual([1, 1, 1, 1, 1]);
    expect(store.getState().situation.droneTasks[23].route).toHaveLength(3);
  });

  it('asks nothing without task:read, and no route without project:read', async () => {
    const blind = openView({ 'GET /Task/19/': () => flyingTask }, ['device:read']);
    blind.store.dispatch(droneTaskRequested(19));
    await flush();
    expect(blind.calls.filter((c) => c.path.startsWith('/Task/'))).toEqual([]);
    expect(blind.store.getState().situation.droneTasks).toEqual({});

    const noRoutes = openView({ 'GET /Task/19/': () => flyingTask }, ['task:read']);
    noRoutes.store.dispatch(droneTaskRequested(19));
    await whenStore(noRoutes.store, () => noRoutes.store.getState().situation.droneTasks[19] !== undefined);
    expect(noRoutes.store.getState().situation.droneTasks[19].route).toBeNull();
    expect(noRoutes.requests('GET', '/Route/9/')).toBe(0);
  });

  it('a command is sent, told, and the task read again', async () => {
    const { store, calls, requests } = openView({
      'GET /Task/19/': () => flyingTask,
      'GET /Route/9/': () => routeOfTask(9),
      'POST /Task/19/return_home/': () => flyingTask,
    });
    store.dispatch(droneTaskCommanded({ taskId: 19, command: 'return_home', label: '返航' }));
    await whenStore(store, () => store.getState().situation.droneTasks[19] !== undefined);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/Task/19/return_home/', options: { body: {} } });
    expect(store.getState().notifications.queue.map((t) => [t.messageKey, t.params, t.severity])).toEqual([
      ['resources.actionDone', { step: '返航' }, 'success'],
    ]);
    expect(requests('GET', '/Task/19/')).toBe(1);
  });

  it('a refused command tells the server’s reason and reads nothing', async () => {
    const { store, requests } = openView({
      'POST /Task/19/pause/': httpError(409, 'Cannot pause a task that is paused', {
        error_code: 'mission.command_not_applicable',
        params: { command: 'pause', status: 'paused' },
      }),
    });
    store.dispatch(droneTaskCommanded({ taskId: 19, command: 'pause', label: '暂停' }));
    await whenStore(store, () => store.getState().notifications.queue.some((t) => t.messageKey === 'resources.actionFailed'));
    expect(store.getState().notifications.queue.at(-1)).toMatchObject({
      messageKey: 'resources.actionFailed',
      params: { reason: 'apiError.mission.command_not_applicable', command: 'pause', status: 'paused' },
      severity: 'error',
    });
    expect(requests('GET', '/Task/19/')).toBe(0);
  });
});
