import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from './audit';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { transition, type Machine } from './stateMachines';

/** The tables whose `status` column only a machine moves (the architecture test in __tests__/server/domain holds it). */
export type StatusTable = 'tasks' | 'flight_plans' | 'airspace_applications' | 'defects';

/** Who moved a row, for its audit entry: a request, or the platform itself (`SYSTEM`: no user). */
export type Mover = Pick<FastifyRequest, 'auth'>;
export const SYSTEM: Mover = { auth: null };

export interface MoveOptions {
  /** The status the caller read and decided on (in its transaction); read here when absent. */
  from?: string;
  /** Columns the step sets besides status and updated_at, from the statuses it moves between. */
  set?: (from: string, to: string) => Record<string, unknown>;
  /** Further columns the row must hold for the step to apply (null: the column is null), e.g. the dispatch it belongs to. */
  guard?: Record<string, string | number | null>;
  /** Extra fields of the audit entry beside from and to. */
  detail?: Record<string, unknown>;
}

export type MoveResult<S extends string> =
  { ok: true; from: string; to: S } | { ok: false; why: 'missing' | 'changed' } | { ok: false; why: 'illegal'; message: string };

/**
 * The one way a status column changes: the machine decides from the status read, the update is guarded by that status
 * (a concurrent change on any instance wins) and by `guard`, and the step is audited as `who` — all on `trx`, which the
 * caller holds inside a transaction so the change and its audit entry land together.
 */
export async function moveStatus<S extends string, A extends string>(
  trx: Kysely<Database>,
  table: StatusTable,
  id: number,
  entity: string,
  machine: Machine<S, A>,
  action: A,
  who: Mover,
  options: MoveOptions = {},
): Promise<MoveResult<S>> {
  const from = options.from ?? (await trx.selectFrom(table).select('status').where('id', '=', id).executeTakeFirst())?.status;
  if (from === undefined) return { ok: false, why: 'missing' };
  const result = transition(machine, from, action);
  if (!result.ok) return { ok: false, why: 'illegal', message: result.message };
  let update = trx
    .updateTable(table)
    .set({ ...options.set?.(from, result.to), status: result.to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', from);
  for (const [column, value] of Object.entries(options.guard ?? {}))
    update = value === null ? update.where(trx.dynamic.ref(column), 'is', null) : update.where(trx.dynamic.ref(column), '=', value);
  const updated = await update.executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, why: 'changed' };
  await writeAudit(trx, who, action, entity, id, { from, to: result.to, ...options.detail });
  return { ok: true, from, to: result.to };
}
