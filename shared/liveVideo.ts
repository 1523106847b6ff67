import { z } from 'zod';
import { LENS_TYPES, VIDEO_ID_PATTERN, VIDEO_QUALITIES } from './dji/livestream';

/**
 * Live video on the API (docs/live-video.md): a device's cameras (GET /api/Device/{id}/cameras/) and the answers of
 * POST/PATCH/DELETE /api/Device/{id}/live/. The DJI protocol side is shared/dji/livestream.ts.
 */
/** DJI's `video_quality` 0 (adaptive) … 4 (UHD). */
export const videoQualitySchema = z
  .number()
  .int()
  .min(0)
  .max(VIDEO_QUALITIES.length - 1);
export const lensSchema = z.enum(LENS_TYPES);
export const videoIdSchema = z.string().regex(VIDEO_ID_PATTERN, 'must be {sn}/{camera_index}/{video_index}');

/** What the platform knows of a camera's stream: live (pushing), starting (asked, no video yet), ended, or idle (never started). */
export const STREAM_STATES = ['idle', 'starting', 'live', 'ended'] as const;
export type StreamState = (typeof STREAM_STATES)[number];
/** Why a stream ended: stopped by a user, nobody watched for the idle time, the device went offline. */
export const STREAM_END_REASONS = ['stopped', 'idle', 'offline'] as const;

export const cameraLiveSchema = z.object({
  status: z.enum(STREAM_STATES),
  quality: z.number().int().min(0).max(4).nullable(),
  /** The device's `error_status` from live_status (0 none), or null when it did not say. */
  error: z.number().int().nullable(),
  viewers: z.number().int().nonnegative(),
  ended_reason: z.enum(STREAM_END_REASONS).nullable(),
});

export const cameraSchema = z.object({
  video_id: z.string(),
  /** The video source: the aircraft, or the dock/RC for its own camera. */
  sn: z.string(),
  camera_index: z.string(),
  video_index: z.string(),
  /** The lens shown now (live_status wins over live_capacity: a video_index does not name the lens). */
  video_type: z.string().nullable(),
  switchable_video_types: z.array(z.string()),
  live: cameraLiveSchema,
});
export type Camera = z.infer<typeof cameraSchema>;

/** A camera on the video wall (GET /api/Live/cameras/): with the device its stream is started on. */
export const deviceCameraSchema = cameraSchema.extend({ device_id: z.number().int(), device_name: z.string() });
export type DeviceCamera = z.infer<typeof deviceCameraSchema>;

export const startLiveInputSchema = z.object({ video_id: videoIdSchema, quality: videoQualitySchema.optional() });
export const changeLiveInputSchema = z.object({ video_id: videoIdSchema, quality: videoQualitySchema.optional(), lens: lensSchema.optional() });
export const stopLiveQuerySchema = z.object({ video_id: videoIdSchema });

export const liveStartedSchema = z.object({
  video_id: z.string(),
  play: z.object({ flv: z.string().optional(), hls: z.string().optional() }),
  /** ISO time after which the play URLs no longer open (a started player keeps playing). */
  expires_at: z.string(),
  /** The stream was already live: this start joined it. */
  joined: z.boolean(),
});
export type LiveStarted = z.infer<typeof liveStartedSchema>;

/** Liveshare (POST/DELETE /api/Live/liveshare/): the remote controller the pilot holds (Pilot 2's platformGetRemoteControllerSN). */
export const liveshareInputSchema = z.object({ gateway_sn: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a device serial') });

/** Where the pilot's controller pushes its aircraft's camera: an RTMP URL with a fresh, unguessable stream name. */
export const liveshareTargetSchema = z.object({
  video_id: z.string(),
  /** `rtmp://host:port/app/{name}`: liveshareSetConfig's RTMP `url`. */
  url: z.string(),
  /** The video was live already (started from the console): the controller pushes to that stream. */
  joined: z.boolean(),
  /** The URL takes no publish after this (ISO; LIVE_LIVESHARE_TTL_S, 4 h by default); ask again for a fresh one. */
  expires_at: z.string(),
});
export type LiveshareTarget = z.infer<typeof liveshareTargetSchema>;
