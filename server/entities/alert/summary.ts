import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ALERT_KINDS } from '@shared/entities/alert';
import { DAY_MS, daySchema, dayStartMs } from '../../api/list';
import { withDataScope } from '../../rbac/scopeQuery';
import type { Database } from '../../db/schema';
import type { DataScopeRule } from '../../rbac/dataScope';
import { nowIso } from '../../db/time';

export const ALERT_GROUPS = ['device', 'plan', 'day'] as const;

/** Query of GET /api/Alert/summary/: alerts of a kind grouped per aircraft, plan or (UTC) day of their first sighting. */
export const alertSummaryQuerySchema = z
  .object({
    kind: z.enum(ALERT_KINDS).default('conformance'),
    group: z.enum(ALERT_GROUPS).default('device'),
    first_seen_from: daySchema.optional(),
    first_seen_to: daySchema.optional(),
    device_sn: z.string().max(64).optional(),
    plan_id: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => !q.first_seen_from || !q.first_seen_to || q.first_seen_from <= q.first_seen_to, {
    path: ['first_seen_to'],
    message: 'must not be before first_seen_from',
  });
export type AlertSummaryQuery = z.infer<typeof alertSummaryQuerySchema>;

export const alertSummaryRowSchema = z.object({
  /** The serial, the plan id (null: flown with no plan) or the day YYYY-MM-DD. */
  key: z.union([z.string(), z.number(), z.null()]),
  count: z.number().int(),
  /** Still active. */
  open: z.number().int(),
  /** Alerts per code (the conformance rule). */
  codes: z.record(z.string(), z.number().int()),
});
export type AlertSummaryRow = z.infer<typeof alertSummaryRowSchema>;

const GROUP_KEYS = {
  device: sql<string | number | null>`device_sn`,
  plan: sql<string | number | null>`plan_id`,
  day: sql<string | number | null>`substr(first_seen_at, 1, 10)`,
};

/** Counts per group and code of the alerts the caller's data scope shows, folded into one row per group (most alerts first). */
export async function summariseAlerts(db: Kysely<Database>, query: AlertSummaryQuery, scope: DataScopeRule): Promise<AlertSummaryRow[]> {
  const key = GROUP_KEYS[query.group];
  let qb = withDataScope(db.selectFrom('alerts'), 'alerts', scope)
    .select([key.as('key'), 'code', sql<number>`count(*)`.as('n'), sql<number>`sum(active)`.as('open')])
    .where('kind', '=', query.kind)
    .groupBy([key, 'code']);
  if (query.first_seen_from) qb = qb.where('first_seen_at', '>=', nowIso(dayStartMs(query.first_seen_from)));
  if (query.first_seen_to) qb = qb.where('first_seen_at', '<', nowIso(dayStartMs(query.first_seen_to) + DAY_MS));
  if (query.device_sn) qb = qb.where('device_sn', '=', query.device_sn);
  if (query.plan_id) qb = qb.where('plan_id', '=', query.plan_id);
  return foldSummary(await qb.execute());
}

/** (group, code, count, open) rows → one row per group with its codes, most alerts first, then by key. Pure. */
export function foldSummary(rows: { key: string | number | null; code: string; n: number | string; open: number | string | null }[]): AlertSummaryRow[] {
  const groups = new Map<string | number | null, AlertSummaryRow>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { key: row.key, count: 0, open: 0, codes: {} };
    // PostgreSQL returns count/sum as strings.
    group.count += Number(row.n);
    group.open += Number(row.open ?? 0);
    group.codes[row.code] = (group.codes[row.code] ?? 0) + Number(row.n);
    groups.set(row.key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || String(a.key).localeCompare(String(b.key)));
}
