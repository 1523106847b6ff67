import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TASK_COMMANDS, taskDeletable, taskEditable, taskInputSchema, type TaskStatus } from '@shared/entities/task';
import { cancelDispatched, scheduleRule } from '@shared/missions/rules';
import { findRow, findScopedRow, idParams, registerCrud } from '../../api/crud';
import { DEVICE_NAME, PILOT_NAME, PROJECT_NAME, ROUTE_NAME, type NameRefs } from '../../api/displayNames';
import { registerWorkflow } from '../../api/workflow';
import type { Database, TasksTable } from '../../db/schema';
import { allowedActions, TASK_MACHINE } from '../../domain/stateMachines';
import { conflict, envelopeSchema, HttpError, ok, rowNotFound, type ErrorReason } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { defined } from '../fields';
import { taskProgressOf, type MissionService } from './missions';
import { registerWaylineDownload } from './waylineDownload';
import { COLLECTIONS } from '@shared/entities/collections';

/** A task names its project, route, device and pilot. */
const TASK_NAMES: NameRefs = { ...PROJECT_NAME, ...ROUTE_NAME, ...DEVICE_NAME, ...PILOT_NAME };

/** The row as the API shows it: progress parsed, the dispatch's internals left out, and only the actions that can work. */
export const taskToApi = ({ kmz_md5: _fingerprint, ...row }: Selectable<TasksTable>) => {
  const progress = taskProgressOf(row);
  // A running task can be cancelled only while its dispatch has not started flying.
  const cancellable = row.status !== 'running' || (row.flight_id !== null && cancelDispatched(progress).ok);
  const status = row.status as TaskStatus;
  return {
    ...row,
    progress,
    actions: allowedActions(TASK_MACHINE, status).filter((a) => a !== 'cancel' || cancellable),
    editable: taskEditable(status),
    deletable: taskDeletable(status),
  };
};

/** 409 when the task's route belongs to another project than the task. */
async function checkRouteInProject(db: Kysely<Database>, routeId: number | null | undefined, projectId: number | undefined): Promise<void> {
  if (!routeId) return;
  const route = await db.selectFrom('routes').select('project_id').where('id', '=', routeId).executeTakeFirst();
  if (route && route.project_id !== projectId) throw conflict('The route belongs to another project', undefined, { code: 'task.route_other_project' });
}

/** The mission service of the live channel; without it (MQTT_ENABLED=0) nothing can be dispatched. */
function missionsOf(app: FastifyInstance): MissionService {
  const { missions } = app;
  if (!missions) throw new HttpError(409, 'The live channel is off: tasks cannot be dispatched', undefined, { code: 'mission.link_unavailable' });
  return missions;
}

/**
 * 404 unless the caller's data scope shows the task's aircraft and route too: a command goes to that aircraft and
 * execute sends it that route, so seeing the task is not enough (an administrator may have filed it with another
 * department's device).
 */
async function assertFliesInScope(db: Kysely<Database>, task: Selectable<TasksTable>, request: FastifyRequest): Promise<void> {
  const refs = [
    ['devices', 'device', task.device_id],
    ['routes', 'route', task.route_id],
  ] as const;
  for (const [table, entity, id] of refs) if (id !== null && !(await findScopedRow(db, table, id, request))) throw rowNotFound(entity, id);
}

/** Tasks: CRUD while editable, the TASK_MACHINE workflow, and dispatch to the aircraft with its flight commands. */
export default async function taskRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  registerCrud(appBase, {
    entity: 'task',
    ...COLLECTIONS.task,
    tag: 'tasks',
    table: 'tasks',
    list: {
      table: 'tasks',
      search: ['name'],
      searchIndex: true,
      order: ['id', 'name', 'status', 'scheduled_at', 'started_at', 'finished_at', 'created_at'],
      defaultOrder: '-created_at',
      filters: { id: 'int', status: 'string', kind: 'string', project_id: 'int', route_id: 'int', device_id: 'int', pilot_id: 'int' },
    },
    input: taskInputSchema,
    refs: { project_id: 'projects', route_id: 'routes', device_id: 'devices', pilot_id: 'users' },
    guardUpdate: (row) =>
      taskEditable(row.status as TaskStatus)
        ? null
        : { message: `A ${row.status} task cannot be edited`, reason: { code: 'task.locked', params: { status: row.status } } },
    guardDelete: (row) =>
      taskDeletable(row.status as TaskStatus)
        ? null
        : { message: 'A running task cannot be deleted; fail or complete it first', reason: { code: 'task.running_undeletable' } },
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

  registerWorkflow(appBase, {
    entity: 'task',
    path: COLLECTIONS.task.path,
    tag: 'tasks',
    table: 'tasks',
    machine: TASK_MACHINE,
    permission: () => 'task:write',
    before: async (action, row, request) => {
      if (action === 'schedule') {
        const rule = scheduleRule(row.scheduled_at, Date.now());
        if (!rule.ok) throw new HttpError(409, rule.message, undefined, { code: rule.code, params: rule.params } as ErrorReason);
      }
      if (action === 'cancel' && row.status === 'running') {
        await assertFliesInScope(appBase.db, row, request);
        await missionsOf(appBase).withdraw(row);
      }
    },
    effects: (action, _body, _request, now) =>
      action === 'start'
        ? { started_at: now }
        : action === 'complete' || action === 'fail' || action === 'cancel'
          ? { finished_at: now }
          : action === 'retry'
            ? { started_at: null, finished_at: null, flight_id: null, gateway_sn: null, kmz_md5: null, progress: null, dispatch_error: null }
            : {},
    toApi: taskToApi,
    names: TASK_NAMES,
  });

  for (const command of TASK_COMMANDS) {
    app.post(
      `/Task/:id/${command}/`,
      {
        schema: {
          tags: ['tasks'],
          summary:
            command === 'execute'
              ? 'execute: check the aircraft, battery, weather and flight plan, then flighttask_prepare + flighttask_execute'
              : `${command}: sent to the aircraft flying the task; answers once the device replied`,
          params: idParams,
          body: z.object({}).nullish(),
          response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
        },
        preValidation: requirePermission(appBase, 'task:write'),
      },
      async (request) => {
        // The row-scope guard has checked the task itself.
        const task = await findRow(appBase.db, 'tasks', request.params.id);
        if (!task) throw rowNotFound('task', request.params.id);
        await assertFliesInScope(appBase.db, task, request);
        const missions = missionsOf(appBase);
        const row = command === 'execute' ? await missions.execute(request.params.id, request) : await missions.command(request.params.id, command);
        return ok(taskToApi(row), `${command} done`);
      },
    );
  }

  registerWaylineDownload(appBase);
}
