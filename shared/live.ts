import { z } from 'zod';

/**
 * The live channel's sysinfo payloads and the normalised per-device sample, as the server publishes them and the
 * console reads them (docs/mqtt.md). Devices themselves speak the DJI Cloud API (shared/dji/).
 */

export const TOPIC_ONLINE = 'sysinfo/online';
export const TOPIC_WEATHER = 'sysinfo/weather';
/** Every aircraft's newest sample once a second: what the situational view subscribes to, not one message per drone. */
export const TOPIC_FLEET = 'sysinfo/fleet';

/** Device serials: letters, digits, '-' and '_' (never MQTT wildcards or separators). */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const DEVICE_STATUSES = ['online', 'flying', 'maintenance', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** One device's newest normalised sample (what sysinfo/fleet carries per aircraft). */
export const telemetrySchema = z.object({
  sn: z.string().regex(SERIAL_PATTERN),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** metres above take-off. */
  alt: z.number().min(-1000).max(20000),
  /** m/s ground speed. */
  speed: z.number().min(0).max(200),
  /** degrees, 0 = north, clockwise. */
  heading: z.number().min(0).max(360),
  /** percent. */
  battery: z.number().min(0).max(100),
  status: z.enum(DEVICE_STATUSES),
  taskId: z.union([z.string().max(64), z.number()]).optional(),
  /** epoch ms. */
  at: z.number().int().nonnegative(),
});
export type Telemetry = z.infer<typeof telemetrySchema>;

/** sysinfo/online: serials online now (every other device is offline), the counts, and what changed since the last one. */
export interface OnlineSummary {
  online: string[];
  onlineCount: number;
  total: number;
  changed: Array<{ sn: string; status: DeviceStatus }>;
  at: number;
}

export interface WeatherStation {
  areaId: string;
  name: string;
  lat: number;
  lng: number;
  /** m/s */
  windSpeed: number;
  /** degrees the wind comes from */
  windDirection: number;
  /** m/s */
  gust: number;
  /** °C */
  temperature: number;
  /** % */
  humidity: number;
  /** metres */
  visibility: number;
  /** mm/h */
  precipitation: number;
  flyable: boolean;
  /** machine-readable reasons why not flyable: wind, gust, visibility, precipitation, cold, heat */
  reasons: string[];
}

/** sysinfo/weather. */
export interface WeatherReport {
  at: number;
  source: string;
  stations: WeatherStation[];
}
