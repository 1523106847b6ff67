import { z } from 'zod';
import { FLIGHTTASK_STATUSES } from '../dji/events';
import { displayName, isoDateTime, refName, rowId, stampedSchema } from './fields';

export const TASK_KINDS = ['inspection', 'mapping', 'patrol', 'delivery', 'emergency'] as const;
export const TASK_STATUSES = ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
/** The workflow steps, POST /api/Task/{id}/{action}/ (the server's TASK_MACHINE says which apply from which status). */
export const TASK_ACTIONS = ['schedule', 'start', 'complete', 'fail', 'cancel', 'retry'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskAction = (typeof TASK_ACTIONS)[number];
/** What a dispatch does to its task: sent to the aircraft, then done, failed or cancelled on it (the server's TASK_DISPATCH_MACHINE). */
export const TASK_DISPATCH_ACTIONS = ['dispatch', 'complete', 'fail', 'cancel'] as const;
export type TaskDispatchAction = (typeof TASK_DISPATCH_ACTIONS)[number];

/** A task's fields are edited before it is under way: once it flies or has ended (done, failed, cancelled) it is a record. */
export const taskEditable = (status: TaskStatus): boolean => status === 'pending' || status === 'scheduled';
/** A running task is ended by its workflow (complete or fail) before it can be deleted. */
export const taskDeletable = (status: TaskStatus): boolean => status !== 'running';

export const taskInputSchema = z.object({
  name: displayName,
  project_id: rowId,
  route_id: rowId.nullable().optional(),
  device_id: rowId.nullable().optional(),
  pilot_id: rowId.nullable().optional(),
  kind: z.enum(TASK_KINDS),
  scheduled_at: isoDateTime.nullable().optional(),
});
export type TaskInput = z.input<typeof taskInputSchema>;

/**
 * Commands to the aircraft flying a dispatched task, POST /api/Task/{id}/{command}/ (cancel is the workflow's cancel,
 * which withdraws a dispatched task from the device before it starts).
 */
export const TASK_COMMANDS = ['execute', 'pause', 'resume', 'return_home'] as const;
export type TaskCommand = (typeof TASK_COMMANDS)[number];

/** What the aircraft last reported of a dispatched task (flighttask_progress). */
export const taskProgressSchema = z.object({
  status: z.enum(FLIGHTTASK_STATUSES).nullable(),
  percent: z.number().min(0).max(100),
  current_step: z.number().int().nullable(),
  waypoint_index: z.number().int().nullable(),
});
export type TaskProgress = z.infer<typeof taskProgressSchema>;

/** MQTT topic of live task changes (QoS 1, not retained; payload TaskLive). */
export const TOPIC_TASK = 'sysinfo/task';
export const taskLiveSchema = z.object({
  task_id: z.number(),
  status: z.enum(TASK_STATUSES),
  progress: taskProgressSchema.nullable(),
  dispatch_error: z.string().nullable(),
  /** epoch ms. */
  at: z.number(),
});
export type TaskLive = z.infer<typeof taskLiveSchema>;

export const taskSchema = stampedSchema.extend({
  name: z.string(),
  project_id: z.number(),
  route_id: z.number().nullable(),
  device_id: z.number().nullable(),
  pilot_id: z.number().nullable(),
  project_name: refName,
  route_name: refName,
  device_name: refName,
  pilot_name: refName,
  kind: z.enum(TASK_KINDS),
  status: z.enum(TASK_STATUSES),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The DJI flight_id of the dispatch (null until dispatched). */
  flight_id: z.string().nullable(),
  progress: taskProgressSchema.nullable(),
  /** Why the dispatch or the flight failed (the device's result or a timeout), in English. */
  dispatch_error: z.string().nullable(),
  /** The actions allowed from the current status. */
  actions: z.array(z.enum(TASK_ACTIONS)),
  /** Whether its fields may be edited now (taskEditable). */
  editable: z.boolean(),
  /** Whether it may be deleted now (taskDeletable). */
  deletable: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
