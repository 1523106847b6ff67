import { z } from 'zod';
import { lineStringSchema, polygonSchema } from '../geo';
import { isoDateTime, refName, rowId, stampedSchema } from './fields';

export const APPLICATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
export const APPLICATION_ACTIONS = ['submit', 'approve', 'reject', 'cancel'] as const;
export const PLAN_STATUSES = ['filed', 'accepted', 'rejected', 'flown', 'cancelled'] as const;
export const PLAN_ACTIONS = ['accept', 'reject', 'fly', 'cancel'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/** Airspace application (POST /api/Airspace/Apply/); max_alt ≥ min_alt and end_at > start_at are checked by the server. */
export const applicationInputSchema = z.object({
  device_id: rowId.nullable().optional(),
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
  status: z.enum(APPLICATION_STATUSES),
  reviewer_id: z.number().nullable(),
  reviewer_name: refName,
  review_note: z.string().nullable(),
  actions: z.array(z.enum(APPLICATION_ACTIONS)),
});
export type Application = z.infer<typeof applicationSchema>;

/** Flight plan (POST /api/Airspace/Plan/), filed against an approved application. */
export const planInputSchema = z.object({
  application_id: rowId,
  task_id: rowId.nullable().optional(),
  route_id: rowId.nullable().optional(),
  device_id: rowId.nullable().optional(),
  planned_start_at: isoDateTime,
  planned_end_at: isoDateTime,
  note: z.string().max(2000).nullable().optional(),
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

/** Flight report (POST /api/Airspace/Report/); recording one for an accepted plan marks the plan flown. */
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
  track: lineStringSchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;
