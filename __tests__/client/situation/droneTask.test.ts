import type { Plan } from '@shared/entities/airspace';
import type { TaskProgress } from '@shared/entities/task';
import { commandBlocked, flownSplit, planOfTask, platformTaskId, type CardCommand } from '../../../src/features/situation/droneTask';

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
