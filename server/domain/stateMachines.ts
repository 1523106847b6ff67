import {
  APPLICATION_STATUSES,
  PLAN_STATUSES,
  type ApplicationAction,
  type ApplicationStatus,
  type PlanAction,
  type PlanStatus,
  type PlanTelemetryAction,
} from '@shared/entities/airspace';
import { DEFECT_STATUSES, DEFECT_WORKFLOW, type DefectAction, type DefectStatus } from '@shared/entities/defect';
import { TASK_STATUSES, type TaskAction, type TaskDispatchAction, type TaskStatus } from '@shared/entities/task';

/**
 * The workflow state machines, as data. Pure: no I/O, so they are tested table-driven and the routes only
 * look up (machine, current status, action) → next status, answering 409 with `message` when it is illegal.
 */
export interface Machine<S extends string, A extends string> {
  name: string;
  initial: S;
  states: readonly S[];
  transitions: Record<A, { from: readonly S[]; to: S }>;
}

export const TASK_MACHINE: Machine<TaskStatus, TaskAction> = {
  name: 'task',
  initial: 'pending',
  states: TASK_STATUSES,
  transitions: {
    schedule: { from: ['pending'], to: 'scheduled' },
    start: { from: ['scheduled'], to: 'running' },
    complete: { from: ['running'], to: 'done' },
    fail: { from: ['running'], to: 'failed' },
    // A running task is cancelled only while its dispatch has not started flying (MissionService.withdraw decides).
    cancel: { from: ['pending', 'scheduled', 'running'], to: 'cancelled' },
    retry: { from: ['failed', 'cancelled'], to: 'pending' },
  },
};

/**
 * The same tasks as their dispatch moves them (MissionService): claimed for the aircraft, then ended by the device's
 * flighttask_progress (done, failed or cancelled on the device), or failed when it cannot be sent (a timed task the
 * scheduler could not dispatch fails while still scheduled).
 */
export const TASK_DISPATCH_MACHINE: Machine<TaskStatus, TaskDispatchAction> = {
  name: 'task',
  initial: 'pending',
  states: TASK_STATUSES,
  transitions: {
    dispatch: { from: ['pending', 'scheduled'], to: 'running' },
    complete: { from: ['running'], to: 'done' },
    fail: { from: ['scheduled', 'running'], to: 'failed' },
    cancel: { from: ['running'], to: 'cancelled' },
  },
};

export const APPLICATION_MACHINE: Machine<ApplicationStatus, ApplicationAction> = {
  name: 'airspace application',
  initial: 'draft',
  states: APPLICATION_STATUSES,
  transitions: {
    submit: { from: ['draft'], to: 'submitted' },
    approve: { from: ['submitted'], to: 'approved' },
    reject: { from: ['submitted'], to: 'rejected' },
    cancel: { from: ['draft', 'submitted', 'approved'], to: 'cancelled' },
  },
};

export const PLAN_MACHINE: Machine<PlanStatus, PlanAction> = {
  name: 'flight plan',
  initial: 'filed',
  states: PLAN_STATUSES,
  transitions: {
    accept: { from: ['filed'], to: 'accepted' },
    reject: { from: ['filed'], to: 'rejected' },
    end: { from: ['accepted', 'activated', 'nonconforming'], to: 'ended' },
    cancel: { from: ['filed', 'accepted'], to: 'cancelled' },
  },
};

export const DEFECT_MACHINE: Machine<DefectStatus, DefectAction> = {
  name: 'defect',
  initial: 'new',
  states: DEFECT_STATUSES,
  transitions: DEFECT_WORKFLOW,
};

/**
 * The same plans as telemetry moves them (server/conformance/planStates.ts), ASTM F3548's operational states:
 * activated at the first take-off inside the volume, nonconforming while a conformance alert is open (also straight
 * from accepted when it takes off outside), back to activated when it conforms again, ended at landing after the
 * window or at the window's end.
 */
export const PLAN_TELEMETRY_MACHINE: Machine<PlanStatus, PlanTelemetryAction> = {
  name: 'flight plan',
  initial: 'accepted',
  states: PLAN_STATUSES,
  transitions: {
    activate: { from: ['accepted'], to: 'activated' },
    deviate: { from: ['accepted', 'activated'], to: 'nonconforming' },
    conform: { from: ['nonconforming'], to: 'activated' },
    end: { from: ['accepted', 'activated', 'nonconforming'], to: 'ended' },
  },
};

export type TransitionResult<S extends string> = { ok: true; to: S } | { ok: false; message: string };

export function transition<S extends string, A extends string>(machine: Machine<S, A>, from: string, action: string): TransitionResult<S> {
  const rule = Object.prototype.hasOwnProperty.call(machine.transitions, action) ? machine.transitions[action as A] : undefined;
  if (!rule) return { ok: false, message: `Unknown ${machine.name} action "${action}"` };
  if (!(rule.from as readonly string[]).includes(from)) {
    return { ok: false, message: `Cannot ${action} a ${machine.name} that is ${from} (allowed from: ${rule.from.join(', ')})` };
  }
  return { ok: true, to: rule.to };
}

/** The actions allowed from a status, for the console to show only the buttons that can work. */
export function allowedActions<S extends string, A extends string>(machine: Machine<S, A>, from: string): A[] {
  return (Object.keys(machine.transitions) as A[]).filter((a) => (machine.transitions[a].from as readonly string[]).includes(from));
}
