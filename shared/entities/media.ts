import { z } from 'zod';

/** The Media resource (GET /api/Media/, docs/media.md): a photo or video of a project in the media library. */
export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_LENSES = ['wide', 'zoom', 'ir'] as const;
export type MediaLens = (typeof MEDIA_LENSES)[number];
/** Where a file came from: a dock's or Pilot 2's upload, the console's, or a live stream recorded while a task flew. */
export const MEDIA_SOURCES = ['dock', 'pilot', 'upload', 'live'] as const;

export const mediaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(MEDIA_TYPES),
  mime: z.string(),
  size: z.number(),
  source: z.enum(MEDIA_SOURCES),
  taken_at: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  absolute_alt: z.number().nullable(),
  relative_alt: z.number().nullable(),
  gimbal_yaw: z.number().nullable(),
  gimbal_pitch: z.number().nullable(),
  gimbal_roll: z.number().nullable(),
  flight_yaw: z.number().nullable(),
  drone_model: z.string().nullable(),
  payload_model: z.string().nullable(),
  lens: z.enum(MEDIA_LENSES).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A video's length (ms) when known (a live recording's). */
  duration_ms: z.number().int().nullable(),
  project_id: z.number().int(),
  device_id: z.number().int().nullable(),
  device_sn: z.string().nullable(),
  task_id: z.number().int().nullable(),
  flight_record_id: z.number().int().nullable(),
  /** Why the file's own metadata was not used, when it was malformed. */
  metadata_error: z.string().nullable(),
  thumb_status: z.enum(['pending', 'ready', 'failed']),
  /** A defect that is not rejected is marked on it. */
  has_defects: z.boolean(),
  /** Paths under /api (bearer token needed). */
  thumb_url: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

const bboxText = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'must be minLng,minLat,maxLng,maxLat')
  .transform((v) => v.split(',').map(Number) as [number, number, number, number])
  .refine(([minLng, minLat, maxLng, maxLat]) => minLng <= maxLng && minLat <= maxLat, 'min must not exceed max');

/** Filters of GET /api/Media/ (besides page, page_size and ordering). */
export const mediaFilterSchema = z.object({
  project_id: z.coerce.number().int().positive().optional(),
  task_id: z.coerce.number().int().positive().optional(),
  flight_record_id: z.coerce.number().int().positive().optional(),
  device_sn: z.string().max(64).optional(),
  type: z.enum(MEDIA_TYPES).optional(),
  lens: z.enum(MEDIA_LENSES).optional(),
  taken_from: z.iso.datetime({ offset: true }).optional(),
  taken_to: z.iso.datetime({ offset: true }).optional(),
  bbox: bboxText.optional(),
  has_defects: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type MediaFilter = z.infer<typeof mediaFilterSchema>;

/** GET /api/Media/points/ answers at most this many points, the newest first; `truncated` says there were more. */
export const MEDIA_POINTS_MAX = 5000;
/** A file on the library's map, compact: [id, lat, lng, type, has_defects]. */
export type MediaMapPoint = [id: number, lat: number, lng: number, type: MediaType, hasDefects: boolean];
/** GET /api/Media/points/: where every file of the filters (and bbox) was taken; those without a position are left out. */
export interface MediaPoints {
  points: MediaMapPoint[];
  truncated: boolean;
}
