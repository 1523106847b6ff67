import { z } from 'zod';
import { DEVICE_STATUSES, SERIAL_PATTERN } from './live';

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
/** A sample's position and readings without a status: the status is the server's (OnlineSummary.statuses). */
export type PositionSample = Omit<Telemetry, 'status'>;
