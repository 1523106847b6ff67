import { z } from 'zod';

/**
 * DJI Cloud API live video (docs/live-video.md; spec dji-cloud-api-next §1): the gateway's `live_capacity` and
 * `live_status` state properties, the four live services and their error codes.
 */
export const METHOD_LIVE_START_PUSH = 'live_start_push';
export const METHOD_LIVE_STOP_PUSH = 'live_stop_push';
export const METHOD_LIVE_SET_QUALITY = 'live_set_quality';
export const METHOD_LIVE_LENS_CHANGE = 'live_lens_change';

/** `url_type` of live_start_push: this platform pushes RTMP only. */
export const URL_TYPE_RTMP = 1;

/** Lens types a dock's camera switches between; an RC names the infrared lens `thermal`. */
export const LENS_TYPES = ['normal', 'wide', 'zoom', 'ir', 'thermal'] as const;
export type LensType = (typeof LENS_TYPES)[number];

/** `video_quality`: 0 adaptive, then DJI's table of resolution and bitrate. */
export const VIDEO_QUALITIES = [0, 1, 2, 3, 4] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];
export const QUALITY_PROFILES: Readonly<Record<VideoQuality, { width: number; height: number; kbps: number }>> = {
  // Adaptive: the device picks; it starts at SD.
  0: { width: 1280, height: 720, kbps: 1024 },
  1: { width: 960, height: 540, kbps: 512 },
  2: { width: 1280, height: 720, kbps: 1024 },
  3: { width: 1280, height: 720, kbps: 1536 },
  4: { width: 1920, height: 1080, kbps: 3072 },
};

const text = z.string().min(1).max(64);
const count = z.number().int().nonnegative().optional();

export const liveVideoSchema = z.object({
  video_index: text,
  video_type: text.optional(),
  switchable_video_types: z.array(text).max(16).optional(),
});
export const liveCameraSchema = z.object({
  camera_index: text,
  available_video_number: count,
  coexist_video_number_max: count,
  video_list: z.array(liveVideoSchema).max(16).default([]),
});
export const liveSourceSchema = z.object({
  sn: text,
  available_video_number: count,
  coexist_video_number_max: count,
  camera_list: z.array(liveCameraSchema).max(32).default([]),
});
/** The gateway's `live_capacity`: each video source (the gateway itself, its aircraft) with its cameras and videos. */
export const liveCapacitySchema = z.object({
  available_video_number: count,
  coexist_video_number_max: count,
  device_list: z.array(liveSourceSchema).max(16).default([]),
});
export type LiveCapacity = z.infer<typeof liveCapacitySchema>;

/** One entry of the gateway's `live_status`. */
export const liveStatusEntrySchema = z.object({
  video_id: text.max(200),
  video_type: text.optional(),
  video_quality: z.number().int().min(0).max(4).optional(),
  /** 0 not live, 1 live. */
  status: z.number().int().optional(),
  error_status: z.number().int().optional(),
});
export type LiveStatusEntry = z.infer<typeof liveStatusEntrySchema>;
export const liveStatusSchema = z.array(liveStatusEntrySchema).max(64);

export const liveStartPushSchema = z.object({
  url_type: z.number().int(),
  url: z.string().min(1).max(1024),
  video_id: text.max(200),
  video_quality: z.number().int().min(0).max(4),
});
export const liveStopPushSchema = z.object({ video_id: text.max(200) });
export const liveSetQualitySchema = z.object({ video_id: text.max(200), video_quality: z.number().int().min(0).max(4) });
export const liveLensChangeSchema = z.object({ video_id: text.max(200), video_type: z.enum(LENS_TYPES) });

/** `{sn}/{camera_index}/{video_index}`; the parts contain no slash. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}\/[0-9a-z_-]{1,32}\/[0-9a-z_-]{1,32}$/;
export const videoIdOf = (sn: string, cameraIndex: string, videoIndex: string) => `${sn}/${cameraIndex}/${videoIndex}`;
