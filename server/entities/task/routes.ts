import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { taskInputSchema } from '@shared/entities/task';
import { registerCrud } from '../../api/crud';
import { DEVICE_NAME, PROJECT_NAME, ROUTE_NAME, type NameRefs } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import type { Database, TasksTable } from '../../db/schema';
import { allowedActions, TASK_MACHINE } from '../../domain/stateMachines';
import { conflict } from '../../http/envelope';
import { defined } from '../fields';

/** A task names its project, route, device and pilot. */
const TASK_NAMES: NameRefs = { ...PROJECT_NAME, ...ROUTE_NAME, ...DEVICE_NAME, pilot_name: { from: 'pilot_id', table: 'users' } };

export const taskToApi = (row: Selectable<TasksTable>) => ({ ...row, actions: allowedActions(TASK_MACHINE, row.status) });

/** 409 when the task's route belongs to another project than the task. */
async function checkRouteInProject(db: Kysely<Database>, routeId: number | null | undefined, projectId: number | undefined): Promise<void> {
  if (!routeId) return;
  const route = await db.selectFrom('routes').select('project_id').where('id', '=', routeId).executeTakeFirst();
  if (route && route.project_id !== projectId) throw conflict('The route belongs to another project');
}

/** Tasks: CRUD while editable, then the TASK_MACHINE workflow (schedule/start/complete/fail/cancel/retry). */
export default async function taskRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'task',
    path: '/Task/',
    tag: 'tasks',
    table: 'tasks',
    read: 'task:read',
    write: 'task:write',
    list: {
      table: 'tasks',
      search: ['name'],
      order: ['id', 'name', 'status', 'scheduled_at', 'started_at', 'finished_at', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', kind: 'string', project_id: 'int', route_id: 'int', device_id: 'int', pilot_id: 'int' },
    },
    input: taskInputSchema,
    refs: { project_id: 'projects', route_id: 'routes', device_id: 'devices', pilot_id: 'users' },
    guardUpdate: (row) => (['running', 'done', 'failed'].includes(row.status) ? `A ${row.status} task cannot be edited` : null),
    guardDelete: (row) => (row.status === 'running' ? 'A running task cannot be deleted; fail or complete it first' : null),
    toRow: async (input, ctx, existing) => {
      await checkRouteInProject(ctx.db, input.route_id === undefined ? existing?.route_id : input.route_id, input.project_id ?? existing?.project_id);
      return existing
        ? defined(input)
        : {
            route_id: null,
            device_id: null,
            pilot_id: null,
            scheduled_at: null,
            started_at: null,
            finished_at: null,
            status: TASK_MACHINE.initial,
            ...defined(input),
          };
    },
    toApi: taskToApi,
    names: TASK_NAMES,
  });

  registerWorkflow(app, {
    entity: 'task',
    path: '/Task/',
    tag: 'tasks',
    table: 'tasks',
    machine: TASK_MACHINE,
    permission: () => 'task:write',
    effects: (action, _body, _request, now) =>
      action === 'start'
        ? { started_at: now }
        : action === 'complete' || action === 'fail'
          ? { finished_at: now }
          : action === 'retry'
            ? { started_at: null, finished_at: null }
            : {},
    toApi: taskToApi,
    names: TASK_NAMES,
  });
}
