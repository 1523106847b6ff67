import { TASK_ACTIONS, TASK_COMMANDS, TASK_KINDS, TASK_STATUSES } from '@shared/entities/task';
import { z } from 'zod';
import type { ResourceRow } from '../../crud/types';

export { TASK_ACTIONS, TASK_KINDS, TASK_STATUSES };
export const TASK_STATUS_COLORS = {
  pending: 'default',
  scheduled: 'info',
  running: 'primary',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

export const taskSchema = z.object({
  name: z.string().trim().min(1, 'resources.required').max(128),
  project_id: z.string().min(1, 'resources.required'),
  route_id: z.string().optional(),
  device_id: z.string().optional(),
  pilot_id: z.string().optional(),
  kind: z.enum(TASK_KINDS),
  scheduled_at: z.string().optional(),
});
export type TaskForm = z.infer<typeof taskSchema>;

export const emptyTask: TaskForm = { name: '', project_id: '', route_id: '', device_id: '', pilot_id: '', kind: 'inspection', scheduled_at: '' };

/** The text of a task row action: a dispatch command (execute, pause, …) under tasks.commands, a workflow step under tasks.steps. */
export function taskActionTextKey(action: string): string {
  return (TASK_COMMANDS as readonly string[]).includes(action) ? `tasks.commands.${action}` : `tasks.steps.${action}`;
}

const idOrNull = (v: string | undefined) => (v ? Number(v) : null);
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Form → API body: ids as numbers, empty selects and time as null. */
export const taskToBody = (v: TaskForm): Record<string, unknown> => ({
  name: v.name,
  kind: v.kind,
  project_id: Number(v.project_id),
  route_id: idOrNull(v.route_id),
  device_id: idOrNull(v.device_id),
  pilot_id: idOrNull(v.pilot_id),
  scheduled_at: v.scheduled_at || null,
});

export const taskToForm = (row: ResourceRow): TaskForm => ({
  name: str(row.name),
  project_id: str(row.project_id),
  route_id: str(row.route_id),
  device_id: str(row.device_id),
  pilot_id: str(row.pilot_id),
  kind: (row.kind as TaskForm['kind']) ?? 'inspection',
  scheduled_at: str(row.scheduled_at),
});
