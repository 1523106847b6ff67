/**
 * AirSense (ADS-B) traffic as the platform keeps and shows it (dji-cloud-api-next.md §12): types, level names and pure
 * rules, without zod (the console takes them with its first paint; the message schemas are in airsense.ts).
 */
export const METHOD_AIRSENSE_WARNING = 'airsense_warning';
export const TOPIC_AIRSENSE = 'sysinfo/airsense';

/** The warning level from which a report raises an alert. */
export const AIRSENSE_ALERT_LEVEL = 3;
/** A manned aircraft not reported again within this long is gone (DJI reports about once a second while it is heard). */
export const AIRSENSE_TTL_MS = 10_000;

/** The level names per DJI's docs (0 no danger, 1–4 level one to four; from 3 DJI recommends evasive action). */
export const AIRSENSE_LEVEL_TEXTS = {
  zh: ['无危险', '一级告警', '二级告警', '三级告警（建议避让）', '四级告警（建议避让）'],
  en: ['No danger', 'Warning level one', 'Warning level two', 'Warning level three (take evasive action)', 'Warning level four (take evasive action)'],
} as const satisfies Record<'zh' | 'en', readonly string[]>;

/** One manned aircraft as the drone's ADS-B receiver reports it. */
export interface AirsenseItem {
  /** ICAO address. */
  icao: string;
  /** 0 no danger, 1–4 level one to four. */
  warning_level: number;
  latitude: number;
  longitude: number;
  /** metres (altitude_type 0 ellipsoid, 1 above sea level). */
  altitude: number;
  altitude_type?: number;
  heading?: number;
  /** metres above the drone. */
  relative_altitude?: number;
  vert_trend?: number;
  /** horizontal metres to the drone. */
  distance: number;
}

/** sysinfo/airsense: the manned aircraft one drone hears now (an empty list: none any more). */
export interface AirsenseTraffic {
  /** The drone (or its gateway when it has none declared). */
  sn: string;
  gatewaySn: string;
  at: number;
  traffic: AirsenseItem[];
}

/** The reports still current at `now`: a drone's traffic not repeated within AIRSENSE_TTL_MS is gone. Pure. */
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
