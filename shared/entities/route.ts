import { z } from 'zod';
import { routeSettingsSchema, waypointSchema } from '../wayline/model';
import { displayName, rowId, stampedSchema } from './fields';

export const MAX_ROUTE_WAYPOINTS = 2000;

export const routeInputSchema = z.object({
  project_id: rowId,
  name: displayName,
  waypoints: z.array(waypointSchema).min(2, 'a route needs at least 2 waypoints').max(MAX_ROUTE_WAYPOINTS),
  settings: routeSettingsSchema.optional(),
});
export type RouteInput = z.input<typeof routeInputSchema>;

/** length_m, duration_s and battery_pct are computed by the server from the waypoints (shared/wayline/metrics.ts). */
export const routeSchema = stampedSchema.extend({
  project_id: z.number(),
  name: z.string(),
  waypoints: z.array(waypointSchema),
  settings: routeSettingsSchema,
  length_m: z.number(),
  duration_s: z.number(),
  battery_pct: z.number(),
});
export type Route = z.infer<typeof routeSchema>;
