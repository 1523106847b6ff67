import type { Dayjs } from 'dayjs';
import { checkApplication, checkPlan, type AirspaceRulesConfig, type ApplicationForPlan, type RouteFacts, type RuleViolation } from '@shared/airspace';
import {
  APPLICATION_STATUSES,
  applicationInputSchema,
  PLAN_STATUSES,
  planInputSchema,
  PURPOSE_KINDS,
  reportInputSchema,
  type Application,
  type Plan,
} from '@shared/entities/airspace';
import type { Polygon } from '@shared/geo';
import { z } from 'zod';
import { blankAsNull, filledIn, idText, numberInput, optionalPick, pickedId } from '../../crud/formFields';
import { DEFAULT_QUERY, type ResourceQuery } from '../../crud/types';

export type Position = [number, number];

export const APP_STATUS_COLORS = { draft: 'default', submitted: 'info', approved: 'success', rejected: 'error', cancelled: 'warning' } as const;
export const PLAN_STATUS_COLORS = {
  filed: 'info',
  accepted: 'success',
  activated: 'primary',
  nonconforming: 'error',
  ended: 'default',
  rejected: 'error',
  cancelled: 'warning',
} as const;
export { APPLICATION_STATUSES, PLAN_STATUSES, PURPOSE_KINDS };

/** A typed line that is not a position: its 1-based number and its text, so the form can say which line to fix. */
export interface BadLine {
  line: number;
  text: string;
}

/**
 * "lng,lat" (or "lng lat") per line → positions, and every non-empty line that is not two numbers in range reported
 * with its line number (nothing is dropped silently). Pure.
 */
export function parseAreaText(text: string): { positions: Position[]; bad: BadLine[] } {
  const positions: Position[] = [];
  const bad: BadLine[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const parts = line.split(/[,\s]+/).filter(Boolean);
    const p = parts.map(Number);
    if (parts.length === 2 && p.every(Number.isFinite) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90) positions.push([p[0], p[1]]);
    else bad.push({ line: index + 1, text: line });
  });
  return { positions, bad };
}

export const formatPositions = (positions: Position[]) => positions.map((p) => `${p[0]},${p[1]}`).join('\n');

/** Corners ([lng, lat]) → a closed GeoJSON polygon. */
export function toPolygon(corners: Position[]): Polygon {
  const ring = [...corners];
  if (ring.length && (ring[0][0] !== ring[ring.length - 1][0] || ring[0][1] !== ring[ring.length - 1][1])) ring.push(ring[0]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A GeoJSON polygon → the corners of its outer ring ([lng, lat], heights dropped) without the closing position. */
export function cornersOf(area: Polygon): Position[] {
  const corners = area.coordinates[0].map(([lng, lat]): Position => [lng, lat]);
  if (corners.length > 1 && corners[0][0] === corners[corners.length - 1][0] && corners[0][1] === corners[corners.length - 1][1]) corners.pop();
  return corners;
}

/**
 * The application form over the shared input: the area as corners (closed into the polygon the server checks), the
 * aircraft picked as text, the heights as typed, and the UI's own cross-field rules; the limits are the shared input's.
 */
export const applicationSchema = applicationInputSchema
  .extend({
    device_id: optionalPick(applicationInputSchema.shape.device_id),
    area: z
      .array(z.tuple([z.number(), z.number()]))
      .min(3, 'airspace.areaNeeds3')
      .transform(toPolygon)
      .pipe(applicationInputSchema.shape.area),
    min_alt: numberInput(applicationInputSchema.shape.min_alt),
    max_alt: numberInput(applicationInputSchema.shape.max_alt),
    start_at: filledIn(applicationInputSchema.shape.start_at),
    end_at: filledIn(applicationInputSchema.shape.end_at),
  })
  .superRefine((v, ctx) => {
    if (v.max_alt < v.min_alt) ctx.addIssue({ code: 'custom', path: ['max_alt'], message: 'airspace.altOrder' });
    if (v.start_at && v.end_at && v.end_at <= v.start_at) ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'airspace.timeOrder' });
  });
export type ApplicationForm = z.input<typeof applicationSchema>;

export const emptyApplication: ApplicationForm = {
  purpose: '',
  purpose_kind: 'routine',
  device_id: '',
  area: [],
  min_alt: 0,
  max_alt: 120,
  start_at: '',
  end_at: '',
};

export const applicationToForm = (row: Application): ApplicationForm => ({
  purpose: row.purpose,
  purpose_kind: row.purpose_kind,
  device_id: idText(row.device_id),
  area: cornersOf(row.area),
  min_alt: row.min_alt,
  max_alt: row.max_alt,
  start_at: row.start_at,
  end_at: row.end_at,
});

const validTime = (v: unknown): v is string => typeof v === 'string' && v !== '' && Number.isFinite(Date.parse(v));

/**
 * The server's application rules (shared/airspace, the same code) over the form's values, once they are complete
 * enough to judge: what would be refused, and whether it would count as late if submitted now.
 */
export function applicationVerdict(
  values: Record<string, unknown>,
  rules: AirspaceRulesConfig,
  deviceKind: string | null,
  nowMs: number,
): { violations: RuleViolation[]; late: boolean } | null {
  const corners = (values.area as Position[] | undefined) ?? [];
  if (corners.length < 3 || !validTime(values.start_at) || !validTime(values.end_at)) return null;
  const facts = {
    area: toPolygon(corners),
    min_alt: Number(values.min_alt),
    max_alt: Number(values.max_alt),
    start_at: new Date(values.start_at).toISOString(),
    end_at: new Date(values.end_at).toISOString(),
    purpose_kind: values.purpose_kind === 'emergency' ? ('emergency' as const) : ('routine' as const),
  };
  const result = checkApplication(facts, { nowMs, config: rules, deviceKind });
  return { violations: result.violations, late: result.late };
}

/** The server's plan rules (shared/airspace checkPlan) over the form's values and the chosen application and route. */
export function planVerdict(
  values: Record<string, unknown>,
  application: ApplicationForPlan | undefined,
  route: RouteFacts | undefined,
): RuleViolation[] | null {
  if (!application || !validTime(values.planned_start_at) || !validTime(values.planned_end_at)) return null;
  const deviceId = values.device_id ? Number(values.device_id) : null;
  return checkPlan(
    { planned_start_at: new Date(values.planned_start_at).toISOString(), planned_end_at: new Date(values.planned_end_at).toISOString(), device_id: deviceId },
    application,
    route ?? null,
  );
}

/** The plan form over the shared input: the pick lists' ids as text, "" for no route, aircraft or note. */
export const planSchema = planInputSchema
  .extend({
    application_id: pickedId(planInputSchema.shape.application_id),
    route_id: optionalPick(planInputSchema.shape.route_id),
    device_id: optionalPick(planInputSchema.shape.device_id),
    planned_start_at: filledIn(planInputSchema.shape.planned_start_at),
    planned_end_at: filledIn(planInputSchema.shape.planned_end_at),
    note: blankAsNull(planInputSchema.shape.note),
  })
  .superRefine((v, ctx) => {
    if (v.planned_start_at && v.planned_end_at && v.planned_end_at <= v.planned_start_at)
      ctx.addIssue({ code: 'custom', path: ['planned_end_at'], message: 'airspace.timeOrder' });
  });
export type PlanForm = z.input<typeof planSchema>;
export const emptyPlan: PlanForm = { application_id: '', route_id: '', device_id: '', planned_start_at: '', planned_end_at: '', note: '' };
export const planToForm = (row: Plan): PlanForm => ({
  application_id: String(row.application_id),
  route_id: idText(row.route_id),
  device_id: idText(row.device_id),
  planned_start_at: row.planned_start_at,
  planned_end_at: row.planned_end_at,
  note: row.note ?? '',
});

/** The report form over the shared input: the pick lists' ids as text, the distance and height as typed. */
export const reportSchema = reportInputSchema
  .extend({
    plan_id: optionalPick(reportInputSchema.shape.plan_id),
    device_id: pickedId(reportInputSchema.shape.device_id),
    takeoff_at: filledIn(reportInputSchema.shape.takeoff_at),
    landing_at: filledIn(reportInputSchema.shape.landing_at),
    distance_m: numberInput(reportInputSchema.shape.distance_m),
    max_alt: numberInput(reportInputSchema.shape.max_alt),
  })
  .superRefine((v, ctx) => {
    if (v.takeoff_at && v.landing_at && v.landing_at <= v.takeoff_at) ctx.addIssue({ code: 'custom', path: ['landing_at'], message: 'airspace.timeOrder' });
  });
export type ReportForm = z.input<typeof reportSchema>;
export const emptyReport: ReportForm = { plan_id: '', device_id: '', takeoff_at: '', landing_at: '', distance_m: 0, max_alt: 0 };

export const DAY = 'YYYY-MM-DD';

/** The reports list filters on these takeoff days (YYYY-MM-DD, inclusive); the charts cover the same range. */
export const REPORT_RANGE = ['takeoff_from', 'takeoff_to'] as const;

/** The reports screen's query when the address names none: the 30 days up to `today`. */
export function reportDefaults(today: Dayjs): ResourceQuery {
  return { ...DEFAULT_QUERY, filters: { takeoff_from: today.subtract(29, 'day').format(DAY), takeoff_to: today.format(DAY) } };
}

/** /chartinfo/ parameters for the reports list's filters, so charts and list show the same flights. */
export function chartParams(filters: Record<string, string>, defaults: Record<string, string>): { from: string; to: string } & Record<string, string> {
  const { takeoff_from: from, takeoff_to: to, device_id: deviceId } = { ...defaults, ...filters };
  return { from, to, ...(deviceId ? { device_id: deviceId } : {}) };
}

/** The CSV export's file name, naming the range it holds. */
export const reportsFileName = (range: { from: string; to: string }) => `flight-reports-${range.from}-${range.to}.csv`;
