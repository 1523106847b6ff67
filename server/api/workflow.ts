import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { PermissionCode } from '@shared/permissions';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { transition, type Machine } from '../domain/stateMachines';
import { conflict, envelopeSchema, notFound, ok } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { writeAudit } from './audit';
import { findRow, idParams } from './crud';
import { withDisplayNames, type NameRefs } from './displayNames';

type WorkflowTable = 'tasks' | 'airspace_applications' | 'flight_plans';

export interface WorkflowDef<TB extends WorkflowTable, A extends string> {
  entity: string;
  path: string;
  tag: string;
  table: TB;
  machine: Machine<string, A>;
  permission: (action: A) => PermissionCode;
  /** Extra columns an action sets (timestamps, reviewer) from the request body. */
  effects?: (action: A, body: { note?: string }, request: FastifyRequest, now: string) => Record<string, unknown>;
  /** The entity's one row → API mapping (the same its CRUD routes use). */
  toApi: (row: Selectable<Database[TB]>) => Record<string, unknown>;
  /** The display names its CRUD routes add (see EntityDef.names). */
  names?: NameRefs;
}

/** POST {path}{id}/{action}/: the state machine decides; an illegal transition is a 409 that names the states. */
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
          const updated = await (trx as Kysely<Database>)
            .updateTable(def.table as WorkflowTable)
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
          return (await findRow(trx, def.table, id))!;
        });
        const [named] = await withDisplayNames(appBase.db, [def.toApi(row)], def.names ?? {});
        return ok(named, `${action} done`);
      },
    );
  }
}
