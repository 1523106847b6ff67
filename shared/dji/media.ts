import { z } from 'zod';

/** Media upload (dji-cloud-api-next.md §2): the dock's request, its events, and the console's service. */
export const METHOD_STORAGE_CONFIG_GET = 'storage_config_get';
export const METHOD_FILE_UPLOAD_CALLBACK = 'file_upload_callback';
export const METHOD_HIGHEST_PRIORITY_UPLOAD = 'highest_priority_upload_flighttask_media';
export const METHOD_UPLOAD_PRIORITIZE = 'upload_flighttask_media_prioritize';

/** `module` 0 = media. */
export const storageConfigGetSchema = z.object({ module: z.number().int().min(0).max(1) });

const number = z.number().finite();
/**
 * The metadata a device sends with an upload. DJI's doc names the time `create_time`, its SDK `created_time`
 * (ISO 8601 with a zone, or the doc example's "yyyy-MM-dd HH:mm:ss"): both are accepted.
 */
export const uploadMetadataSchema = z
  .object({
    gimbal_yaw_degree: number.optional(),
    absolute_altitude: number.optional(),
    relative_altitude: number.optional(),
    create_time: z.string().max(40).optional(),
    created_time: z.string().max(40).optional(),
    shoot_position: z.object({ lat: number.min(-90).max(90), lng: number.min(-180).max(180) }).optional(),
  })
  .partial();
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const uploadExtSchema = z
  .object({
    flight_id: z.string().max(64).optional(),
    drone_model_key: z.string().max(16).optional(),
    payload_model_key: z.string().max(16).optional(),
    is_original: z.boolean().optional(),
    file_group_id: z.string().max(64).optional(),
    /** Spelled so by DJI. */
    tinny_fingerprint: z.string().max(255).optional(),
    sn: z.string().max(64).optional(),
  })
  .partial();

/** `events` method `file_upload_callback` (need_reply 1). */
export const fileUploadCallbackSchema = z.object({
  file: z.object({
    object_key: z.string().min(1).max(512),
    path: z.string().max(512).optional(),
    name: z.string().min(1).max(255),
    ext: uploadExtSchema.optional(),
    metadata: uploadMetadataSchema.optional(),
    cloud_to_cloud_id: z.string().max(64).optional(),
  }),
  flight_task: z
    .object({ uploaded_file_count: z.number().int().min(0), expected_file_count: z.number().int().min(0), flight_type: z.number().int() })
    .partial()
    .optional(),
});
export type FileUploadCallback = z.infer<typeof fileUploadCallbackSchema>;

/** `events` method `highest_priority_upload_flighttask_media` (need_reply 1). */
export const highestPriorityUploadSchema = z.object({ flight_id: z.string().min(1).max(64) });

/** The time a device says a file was taken (either name, either format), as ISO 8601; undefined when absent or unreadable. */
export function uploadTime(metadata: UploadMetadata | undefined): string | undefined {
  const text = metadata?.created_time ?? metadata?.create_time;
  if (!text) return undefined;
  // "2021-05-10 16:04:20" (no zone, the doc's example) is read as UTC.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}
