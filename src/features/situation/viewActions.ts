import { createAction } from '@reduxjs/toolkit';
import type { TaskCommand } from '@shared/entities/task';

// The situational view's requests to its saga. They change no state, so they live outside the slice (which the login
// page loads with the store, 200 KB at most: e2e/loginBundle.e2e.ts): only the view's chunk and its saga carry them.

/** The view opened: load the open conformance alerts and the monitored plans, and follow them. */
export const conformanceWatchStarted = createAction('situation/conformanceWatchStarted');
export const conformanceWatchStopped = createAction('situation/conformanceWatchStopped');

/** Serials the view shows for the first time since it opened (the situation saga names them). */
export const fleetSerialsAppeared = createAction<string[]>('situation/fleetSerialsAppeared');

/** Platform tasks the fleet reports being flown for the first time since the view opened (the saga reads each and its route once). */
export const fleetTasksAppeared = createAction<number[]>('situation/fleetTasksAppeared');

/** A drone's card opened on an aircraft flying this task: load the task and its route. */
export const droneTaskRequested = createAction<number>('situation/droneTaskRequested');

/** Pause, resume or send home the aircraft flying the task, confirmed on its card (`label`: the command's name, for the toast). */
export const droneTaskCommanded = createAction<{ taskId: number; command: Exclude<TaskCommand, 'execute'>; label: string }>('situation/droneTaskCommanded');
