import type { Dayjs } from 'dayjs';
import { APPLICATION_STATUSES, PLAN_STATUSES } from '@shared/entities/airspace';
import { z } from 'zod';
import { DEFAULT_QUERY, type ResourceQuery, type ResourceRow } from '../../crud/types';

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
export { APPLICATION_STATUSES, PLAN_STATUSES };

/** "lng,lat" per line → positions; lines that are not two numbers in range are skipped. Pure. */
export function parsePositions(text: string): Position[] {
  return text
    .split(/\n|;/)
    .map((line) =>
      line
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number),
    )
    .filter((p) => p.length === 2 && p.every(Number.isFinite) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90)
    .map((p) => [p[0], p[1]] as Position);
}

export const formatPositions = (positions: Position[]) => positions.map((p) => `${p[0]},${p[1]}`).join('\n');

/** Corners ([lng, lat]) → a closed GeoJSON polygon. */
export function toPolygon(corners: Position[]) {
  const ring = [...corners];
  if (ring.length && (ring[0][0] !== ring[ring.length - 1][0] || ring[0][1] !== ring[ring.length - 1][1])) ring.push(ring[0]);
  return { type: 'Polygon' as const, coordinates: [ring] };
}

/** A GeoJSON polygon → its corners without the closing position. */
export function cornersOf(area: unknown): Position[] {
  const ring = (area as { coordinates?: unknown[][] } | null)?.coordinates?.[0];
  if (!Array.isArray(ring)) return [];
  const corners = ring.map((p) => [Number((p as number[])[0]), Number((p as number[])[1])] as Position);
  if (corners.length > 1 && corners[0][0] === corners[corners.length - 1][0] && corners[0][1] === corners[corners.length - 1][1]) corners.pop();
  return corners;
}

const num = z
  .union([z.number(), z.string()])
  .transform((v) => Number(v))
  .pipe(z.number({ message: 'kit.invalidInput' }).min(0, 'kit.invalidInput').max(5000, 'kit.invalidInput'));

export const applicationSchema = z
  .object({
    purpose: z.string().trim().min(1, 'resources.required').max(2000),
    device_id: z.string().optional(),
    area: z.array(z.tuple([z.number(), z.number()])).min(3, 'airspace.areaNeeds3'),
    min_alt: num,
    max_alt: num,
    start_at: z.string().min(1, 'resources.required'),
    end_at: z.string().min(1, 'resources.required'),
  })
  .superRefine((v, ctx) => {
    if (v.max_alt < v.min_alt) ctx.addIssue({ code: 'custom', path: ['max_alt'], message: 'airspace.altOrder' });
    if (v.start_at && v.end_at && v.end_at <= v.start_at) ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'airspace.timeOrder' });
  });
export type ApplicationForm = z.input<typeof applicationSchema>;

export const emptyApplication: ApplicationForm = { purpose: '', device_id: '', area: [], min_alt: 0, max_alt: 120, start_at: '', end_at: '' };

export const applicationToForm = (row: ResourceRow): ApplicationForm => ({
  purpose: String(row.purpose ?? ''),
  device_id: row.device_id ? String(row.device_id) : '',
  area: cornersOf(row.area),
  min_alt: Number(row.min_alt ?? 0),
  max_alt: Number(row.max_alt ?? 0),
  start_at: String(row.start_at ?? ''),
  end_at: String(row.end_at ?? ''),
});

export const applicationToBody = (v: ApplicationForm): Record<string, unknown> => ({
  purpose: v.purpose,
  device_id: v.device_id ? Number(v.device_id) : null,
  area: toPolygon(v.area as Position[]),
  min_alt: Number(v.min_alt),
  max_alt: Number(v.max_alt),
  start_at: v.start_at,
  end_at: v.end_at,
});

export const planSchema = z
  .object({
    application_id: z.string().min(1, 'resources.required'),
    route_id: z.string().optional(),
    device_id: z.string().optional(),
    planned_start_at: z.string().min(1, 'resources.required'),
    planned_end_at: z.string().min(1, 'resources.required'),
    note: z.string().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.planned_start_at && v.planned_end_at && v.planned_end_at <= v.planned_start_at)
      ctx.addIssue({ code: 'custom', path: ['planned_end_at'], message: 'airspace.timeOrder' });
  });
export type PlanForm = z.infer<typeof planSchema>;
export const emptyPlan: PlanForm = { application_id: '', route_id: '', device_id: '', planned_start_at: '', planned_end_at: '', note: '' };
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const planToForm = (row: ResourceRow): PlanForm => ({
  application_id: s(row.application_id),
  route_id: s(row.route_id),
  device_id: s(row.device_id),
  planned_start_at: s(row.planned_start_at),
  planned_end_at: s(row.planned_end_at),
  note: s(row.note),
});
export const planToBody = (v: PlanForm): Record<string, unknown> => ({
  application_id: Number(v.application_id),
  route_id: v.route_id ? Number(v.route_id) : null,
  device_id: v.device_id ? Number(v.device_id) : null,
  planned_start_at: v.planned_start_at,
  planned_end_at: v.planned_end_at,
  note: v.note || null,
});

export const reportSchema = z
  .object({
    plan_id: z.string().optional(),
    device_id: z.string().min(1, 'resources.required'),
    takeoff_at: z.string().min(1, 'resources.required'),
    landing_at: z.string().min(1, 'resources.required'),
    distance_m: z
      .union([z.number(), z.string()])
      .transform(Number)
      .pipe(z.number({ message: 'kit.invalidInput' }).min(0, 'kit.invalidInput')),
    max_alt: z
      .union([z.number(), z.string()])
      .transform(Number)
      .pipe(z.number({ message: 'kit.invalidInput' }).min(0, 'kit.invalidInput')),
  })
  .superRefine((v, ctx) => {
    if (v.takeoff_at && v.landing_at && v.landing_at <= v.takeoff_at) ctx.addIssue({ code: 'custom', path: ['landing_at'], message: 'airspace.timeOrder' });
  });
export type ReportForm = z.input<typeof reportSchema>;
export const emptyReport: ReportForm = { plan_id: '', device_id: '', takeoff_at: '', landing_at: '', distance_m: 0, max_alt: 0 };
export const reportToBody = (v: ReportForm): Record<string, unknown> => ({
  plan_id: v.plan_id ? Number(v.plan_id) : null,
  device_id: Number(v.device_id),
  takeoff_at: v.takeoff_at,
  landing_at: v.landing_at,
  distance_m: Number(v.distance_m),
  max_alt: Number(v.max_alt),
});

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
