import { FLIGHTTASK_FINAL_STATUSES, type FlighttaskProgress } from '../dji/events';
import type { TaskCommand, TaskProgress, TaskStatus } from '../entities/task';
import type { ERROR_CODES } from '../errorCodes';

/**
 * The pure rules of dispatched tasks, shared by the server (which enforces them) and the console (which shows only
 * the commands that can work). A refusal carries the stable error code the console translates.
 */
export type MissionCode = `mission.${keyof (typeof ERROR_CODES)['mission'] & string}`;
export type Refusal = { code: MissionCode; params?: Record<string, string | number>; message: string };
export type RuleResult = { ok: true } | ({ ok: false } & Refusal);

const refuse = (code: MissionCode, message: string, params?: Refusal['params']): RuleResult => ({ ok: false, code, message, ...(params ? { params } : {}) });
const OK: RuleResult = { ok: true };

/** The statuses a flight leaves its task in: still running, or ended one of three ways. */
export type FlightEndStatus = Extract<TaskStatus, 'done' | 'failed' | 'cancelled'>;

/** Where a flighttask_progress event leaves the task. */
export interface ProgressOutcome {
  status: 'running' | FlightEndStatus;
  progress: TaskProgress;
  /** The task just ended (finished_at is set). */
  finished: boolean;
  /** Why it failed, when it did. */
  error: string | null;
}

/** The device's final flight-task statuses and the task status each ends in. */
const FINAL_TASK_STATUS: Record<string, FlightEndStatus> = {
  ok: 'done',
  partially_done: 'done',
  canceled: 'cancelled',
  rejected: 'failed',
  failed: 'failed',
  timeout: 'failed',
};

/**
 * A progress event → the task's status, progress and whether it ended. Events after the task ended change nothing
 * (null): a late or repeated event must not revive it. A non-zero `result` fails the task with that code.
 */
export function progressOutcome(current: TaskStatus, event: FlighttaskProgress): ProgressOutcome | null {
  if (current !== 'running') return null;
  const { status, progress, ext } = event.output;
  const next: TaskProgress = {
    status,
    percent: progress?.percent ?? (status === 'ok' ? 100 : 0),
    current_step: progress?.current_step ?? null,
    waypoint_index: ext?.current_waypoint_index ?? null,
  };
  if (event.result !== 0) return { status: 'failed', progress: next, finished: true, error: `The aircraft reported error ${event.result} (${status})` };
  if (!FLIGHTTASK_FINAL_STATUSES.has(status)) return { status: 'running', progress: next, finished: false, error: null };
  const final = FINAL_TASK_STATUS[status];
  return { status: final, progress: next, finished: true, error: final === 'failed' ? `The flight task ended ${status}` : null };
}

/** The flight has started on the device (so it can no longer be withdrawn with flighttask_undo). */
export const flightStarted = (progress: TaskProgress | null): boolean => progress !== null && progress.status !== null && progress.status !== 'sent';

/** Whether a command applies to a task in its current state (execute: not yet dispatched; the rest: while it flies). */
export function commandApplies(command: TaskCommand, task: { status: TaskStatus; flight_id: string | null; progress: TaskProgress | null }): RuleResult {
  const notApplicable = () =>
    refuse('mission.command_not_applicable', `Cannot ${command} a task that is ${task.progress?.status ?? task.status}`, {
      command,
      status: task.progress?.status ?? task.status,
    });
  if (command === 'execute') return (task.status === 'pending' || task.status === 'scheduled') && !task.flight_id ? OK : notApplicable();
  if (task.status !== 'running' || !task.flight_id) return notApplicable();
  const flying = task.progress?.status;
  switch (command) {
    case 'pause':
      return flying === 'in_progress' ? OK : notApplicable();
    case 'resume':
      return flying === 'paused' ? OK : notApplicable();
    case 'return_home':
      return flying === 'in_progress' || flying === 'paused' ? OK : notApplicable();
  }
}

/**
 * Cancelling a dispatched task: DJI withdraws a task with flighttask_undo only before it starts; once it flies the
 * way to end it is return home.
 */
export function cancelDispatched(progress: TaskProgress | null): RuleResult {
  return flightStarted(progress) ? refuse('mission.cancel_in_flight', 'The flight has started: it cannot be withdrawn; send it home instead') : OK;
}

/** Scheduling (and a timed dispatch) needs a planned time in the future. */
export function scheduleRule(scheduledAt: string | null, now: number): RuleResult {
  if (!scheduledAt) return refuse('mission.schedule_needs_time', 'Scheduling needs a planned time (scheduled_at)');
  if (Date.parse(scheduledAt) <= now) return refuse('mission.schedule_in_past', `The planned time ${scheduledAt} is not in the future`, { at: scheduledAt });
  return OK;
}
