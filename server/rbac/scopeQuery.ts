import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { HttpError } from '../http/envelope';
import { isScopedTable, SCOPED_TABLES, seesRow, type DataScopeRule, type OwnedBy, type Ownership } from './dataScope';

/** Scoped tables are named at run time; their owner columns are known from SCOPED_TABLES. */
type AnyTables = Record<string, Record<string, unknown>>;
type AnyExpressions = ExpressionBuilder<AnyTables, string>;

/** A caller that passed no permission check sees nothing of the scoped tables (never happens on a guarded route). */
const SEES_NOTHING: DataScopeRule = { scope: 'own', userId: 0, deptId: null, deptIds: [] };

/** The data scope of the request's caller (set by requirePermission). */
export const scopeOf = (request: FastifyRequest): DataScopeRule => request.dataScope ?? SEES_NOTHING;

/** The rows the rule shows, as a condition on `table` (alias allowed): the SQL form of seesRow. */
function ownedCondition(eb: AnyExpressions, table: string, alias: string, rule: DataScopeRule): Expression<SqlBool> {
  const owned: OwnedBy = SCOPED_TABLES[table as keyof typeof SCOPED_TABLES];
  const conditions: Expression<SqlBool>[] = [];
  if (owned.self) conditions.push(eb(sql.ref(`${alias}.id`), '=', rule.userId));
  // JSON.stringify writes the ids without spaces: ",3,5," holds ",5,".
  if (owned.members)
    conditions.push(eb(sql<string>`',' || replace(replace(${sql.ref(`${alias}.members`)}, '[', ''), ']', '') || ','`, 'like', `%,${rule.userId},%`));
  if (owned.creator) conditions.push(eb(sql.ref(`${alias}.created_by`), '=', rule.userId));
  if (owned.dept && rule.scope === 'dept') conditions.push(eb(sql.ref(`${alias}.dept_id`), 'in', rule.deptIds));
  if (owned.device) {
    const devices = eb
      .selectFrom('devices as scope_device')
      .select('scope_device.id')
      .where((inner) => ownedCondition(inner, 'devices', 'scope_device', rule));
    conditions.push(eb(sql.ref(`${alias}.device_id`), 'in', devices));
  }
  return eb.or(conditions);
}

/**
 * Narrows a query over `table` to the rows the rule shows; tables outside the data scope pass unchanged. With
 * `indexed: false` the condition is written so no index serves it (`(…) = true`, which PostgreSQL simplifies back):
 * SQLite then pages along the ordering's index instead of fetching and sorting every visible row (server/api/list.ts).
 */
export function withDataScope<QB extends SelectQueryBuilder<never, never, object>>(
  qb: QB,
  table: string,
  rule: DataScopeRule,
  options: { indexed: boolean } = { indexed: true },
): QB {
  if (rule.scope === 'all' || !isScopedTable(table)) return qb;
  const untyped = qb as unknown as SelectQueryBuilder<AnyTables, string, object>;
  return untyped.where((eb) =>
    options.indexed ? ownedCondition(eb, table, table, rule) : sql<SqlBool>`(${ownedCondition(eb, table, table, rule)}) = true`,
  ) as unknown as QB;
}

/** The owner columns of a new row of `table` made by the caller: its creator, and its department unless the row names one. */
export function newRowOwnership(table: string, rule: DataScopeRule, row: Record<string, unknown>): Ownership {
  if (!isScopedTable(table)) return {};
  const owned = SCOPED_TABLES[table];
  return {
    ...(owned.creator ? { created_by: rule.userId } : {}),
    ...(owned.dept && row.dept_id == null ? { dept_id: rule.deptId } : {}),
  };
}

/**
 * 400 when a write would file a row under a department the caller does not see (it would lose the row it just wrote):
 * the row as it will be stored must stay in the caller's scope.
 */
export function assertStaysInScope(table: string, rule: DataScopeRule, stored: Ownership): void {
  if (!isScopedTable(table) || !SCOPED_TABLES[table].dept || seesRow(rule, stored)) return;
  const reason = { code: 'scope.dept_outside' as const, params: { dept_id: String(stored.dept_id ?? '') } };
  throw new HttpError(
    400,
    `Invalid body: dept_id ${stored.dept_id ?? 'null'} is outside your data scope`,
    [{ field: 'dept_id', message: 'outside your data scope', ...reason }],
    reason,
  );
}
