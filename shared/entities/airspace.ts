import { z } from 'zod';
import { lineStringSchema, polygonSchema } from '../geo';
import { PURPOSE_KINDS } from '../airspace/types';
import { isoDateTime, refName, rowId, stampedSchema } from './fields';
import { APPLICATION_ACTIONS, APPLICATION_STATUSES, PLAN_ACTIONS, PLAN_STATUSES } from './airspaceStatus';

export { PURPOSE_KINDS, type PurposeKind } from '../airspace/types';

export * from './airspaceStatus';

/** Airspace application (POST /api/Airspace/Apply/); the rules of shared/airspace are checked by the server on save and submit. */
export const applicationInputSchema = z.object({
  device_id: rowId.nullable().optional(),
  /** emergency: a 30-minute lead time instead of "by 12:00 the day before", and a higher ceiling. */
  purpose_kind: z.enum(PURPOSE_KINDS).optional(),
  area: polygonSchema,
  min_alt: z.number().min(0).max(5000),
  max_alt: z.number().min(0).max(5000),
  start_at: isoDateTime,
  end_at: isoDateTime,
  purpose: z.string().trim().min(1).max(2000),
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;

export const applicationSchema = stampedSchema.extend({
  applicant_id: z.number().nullable(),
  applicant_name: refName,
  device_id: z.number().nullable(),
  device_name: refName,
  area: polygonSchema,
  min_alt: z.number(),
  max_alt: z.number(),
  start_at: z.string(),
  end_at: z.string(),
  purpose: z.string(),
  purpose_kind: z.enum(PURPOSE_KINDS),
  status: z.enum(APPLICATION_STATUSES),
  /** 1: submitted after the lead-time deadline; never auto-approved, a reviewer approves it with a note. */
  late: z.number(),
  /** Codes of the rules that sent it to manual review (REVIEW_REASONS), [] when none. */
  review_reasons: z.array(z.string()),
  /** 1: approved or refused by the system at submit, not by a reviewer. */
  decided_by_system: z.number(),
  reviewer_id: z.number().nullable(),
  reviewer_name: refName,
  review_note: z.string().nullable(),
  actions: z.array(z.enum(APPLICATION_ACTIONS)),
});
export type Application = z.infer<typeof applicationSchema>;

/**
 * Flight plan (POST /api/Airspace/Plan/), filed against an approved application: it must lie inside it (shared/airspace
 * checkPlan) and clear of other accepted plans; `override: true` with a `note` lets a reviewer (airspace:approve)
 * file it despite a deconfliction conflict. device_id defaults to the application's aircraft.
 */
export const planInputSchema = z.object({
  application_id: rowId,
  task_id: rowId.nullable().optional(),
  route_id: rowId.nullable().optional(),
  device_id: rowId.nullable().optional(),
  planned_start_at: isoDateTime,
  planned_end_at: isoDateTime,
  note: z.string().max(2000).nullable().optional(),
  override: z.boolean().optional(),
});
export type PlanInput = z.input<typeof planInputSchema>;

export const planSchema = stampedSchema.extend({
  application_id: z.number(),
  task_id: z.number().nullable(),
  route_id: z.number().nullable(),
  route_name: refName,
  device_id: z.number().nullable(),
  device_name: refName,
  status: z.enum(PLAN_STATUSES),
  planned_start_at: z.string(),
  planned_end_at: z.string(),
  note: z.string().nullable(),
  actions: z.array(z.enum(PLAN_ACTIONS)),
});
export type Plan = z.infer<typeof planSchema>;

/** Flight report (POST /api/Airspace/Report/); recording one for an accepted or active plan ends the plan. */
export const reportInputSchema = z.object({
  plan_id: rowId.nullable().optional(),
  project_id: rowId.nullable().optional(),
  device_id: rowId,
  takeoff_at: isoDateTime,
  landing_at: isoDateTime,
  distance_m: z.number().min(0).max(1_000_000),
  max_alt: z.number().min(0).max(10_000),
  track: lineStringSchema.nullable().optional(),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** 'auto': written by the server from the aircraft's telemetry; 'manual': typed in (a correction or a flight it did not hear). */
export const REPORT_SOURCES = ['auto', 'manual'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const reportSchema = stampedSchema.extend({
  plan_id: z.number().nullable(),
  project_id: z.number().nullable(),
  project_name: refName,
  device_id: z.number(),
  device_name: refName,
  takeoff_at: z.string(),
  landing_at: z.string(),
  duration_s: z.number(),
  distance_m: z.number(),
  max_alt: z.number(),
  /** [lng, lat, alt] positions, downsampled (docs/data-model.md). */
  track: lineStringSchema.nullable(),
  source: z.enum(REPORT_SOURCES),
  /** An automatic record someone edited by hand. */
  corrected: z.boolean(),
  task_id: z.number().nullable(),
  pilot_id: z.number().nullable(),
  pilot_name: refName,
  gateway_sn: z.string().nullable(),
  device_sn: z.string().nullable(),
  takeoff_lat: z.number().nullable(),
  takeoff_lng: z.number().nullable(),
  landing_lat: z.number().nullable(),
  landing_lng: z.number().nullable(),
  battery_used_pct: z.number().nullable(),
  /** The task's progress when the aircraft landed, percent. */
  progress_percent: z.number().nullable(),
  /** epoch ms of each track position (automatic records). */
  track_times: z.array(z.number()).nullable(),
  /** Chart samples parallel to the track positions. */
  samples: z.object({ speed: z.array(z.number()), battery: z.array(z.number().nullable()) }).nullable(),
});
export type Report = z.infer<typeof reportSchema>;
