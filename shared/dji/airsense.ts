import { z } from 'zod';
import { SERIAL_PATTERN } from '../live';

/**
 * AirSense (ADS-B) warnings (dji-cloud-api-next.md §12): `thing/product/{gw}/events` method `airsense_warning`, `data`
 * an array of the manned aircraft the drone's ADS-B receiver hears, each as its latest report.
 */
export const METHOD_AIRSENSE_WARNING = 'airsense_warning';
export const TOPIC_AIRSENSE = 'sysinfo/airsense';

/** The warning level from which a report raises an alert. */
export const AIRSENSE_ALERT_LEVEL = 3;
/** A manned aircraft not reported again within this long is gone (DJI reports about once a second while it is heard). */
export const AIRSENSE_TTL_MS = 10_000;

/** The level names per DJI's docs (0 no danger, 1–4 level one to four; from 3 DJI recommends evasive action), in both languages (alerts, the /Tas legend). */
export const AIRSENSE_LEVEL_TEXTS = {
  zh: ['无危险', '一级告警', '二级告警', '三级告警（建议避让）', '四级告警（建议避让）'],
  en: ['No danger', 'Warning level one', 'Warning level two', 'Warning level three (take evasive action)', 'Warning level four (take evasive action)'],
} as const satisfies Record<'zh' | 'en', readonly string[]>;

export const airsenseItemSchema = z.object({
  icao: z.string().min(1).max(16),
  warning_level: z.number().int().min(0).max(4),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** metres (altitude_type 0 ellipsoid, 1 above sea level). */
  altitude: z.number(),
  altitude_type: z.number().int().optional(),
  heading: z.number().optional(),
  /** metres above the drone. */
  relative_altitude: z.number().optional(),
  vert_trend: z.number().int().optional(),
  /** horizontal metres to the drone. */
  distance: z.number().min(0),
});
export type AirsenseItem = z.infer<typeof airsenseItemSchema>;

/** `events` airsense_warning: the array DJI sends (unknown keys of each item are ignored). */
export const airsenseWarningSchema = z.array(airsenseItemSchema).max(200);

/** sysinfo/airsense: the manned aircraft one drone hears now (an empty list: none any more). */
export interface AirsenseTraffic {
  /** The drone (or its gateway when it has none declared). */
  sn: string;
  gatewaySn: string;
  at: number;
  traffic: AirsenseItem[];
}

export const airsenseTrafficSchema = z.object({
  sn: z.string().regex(SERIAL_PATTERN),
  gatewaySn: z.string().regex(SERIAL_PATTERN),
  at: z.number().int().nonnegative(),
  traffic: airsenseWarningSchema,
});

/** The traffic still current at `now`: a report not repeated within AIRSENSE_TTL_MS is gone. Pure. */
export function currentTraffic(reports: Record<string, AirsenseTraffic>, now: number): AirsenseTraffic[] {
  return Object.values(reports).filter((report) => report.traffic.length > 0 && now - report.at <= AIRSENSE_TTL_MS);
}

/** The reports of a list that raise an alert (warning level 3 and up), one per ICAO address (the highest level). Pure. */
export function alertingTraffic(traffic: readonly AirsenseItem[]): AirsenseItem[] {
  const byIcao = new Map<string, AirsenseItem>();
  for (const item of traffic)
    if (item.warning_level >= AIRSENSE_ALERT_LEVEL && (byIcao.get(item.icao)?.warning_level ?? -1) < item.warning_level) byIcao.set(item.icao, item);
  return [...byIcao.values()];
}
