import { z } from 'zod';
import { routeSettingsSchema, waypointSchema } from '../wayline/model';
import { displayName, refName, rowId, stampedSchema } from './fields';

export const MAX_ROUTE_WAYPOINTS = 2000;

export const routeInputSchema = z.object({
  project_id: rowId,
  name: displayName,
  // At least 2 waypoints: checked by checkRoute (shared/wayline/checks.ts) with the other route rules, so it has a stable code.
  waypoints: z.array(waypointSchema).max(MAX_ROUTE_WAYPOINTS),
  settings: routeSettingsSchema.optional(),
});
export type RouteInput = z.input<typeof routeInputSchema>;

/** length_m, duration_s and battery_pct are computed by the server from the waypoints (shared/wayline/metrics.ts). */
export const routeSchema = stampedSchema.extend({
  project_id: z.number(),
  project_name: refName,
  name: z.string(),
  waypoints: z.array(waypointSchema),
  settings: routeSettingsSchema,
  length_m: z.number(),
  duration_s: z.number(),
  battery_pct: z.number(),
});
export type Route = z.infer<typeof routeSchema>;
