import { TASK_ACTIONS, TASK_COMMANDS, TASK_KINDS, TASK_STATUSES, taskInputSchema, type Task } from '@shared/entities/task';
import type { z } from 'zod';
import { blankAsNull, idText, optionalPick, pickedId } from '../../crud/formFields';

export { TASK_ACTIONS, TASK_KINDS, TASK_STATUSES };
export const TASK_STATUS_COLORS = {
  pending: 'default',
  scheduled: 'info',
  running: 'primary',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

/** The create/edit form: the shared task input with the pick lists' ids as text and "" for no schedule. */
export const taskSchema = taskInputSchema.extend({
  project_id: pickedId(taskInputSchema.shape.project_id),
  route_id: optionalPick(taskInputSchema.shape.route_id),
  device_id: optionalPick(taskInputSchema.shape.device_id),
  pilot_id: optionalPick(taskInputSchema.shape.pilot_id),
  scheduled_at: blankAsNull(taskInputSchema.shape.scheduled_at),
});
export type TaskForm = z.input<typeof taskSchema>;

export const emptyTask: TaskForm = { name: '', project_id: '', route_id: '', device_id: '', pilot_id: '', kind: 'inspection', scheduled_at: '' };

/** The text of a task row action: a dispatch command (execute, pause, …) under tasks.commands, a workflow step under tasks.steps. */
export function taskActionTextKey(action: string): string {
  return (TASK_COMMANDS as readonly string[]).includes(action) ? `tasks.commands.${action}` : `tasks.steps.${action}`;
}

export const taskToForm = (row: Task): TaskForm => ({
  name: row.name,
  project_id: idText(row.project_id),
  route_id: idText(row.route_id),
  device_id: idText(row.device_id),
  pilot_id: idText(row.pilot_id),
  kind: row.kind,
  scheduled_at: row.scheduled_at ?? '',
});
