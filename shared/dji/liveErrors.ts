import type { ModeMeaning } from './modeCodes';

// Apart from livestream.ts: the console's text tables build apiError.liveDji from these, and the schemas there would
// bring zod into every language's table.

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
