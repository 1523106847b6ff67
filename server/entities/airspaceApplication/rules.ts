import type { Kysely, Selectable } from 'kysely';
import {
  checkApplication,
  decideAutoApproval,
  type AirspaceRulesConfig,
  type ApplicationFacts,
  type ApprovedApplication,
  type AutoApprovalDecision,
  type PurposeKind,
  type RuleViolation,
} from '@shared/airspace';
import type { Polygon } from '@shared/geo';
import { parseJson } from '../../db/json';
import type { AirspaceApplicationsTable, Database } from '../../db/schema';
import { HttpError, type ErrorReason } from '../../http/envelope';
import { restrictingAreas } from '../feature/service';

/** A 400/409 naming every broken airspace rule: field errors carry `airspace.<rule>` codes, the first is the reason. */
export function ruleError(status: 400 | 409, violations: RuleViolation[]): HttpError {
  const [first] = violations;
  return new HttpError(
    status,
    `Airspace rules: ${violations.map((v) => v.message).join('; ')}`,
    violations.map((v) => ({ field: v.field, message: v.message, code: `airspace.${v.code}`, params: v.params })),
    // Each violation's params are the ones its catalogue entry declares.
    { code: `airspace.${first.code}`, params: first.params } as ErrorReason,
  );
}

/** The application's values the rules read, from a stored row or a merged (row + input) value. */
export const applicationFacts = (value: {
  area: Polygon | string;
  min_alt: number;
  max_alt: number;
  start_at: string;
  end_at: string;
  purpose_kind?: string | null;
}): ApplicationFacts => ({
  area: typeof value.area === 'string' ? parseJson<Polygon>(value.area, { type: 'Polygon', coordinates: [] }) : value.area,
  min_alt: value.min_alt,
  max_alt: value.max_alt,
  start_at: value.start_at,
  end_at: value.end_at,
  purpose_kind: (value.purpose_kind ?? 'routine') as PurposeKind,
});

/** 400 listing every broken application rule (area, band, window, lead time is only flagged, aircraft only); returns `late`. */
export async function assertApplicationRules(
  db: Kysely<Database>,
  facts: ApplicationFacts,
  deviceId: number | null | undefined,
  config: AirspaceRulesConfig,
  nowMs: number,
): Promise<{ late: boolean }> {
  const device = deviceId ? await db.selectFrom('devices').select('kind').where('id', '=', deviceId).executeTakeFirst() : undefined;
  const result = checkApplication(facts, { nowMs, config, deviceKind: device?.kind ?? null });
  if (result.violations.length > 0) throw ruleError(400, result.violations);
  return { late: result.late };
}

/** The applicant's department (the overlap rule only counts other departments' airspace). */
async function applicantDept(db: Kysely<Database>, applicantId: number | null): Promise<number | null> {
  if (applicantId === null) return null;
  return (await db.selectFrom('users').select('dept_id').where('id', '=', applicantId).executeTakeFirst())?.dept_id ?? null;
}

/** Approved applications whose window overlaps [start, end), with their applicants' departments. */
async function approvedDuring(db: Kysely<Database>, start: string, end: string, exceptId: number): Promise<ApprovedApplication[]> {
  const rows = await db
    .selectFrom('airspace_applications as a')
    .leftJoin('users as u', 'u.id', 'a.applicant_id')
    .select(['a.id', 'a.area', 'a.min_alt', 'a.max_alt', 'a.start_at', 'a.end_at', 'u.dept_id'])
    .where('a.status', '=', 'approved')
    .where('a.id', '<>', exceptId)
    .where('a.start_at', '<', end)
    .where('a.end_at', '>', start)
    .execute();
  return rows.map((r) => ({ ...applicationFacts(r), id: r.id, dept_id: r.dept_id ?? null }));
}

/** The auto-approval verdict for a submitted application, against the restricting features and approved airspace as they stand. */
export async function autoApprovalFor(
  db: Kysely<Database>,
  row: Selectable<AirspaceApplicationsTable>,
  config: AirspaceRulesConfig,
  late: boolean,
): Promise<AutoApprovalDecision> {
  const [deptId, restricting, approved] = await Promise.all([
    applicantDept(db, row.applicant_id),
    restrictingAreas(db),
    approvedDuring(db, row.start_at, row.end_at, row.id),
  ]);
  return decideAutoApproval(applicationFacts(row), { config, late, deptId, restricting, approved });
}
