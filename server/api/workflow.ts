import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { PermissionCode } from '@shared/permissions';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { transition, type Machine } from '../domain/stateMachines';
import { moveStatus, type StatusTable } from '../domain/transitions';
import type { ErrorEntity } from '@shared/errorCodes';
import { conflict, envelopeSchema, ok, rowNotFound } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { findRow, findScopedRow, idParams } from './crud';
import { withDisplayNames, type NameRefs } from './displayNames';

type WorkflowTable = Exclude<StatusTable, 'defects'>;

/** The body every action takes: a note, and `override` to accept despite a warning the action would refuse on. */
export const actionBodySchema = z.object({ note: z.string().max(2000).optional(), override: z.boolean().optional() });
export type ActionBody = z.infer<typeof actionBodySchema>;

/** What an action's hooks get: its transaction, the request and its body, the action's time. */
export interface ActionContext {
  db: Kysely<Database>;
  request: FastifyRequest;
  body: ActionBody;
  now: string;
}

export interface WorkflowDef<TB extends WorkflowTable, A extends string> {
  entity: ErrorEntity;
  path: string;
  tag: string;
  table: TB;
  machine: Machine<string, A>;
  permission: (action: A) => PermissionCode;
  /** Extra columns an action sets (timestamps, reviewer) from the request body. */
  effects?: (action: A, body: ActionBody, request: FastifyRequest, now: string) => Record<string, unknown>;
  /** Rules an action checks against the stored row, in its transaction before the update: throws an HttpError to refuse, returns extra columns to set. */
  prepare?: (action: A, row: Selectable<Database[TB]>, ctx: ActionContext) => Promise<Record<string, unknown>>;
  /** Runs after the update in the same transaction with the updated row (e.g. the system approving a clean submission at once). */
  settle?: (action: A, row: Selectable<Database[TB]>, ctx: ActionContext) => Promise<void>;
  /**
   * Runs before the transition with the current row (e.g. asks a device first); throwing refuses the action and
   * leaves the row unchanged.
   */
  before?: (action: A, row: Selectable<Database[TB]>, request: FastifyRequest) => Promise<void>;
  /** The entity's one row → API mapping (the same its CRUD routes use). */
  toApi: (row: Selectable<Database[TB]>) => Record<string, unknown>;
  /** The display names its CRUD routes add (see EntityDef.names). */
  names?: NameRefs;
}

/** POST {path}{id}/{action}/: the state machine decides; an illegal transition is a 409 that names the states; a row outside the caller's data scope is a 404. */
export function registerWorkflow<TB extends WorkflowTable, A extends string>(appBase: FastifyInstance, def: WorkflowDef<TB, A>): void {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const actions = Object.keys(def.machine.transitions) as [A, ...A[]];
  for (const action of actions) {
    app.post(
      `${def.path}:id/${action}/`,
      {
        schema: {
          tags: [def.tag],
          summary: `${action}: ${def.machine.transitions[action].from.join(' | ')} → ${def.machine.transitions[action].to}`,
          params: idParams,
          body: actionBodySchema.nullish(),
          response: { 200: envelopeSchema(z.record(z.string(), z.unknown())) },
        },
        preValidation: requirePermission(appBase, def.permission(action)),
      },
      async (request) => {
        const id = request.params.id;
        // The routes are the machine's own actions, so the only refusal left is the current status.
        const legal = (status: string) => {
          const result = transition(def.machine, status, action);
          if (!result.ok) throw conflict(result.message, undefined, { code: 'workflow.illegal_transition', params: { entity: def.entity, action, status } });
        };
        if (def.before) {
          const current = await findScopedRow(appBase.db, def.table, id, request);
          if (!current) throw rowNotFound(def.entity, id);
          // An illegal step is refused as such before the action's own rules run (or a device is asked anything).
          legal((current as typeof current & { status: string }).status);
          await def.before(action, current as Selectable<Database[TB]>, request);
        }
        const row = await appBase.db.transaction().execute(async (trx) => {
          const stored = await findScopedRow(trx, def.table, id, request);
          if (!stored) throw rowNotFound(def.entity, id);
          const current = stored as typeof stored & { status: string };
          legal(current.status);
          const now = nowIso();
          const ctx: ActionContext = { db: trx, request, body: request.body ?? {}, now };
          const checked = (await def.prepare?.(action, current, ctx)) ?? {};
          const set = { ...(def.effects?.(action, ctx.body, request, now) ?? {}), ...checked };
          const moved = await moveStatus(trx, def.table, id, def.entity, def.machine, action, request, {
            from: current.status,
            set: () => set,
            detail: request.body?.note ? { note: request.body.note } : {},
          });
          if (!moved.ok)
            throw conflict(`The ${def.machine.name} changed meanwhile; reload and try again`, undefined, {
              code: 'common.changed_meanwhile',
              params: { entity: def.entity },
            });
          const after = (await findRow(trx, def.table, id))!;
          if (!def.settle) return after;
          await def.settle(action, after, ctx);
          return (await findRow(trx, def.table, id))!;
        });
        await appBase.domainEvents.changed({ table: def.table, id, change: action });
        const [named] = await withDisplayNames(appBase.db, [def.toApi(row)], def.names ?? {});
        return ok(named, `${action} done`);
      },
    );
  }
}
