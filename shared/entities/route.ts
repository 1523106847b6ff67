import { z } from 'zod';
import { waypointSchema } from '../geo';
import { displayName, refName, rowId, stampedSchema } from './fields';

export const routeInputSchema = z.object({
  project_id: rowId,
  name: displayName,
  waypoints: z.array(waypointSchema).min(2, 'a route needs at least 2 waypoints').max(2000),
});
export type RouteInput = z.input<typeof routeInputSchema>;

/** length_m and duration_s are computed by the server from the waypoints (routeMetrics). */
export const routeSchema = stampedSchema.extend({
  project_id: z.number(),
  project_name: refName,
  name: z.string(),
  waypoints: z.array(waypointSchema),
  length_m: z.number(),
  duration_s: z.number(),
});
export type Route = z.infer<typeof routeSchema>;
