import { FLIGHTTASK_STATUSES } from '@shared/dji/events';
import { TASK_STATUSES, type TaskLive, type TaskProgress } from '@shared/entities/task';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const intOrNull = (v: unknown): number | null => (isNumber(v) ? v : null);

function readProgress(value: unknown): TaskProgress | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || value === undefined) return undefined;
  const p = value as Record<string, unknown>;
  const status = p.status === null || (FLIGHTTASK_STATUSES as readonly unknown[]).includes(p.status) ? (p.status as TaskProgress['status']) : undefined;
  if (status === undefined || !isNumber(p.percent)) return undefined;
  return { status, percent: Math.min(100, Math.max(0, p.percent)), current_step: intOrNull(p.current_step), waypoint_index: intOrNull(p.waypoint_index) };
}

/** A sysinfo/task message (docs/mqtt.md), or null when it is not one: the broker is another party, so it is checked. */
export function readTaskLive(message: unknown): TaskLive | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  const progress = readProgress(m.progress);
  if (!isNumber(m.task_id) || !isNumber(m.at) || !(TASK_STATUSES as readonly unknown[]).includes(m.status) || progress === undefined) return null;
  const dispatchError = typeof m.dispatch_error === 'string' ? m.dispatch_error : null;
  return { task_id: m.task_id, status: m.status as TaskLive['status'], progress, dispatch_error: dispatchError, at: m.at };
}
