import { z } from 'zod';
import { displayName, isoDateTime, refName, rowId, stampedSchema } from './fields';

export const TASK_KINDS = ['inspection', 'mapping', 'patrol', 'delivery', 'emergency'] as const;
export const TASK_STATUSES = ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
/** The workflow steps, POST /api/Task/{id}/{action}/ (the server's TASK_MACHINE says which apply from which status). */
export const TASK_ACTIONS = ['schedule', 'start', 'complete', 'fail', 'cancel', 'retry'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskAction = (typeof TASK_ACTIONS)[number];

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
  /** The actions allowed from the current status. */
  actions: z.array(z.enum(TASK_ACTIONS)),
});
export type Task = z.infer<typeof taskSchema>;
