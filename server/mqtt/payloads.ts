import { z } from 'zod';

/** thing/product/{sn}/osd: one telemetry sample. Anything else on that topic is dropped and counted. */
export const telemetrySchema = z.object({
  sn: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
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
  status: z.enum(['online', 'flying', 'maintenance', 'offline']),
  taskId: z.union([z.string().max(64), z.number()]).optional(),
  /** epoch ms. */
  at: z.number().int().nonnegative(),
});
export type Telemetry = z.infer<typeof telemetrySchema>;
export type DeviceStatus = Telemetry['status'];

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

export interface WeatherReport {
  at: number;
  source: string;
  stations: WeatherStation[];
}

/** Parses a raw MQTT payload as telemetry; null when it is not JSON or not a valid sample. */
export function parseTelemetry(payload: Buffer | string, expectedSn?: string): Telemetry | null {
  let raw: unknown;
  try {
    raw = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  // The serial in the topic wins (the broker's ACL vouches for it); a body claiming another serial is refused.
  if (expectedSn && raw && typeof raw === 'object' && !('sn' in raw)) (raw as Record<string, unknown>).sn = expectedSn;
  const result = telemetrySchema.safeParse(raw);
  if (!result.success) return null;
  if (expectedSn && result.data.sn !== expectedSn) return null;
  return result.data;
}
