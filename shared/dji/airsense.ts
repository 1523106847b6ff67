import { z } from 'zod';
import { SERIAL_PATTERN } from '../live';
import type { AirsenseItem, AirsenseTraffic } from './airsenseTraffic';

/**
 * The AirSense messages (dji-cloud-api-next.md §12): `thing/product/{gw}/events` method `airsense_warning`, `data` an
 * array of the manned aircraft the drone's ADS-B receiver hears; and the platform's sysinfo/airsense.
 */
export const airsenseItemSchema = z.object({
  icao: z.string().min(1).max(16),
  warning_level: z.number().int().min(0).max(4),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  altitude: z.number(),
  altitude_type: z.number().int().optional(),
  heading: z.number().optional(),
  relative_altitude: z.number().optional(),
  vert_trend: z.number().int().optional(),
  distance: z.number().min(0),
}) satisfies z.ZodType<AirsenseItem>;

/** `events` airsense_warning: the array DJI sends (unknown keys of each item are ignored). */
export const airsenseWarningSchema = z.array(airsenseItemSchema).max(200);

/** sysinfo/airsense as the console checks it (the broker is another party). */
export const airsenseTrafficSchema = z.object({
  sn: z.string().regex(SERIAL_PATTERN),
  gatewaySn: z.string().regex(SERIAL_PATTERN),
  at: z.number().int().nonnegative(),
  traffic: airsenseWarningSchema,
}) satisfies z.ZodType<AirsenseTraffic>;
