import { z } from 'zod';

/** Defects marked on photos (docs/media.md, issue 31): /api/Defect/ and /api/DefectCategory/. */
import { DEFECT_SEVERITIES, DEFECT_STATUSES, type DefectAction, type DefectSeverity, type DefectStatus } from './defectStatus';

export * from './defectStatus';

const unit = z.number().min(0).max(1);
/** A region on the photo, in fractions (0..1) of its width and height from the top left. */
export const defectRegionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rect'), points: z.tuple([z.tuple([unit, unit]), z.tuple([unit, unit])]) }),
  z.object({
    type: z.literal('polygon'),
    points: z
      .array(z.tuple([unit, unit]))
      .min(3)
      .max(100),
  }),
]);
export type DefectRegion = z.infer<typeof defectRegionSchema>;

/** The region's bounding box [minX, minY, maxX, maxY] in fractions of the photo. */
export function regionBounds(region: DefectRegion): [number, number, number, number] {
  const xs = region.points.map(([x]) => x);
  const ys = region.points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export interface DefectEvent {
  action: DefectAction | 'create';
  from_status: DefectStatus | null;
  to_status: DefectStatus;
  user_id: number | null;
  user_name: string | null;
  note: string | null;
  at: string;
}

export interface Defect {
  id: number;
  media_id: number;
  project_id: number;
  task_id: number | null;
  flight_record_id: number | null;
  category_id: number | null;
  severity: DefectSeverity;
  status: DefectStatus;
  region: DefectRegion;
  note: string | null;
  lat: number | null;
  lng: number | null;
  assignee_id: number | null;
  /** The assignee's display name (null: nobody). */
  assignee_name: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  actions: DefectAction[];
  events?: DefectEvent[];
}

export interface DefectCategory {
  id: number;
  parent_id: number | null;
  code: string;
  name_zh: string;
  name_en: string;
}

/** The body of POST /api/Defect/ (the position defaults to the photo's). */
export const defectCreateSchema = z.object({
  media_id: z.number().int().positive(),
  region: defectRegionSchema,
  category_id: z.number().int().positive().nullable().optional(),
  severity: z.enum(DEFECT_SEVERITIES),
  note: z.string().max(2000).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  assignee_id: z.number().int().positive().nullable().optional(),
});

/** The body of PUT /api/Defect/{id}/: any of the marking's fields (the status moves only by the workflow actions). */
export const defectUpdateSchema = defectCreateSchema.omit({ media_id: true }).partial();

export const defectFilterSchema = z.object({
  project_id: z.coerce.number().int().positive().optional(),
  task_id: z.coerce.number().int().positive().optional(),
  flight_record_id: z.coerce.number().int().positive().optional(),
  media_id: z.coerce.number().int().positive().optional(),
  category_id: z.coerce.number().int().positive().optional(),
  severity: z.enum(DEFECT_SEVERITIES).optional(),
  status: z.enum(DEFECT_STATUSES).optional(),
  assignee_id: z.coerce.number().int().positive().optional(),
});

/** GET /api/Defect/points/ answers at most this many points, the most severe first; `truncated` says there were more. */
export const DEFECT_POINTS_MAX = 5000;
/** A defect on the map, compact: [id, lat, lng, severity]. */
export type DefectMapPoint = [id: number, lat: number, lng: number, severity: DefectSeverity];
/** GET /api/Defect/points/: where every defect of the filters (and bbox) is; those without a position are left out. */
export interface DefectPoints {
  points: DefectMapPoint[];
  truncated: boolean;
}
