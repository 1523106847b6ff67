import { z } from 'zod';
import type { ModeMeaning } from './modeCodes';

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

/** One of DJI's live errors: a stable key (the console's text `apiError.liveDji.{key}`) and its meaning. */
export interface LiveError extends ModeMeaning {
  key: string;
}

/**
 * DJI's live error codes (SDK LiveErrorCodeEnum, the doc's error table): a dock answers 513xxx, Pilot 2 613xxx, with
 * the same last three digits.
 */
export const LIVE_ERRORS: Readonly<Record<number, LiveError>> = {
  1: { key: 'no_aircraft', en: 'No aircraft', zh: '没有飞行器' },
  2: { key: 'no_camera', en: 'No camera', zh: '没有相机' },
  3: { key: 'already_live', en: 'Already live', zh: '已在直播中' },
  4: { key: 'not_supported', en: 'Live video is not supported', zh: '不支持直播功能' },
  5: { key: 'strategy_not_supported', en: 'Live strategy not supported', zh: '不支持该直播策略' },
  6: { key: 'not_in_camera_view', en: 'The app is not in the camera view', zh: '遥控器 App 未处于相机界面' },
  7: { key: 'no_flight_control', en: 'The remote controller has no flight-control rights', zh: '遥控器没有飞行控制权' },
  8: { key: 'no_stream_data', en: 'No stream data', zh: '没有码流数据' },
  9: { key: 'too_frequent', en: 'Requests too frequent', zh: '请求过于频繁' },
  10: { key: 'enable_failed', en: 'Could not start: check the streaming server', zh: '开启直播失败，请检查流媒体服务器' },
  11: { key: 'no_live_stream', en: 'No live stream', zh: '当前没有直播' },
  12: { key: 'another_camera_live', en: 'Another camera is live; switching is not supported', zh: '另一路相机正在直播，不支持切换' },
  13: { key: 'url_type_not_supported', en: 'This URL type is not supported', zh: '不支持该直播协议' },
  14: { key: 'bad_parameters', en: 'Bad or incomplete parameters', zh: '参数错误或不完整' },
  15: { key: 'network_congestion', en: 'Network congestion', zh: '网络拥塞' },
  16: { key: 'decode_failed', en: 'Decoding failed', zh: '解码失败' },
  17: { key: 'paused_for_download', en: 'Paused until the aircraft file download completes', zh: '直播暂停，等待飞行器文件下载完成' },
  99: { key: 'unknown', en: 'Unknown error', zh: '未知错误' },
};

/** The meaning of a live service's non-zero result (513xxx dock, 613xxx RC, or the SDK's 13xxx), if DJI names it. */
export function liveErrorMeaning(result: number): LiveError | undefined {
  const family = Math.floor(result / 1000);
  if (family !== 513 && family !== 613 && family !== 13) return undefined;
  return LIVE_ERRORS[result % 1000];
}

/** The meanings of the live errors in one language, by key (the console's `apiError.liveDji` table). */
export const liveErrorTexts = (language: keyof ModeMeaning): Record<string, string> =>
  Object.fromEntries(Object.values(LIVE_ERRORS).map((error) => [error.key, error[language]]));
