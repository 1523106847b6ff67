import type { Plan } from '@shared/entities/airspace';
import type { TaskCommand, TaskProgress, TaskStatus } from '@shared/entities/task';
import { commandApplies } from '@shared/missions/rules';

type LatLng = { lat: number; lng: number };

/** The commands the drone card offers for the task its aircraft flies. */
export const CARD_COMMANDS = ['pause', 'resume', 'return_home'] as const satisfies readonly TaskCommand[];
export type CardCommand = (typeof CARD_COMMANDS)[number];

/**
 * The platform task id in a fleet sample's `taskId` (a number, or its decimal text); null for none or for a task the
 * aircraft names itself (e.g. "river-9", not one of ours). Pure.
 */
export function platformTaskId(raw: string | number | undefined): number | null {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The route split where the aircraft is: `done` from the first waypoint to the one it flies now, `remaining` from there
 * to the last (both hold that waypoint, so the two lines meet). Without a waypoint index everything remains. Pure.
 */
export function flownSplit<P extends LatLng>(line: readonly P[], waypointIndex: number | null): { done: P[]; remaining: P[] } {
  if (waypointIndex === null || line.length === 0) return { done: [], remaining: [...line] };
  const at = Math.min(Math.max(waypointIndex, 0), line.length - 1);
  return { done: line.slice(0, at + 1), remaining: line.slice(at) };
}

/**
 * The monitored plan a task flies under: the one filed for the task, else one for its route and aircraft (the plan the
 * dispatch accepted, server/entities/task/missions.ts); null when none. Pure.
 */
export function planOfTask(plans: readonly Plan[], task: { id: number; route_id: number | null; device_id: number | null }): Plan | null {
  return (
    plans.find((p) => p.task_id === task.id) ??
    plans.find((p) => task.route_id !== null && p.route_id === task.route_id && p.device_id === task.device_id) ??
    null
  );
}

/** Why a card command cannot be sent now: the user lacks task:write, or the flight is not in a state it applies to; null when it can. Pure. */
export function commandBlocked(
  command: CardCommand,
  task: { status: TaskStatus; flight_id: string | null; progress: TaskProgress | null },
  canWrite: boolean,
): 'permission' | 'state' | null {
  if (!canWrite) return 'permission';
  return commandApplies(command, task).ok ? null : 'state';
}

/**
 * The platform tasks named in a fleet frame's `taskId` column that are not in `known`, each once, in ascending order:
 * the tasks the view has not asked for yet (each is read once while the view is open). Pure.
 */
export function newTaskIds(taskIds: ReadonlyArray<string | number | undefined>, known: ReadonlySet<number>): number[] {
  const fresh = new Set<number>();
  for (const raw of taskIds) {
    const id = platformTaskId(raw);
    if (id !== null && !known.has(id)) fresh.add(id);
  }
  return [...fresh].sort((a, b) => a - b);
}

/** A route being flown as /Tas draws it: whose, how far along, and whether its aircraft is the selected one. */
export interface FlownRoute<P extends LatLng = LatLng> {
  taskId: number;
  sn: string;
  name: string;
  /** The route's waypoints, as loaded (the same array while the view is open: the map redraws a route only when its progress moves). */
  route: readonly P[];
  /** The waypoint the aircraft flies (sysinfo/task, else the task as read); null before it reported one. */
  waypoint: number | null;
  selected: boolean;
}

/**
 * The routes of every aircraft in the fleet that flies a loaded platform task with a readable route, with the newest
 * progress of each (sysinfo/task, else the task as read), the selected aircraft's last (drawn on top). Aircraft sharing
 * a task draw it once. Pure.
 */
export function flownRoutes<P extends LatLng>(
  fleet: { sn: readonly string[]; taskId: ReadonlyArray<string | number | undefined>; count: number },
  tasks: Readonly<Record<number, { task: { name: string; progress: TaskProgress | null }; route: P[] | null }>>,
  live: Readonly<Record<number, { progress: TaskProgress | null }>>,
  selectedSn: string | null,
): Array<FlownRoute<P>> {
  const routes = new Map<number, FlownRoute<P>>();
  for (let slot = 0; slot < fleet.count; slot++) {
    const taskId = platformTaskId(fleet.taskId[slot]);
    const loaded = taskId === null ? undefined : tasks[taskId];
    if (taskId === null || !loaded?.route?.length) continue;
    const sn = fleet.sn[slot];
    const selected = sn === selectedSn;
    if (routes.has(taskId) && !selected) continue;
    const progress = live[taskId] ? live[taskId].progress : loaded.task.progress;
    routes.set(taskId, { taskId, sn, name: loaded.task.name, route: loaded.route, waypoint: progress?.waypoint_index ?? null, selected });
  }
  return [...routes.values()].sort((a, b) => Number(a.selected) - Number(b.selected) || a.taskId - b.taskId);
}
