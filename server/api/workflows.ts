import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../db/time';
import { allowedActions, APPLICATION_MACHINE, PLAN_MACHINE, TASK_MACHINE, transition, type Machine } from '../domain/stateMachines';
import { conflict, envelopeSchema, notFound, ok } from '../http/envelope';
import { requirePermission, type PermissionCode } from '../rbac/permissions';
import { writeAudit } from './audit';
import { findRow } from './crud';

type WorkflowTable = 'tasks' | 'airspace_applications' | 'flight_plans';

interface WorkflowDef<A extends string> {
  entity: string;
  path: string;
  tag: string;
  table: WorkflowTable;
  machine: Machine<string, A>;
  permission: (action: A) => PermissionCode;
  /** Extra columns an action sets (timestamps, reviewer) from the request body. */
  effects?: (action: A, body: { note?: string }, request: FastifyRequest, now: string) => Record<string, unknown>;
  toApi: (row: Record<string, unknown>) => Record<string, unknown>;
}

/** POST {path}{id}/{action}/: the state machine decides; an illegal transition is a 409 that names the states. */
function registerWorkflow<A extends string>(appBase: FastifyInstance, def: WorkflowDef<A>): void {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const actions = Object.keys(def.machine.transitions) as [A, ...A[]];
  for (const action of actions) {
    app.post(
      `${def.path}:id/${action}/`,
      {
        schema: {
          tags: [def.tag],
          summary: `${action}: ${def.machine.transitions[action].from.join(' | ')} → ${def.machine.transitions[action].to}`,
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: z.object({ note: z.string().max(2000).optional() }).nullish(),
          response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
        },
        preValidation: requirePermission(appBase, def.permission(action)),
      },
      async (request) => {
        const id = request.params.id;
        const row = await appBase.db.transaction().execute(async (trx) => {
          const current = (await findRow(trx, def.table, id)) as { status: string } | undefined;
          if (!current) throw notFound(`No ${def.entity} with id ${id}`);
          const result = transition(def.machine, current.status, action);
          if (!result.ok) throw conflict(result.message);
          const now = nowIso();
          const set = { ...(def.effects?.(action, request.body ?? {}, request, now) ?? {}), status: result.to, updated_at: now };
          // The status guard makes concurrent transitions (on any instance) safe: only one wins.
          const updated = await (trx as unknown as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
            .updateTable(def.table)
            .set(set)
            .where('id', '=', id)
            .where('status', '=', current.status)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw conflict(`The ${def.machine.name} changed meanwhile; reload and try again`);
          await writeAudit(trx, request, action, def.entity, id, {
            from: current.status,
            to: result.to,
            ...(request.body?.note ? { note: request.body.note } : {}),
          });
          return findRow(trx, def.table, id);
        });
        return ok(def.toApi(row as Record<string, unknown>), `${action} done`);
      },
    );
  }
}

export function registerWorkflows(app: FastifyInstance): void {
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
    toApi: (row) => ({ ...row, actions: allowedActions(TASK_MACHINE, row.status as string) }),
  });
  registerWorkflow(app, {
    entity: 'airspace_application',
    path: '/Airspace/Apply/',
    tag: 'airspace',
    table: 'airspace_applications',
    machine: APPLICATION_MACHINE,
    permission: (action) => (action === 'approve' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    effects: (action, body, request) =>
      action === 'approve' || action === 'reject' ? { reviewer_id: request.auth!.userId, review_note: body.note ?? null } : {},
    toApi: (row) => ({ ...row, area: JSON.parse(String(row.area)), actions: allowedActions(APPLICATION_MACHINE, row.status as string) }),
  });
  registerWorkflow(app, {
    entity: 'flight_plan',
    path: '/Airspace/Plan/',
    tag: 'airspace',
    table: 'flight_plans',
    machine: PLAN_MACHINE,
    permission: (action) => (action === 'accept' || action === 'reject' ? 'airspace:approve' : 'airspace:write'),
    effects: (_action, body) => (body.note ? { note: body.note } : {}),
    toApi: (row) => ({ ...row, actions: allowedActions(PLAN_MACHINE, row.status as string) }),
  });
}
