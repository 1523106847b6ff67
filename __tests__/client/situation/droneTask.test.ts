import type { Plan } from '@shared/entities/airspace';
import type { TaskProgress } from '@shared/entities/task';
import { commandBlocked, flownRoutes, flownSplit, newTaskIds, planOfTask, platformTaskId, type CardCommand } from '../../../src/features/situation/droneTask';

describe('platformTaskId: the task of ours a fleet sample names', () => {
  it.each<[string | number | undefined, number | null]>([
    [19, 19],
    ['19', 19],
    [undefined, null],
    ['river-9', null],
    ['', null],
    [0, null],
    [-3, null],
    [1.5, null],
    ['1e3', null],
    ['9999999999999999', null],
  ])('%p → %p', (raw, id) => expect(platformTaskId(raw)).toBe(id));
});

describe('newTaskIds: the platform tasks a frame names that the view has not asked for', () => {
  it.each<[string, Array<string | number | undefined>, number[], number[]]>([
    ['none flies a task', [undefined, undefined], [], []],
    ['each once, ascending, as numbers', [20, '19', undefined, 19, '20'], [], [19, 20]],
    ['those asked for before are left out', [19, 20, 21], [19, 21], [20]],
    ['tasks the aircraft names itself are not ours', ['river-9', 0, 22], [], [22]],
  ])('%s', (_what, taskIds, known, fresh) => expect(newTaskIds(taskIds, new Set(known))).toEqual(fresh));
});

describe('flownRoutes: the routes the fleet flies, with their progress', () => {
  const progress = (waypoint_index: number | null): TaskProgress => ({ status: 'in_progress', percent: 10, current_step: 1, waypoint_index });
  const route = [{ lat: 22.5, lng: 114 }];
  const loaded = (name: string, waypoint: number | null, line: typeof route | null = route) => ({ task: { name, progress: progress(waypoint) }, route: line });
  const tasks = { 19: loaded('a', 1), 20: loaded('b', null), 21: loaded('no route', 0, null), 22: loaded('empty', 0, []) };
  const fleet = (...slots: Array<[string, string | number | undefined]>) => ({
    sn: slots.map(([sn]) => sn),
    taskId: slots.map(([, id]) => id),
    count: slots.length,
  });
  const summary = (routes: ReturnType<typeof flownRoutes>) => routes.map((r) => [r.taskId, r.sn, r.name, r.waypoint, r.selected]);
  it.each<[string, ReturnType<typeof fleet>, Record<number, { progress: TaskProgress | null }>, string | null, unknown[][]]>([
    ['nobody flies a loaded task', fleet(['A1', undefined], ['B2', 23], ['C3', 'river-9']), {}, null, []],
    [
      'by task, with the progress read',
      fleet(['B2', '20'], ['A1', 19]),
      {},
      null,
      [
        [19, 'A1', 'a', 1, false],
        [20, 'B2', 'b', null, false],
      ],
    ],
    ['sysinfo/task is newer than the task as read', fleet(['A1', 19]), { 19: { progress: progress(2) } }, null, [[19, 'A1', 'a', 2, false]]],
    ['a report without progress: none yet', fleet(['A1', 19]), { 19: { progress: null } }, null, [[19, 'A1', 'a', null, false]]],
    [
      'the selected aircraft’s last',
      fleet(['A1', 19], ['B2', 20]),
      {},
      'A1',
      [
        [20, 'B2', 'b', null, false],
        [19, 'A1', 'a', 1, true],
      ],
    ],
    ['a route not readable or empty is not drawn', fleet(['A1', 21], ['B2', 22]), {}, null, []],
    ['two aircraft on one task draw it once, as the selected one’s', fleet(['A1', 19], ['B2', 19]), {}, 'B2', [[19, 'B2', 'a', 1, true]]],
    ['only the slots in the frame count', { ...fleet(['A1', 19], ['B2', 20]), count: 1 }, {}, null, [[19, 'A1', 'a', 1, false]]],
  ])('%s', (_what, frame, live, selected, expected) => expect(summary(flownRoutes(frame, tasks, live, selected))).toEqual(expected));

  it('hands over the loaded waypoints themselves (the map keeps a route drawn until its progress moves)', () =>
    expect(flownRoutes(fleet(['A1', 19]), tasks, {}, null)[0].route).toBe(route));
});

describe('flownSplit: the route flown and to fly, meeting at the current waypoint', () => {
  const line = [0, 1, 2, 3].map((i) => ({ lat: 22.5 + i / 1000, lng: 114 }));
  const lats = (points: typeof line) => points.map((p) => Math.round((p.lat - 22.5) * 1000));
  it.each<[number | null, number[], number[]]>([
    [null, [], [0, 1, 2, 3]],
    [0, [0], [0, 1, 2, 3]],
    [1, [0, 1], [1, 2, 3]],
    [3, [0, 1, 2, 3], [3]],
    // An index past the route (a device counting differently) is the last waypoint.
    [9, [0, 1, 2, 3], [3]],
  ])('waypoint %p', (index, done, remaining) => {
    const split = flownSplit(line, index);
    expect([lats(split.done), lats(split.remaining)]).toEqual([done, remaining]);
  });

  it('an empty route has nothing to draw', () => expect(flownSplit([], 2)).toEqual({ done: [], remaining: [] }));
});

describe('planOfTask: the monitored plan a task flies under', () => {
  const plan = (id: number, over: Partial<Plan>): Plan => ({ id, application_id: 100 + id, task_id: null, route_id: null, device_id: null, ...over }) as Plan;
  const task = { id: 19, route_id: 9, device_id: 5 };
  it.each<[string, Plan[], number | null]>([
    ['filed for the task', [plan(1, { route_id: 9, device_id: 5 }), plan(2, { task_id: 19 })], 2],
    ['filed for its route and aircraft', [plan(1, { route_id: 9, device_id: 6 }), plan(3, { route_id: 9, device_id: 5 })], 3],
    ['another task’s plan', [plan(4, { task_id: 20 })], null],
    ['none', [], null],
  ])('%s', (_what, plans, id) => expect(planOfTask(plans, task)?.id ?? null).toBe(id));

  it('a task without a route matches only a plan filed for it', () =>
    expect(planOfTask([plan(5, { route_id: null, device_id: null })], { id: 19, route_id: null, device_id: null })).toBeNull());
});

describe('commandBlocked: why a card command cannot be sent', () => {
  const flying = (status: TaskProgress['status']) => ({
    status: 'running' as const,
    flight_id: 'f1',
    progress: { status, percent: 40, current_step: null, waypoint_index: 1 },
  });
  it.each<[string, CardCommand, ReturnType<typeof flying> | { status: 'done'; flight_id: null; progress: null }, boolean, 'permission' | 'state' | null]>([
    ['pause in flight', 'pause', flying('in_progress'), true, null],
    ['pause when paused', 'pause', flying('paused'), true, 'state'],
    ['resume when paused', 'resume', flying('paused'), true, null],
    ['resume in flight', 'resume', flying('in_progress'), true, 'state'],
    ['return home paused', 'return_home', flying('paused'), true, null],
    ['return home before take-off', 'return_home', flying('sent'), true, 'state'],
    ['a finished task', 'pause', { status: 'done', flight_id: null, progress: null }, true, 'state'],
    ['no task:write, whatever the state', 'pause', flying('in_progress'), false, 'permission'],
  ])('%s', (_what, command, task, canWrite, blocked) => expect(commandBlocked(command, task, canWrite)).toBe(blocked));
});
