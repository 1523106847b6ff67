import { z } from 'zod';
import { polygonSchema } from '../geo';
import { routeSettingsSchema, waypointSchema } from '../wayline/model';
import { displayName, refName, rowId, stampedSchema } from './fields';

export const MAX_ROUTE_WAYPOINTS = 2000;

/**
 * A route's name: it names the downloads (Content-Disposition) and the route in pickers, so no control character at
 * all (tab, CR and LF included); unique within its project (checked by the server, 409 `route.name_taken`).
 */
export const routeNameSchema = displayName.refine((name) => !/\p{Cc}/u.test(name), {
  message: 'contains a control character',
  params: { reason: { code: 'field.control_character' } },
});

export const routeInputSchema = z.object({
  project_id: rowId,
  name: routeNameSchema,
  // At least 2 waypoints: checked by checkRoute (shared/wayline/checks.ts) with the other route rules, so it has a stable code.
  waypoints: z.array(waypointSchema).max(MAX_ROUTE_WAYPOINTS),
  settings: routeSettingsSchema.optional(),
  /**
   * Editing the waypoints or settings of a route imported from a non-waypoint template (mapping2d, mappingPrism, …)
   * turns it into a waypoint route and drops the template (type, area, settings, the original file): only with this
   * flag, once the user has confirmed; without it such an edit is refused (409 `route.conversion_needed`).
   */
  convert_to_waypoint: z.literal(true).optional(),
});
export type RouteInput = z.input<typeof routeInputSchema>;

/** The template of an imported DJI file, kept beside the waypoints we show (absent: a route made here, or edited since). */
export const routeTemplateSchema = z.object({
  /** The surveyed area of a mapping/patrol template (the template's Polygon), null for waypoint templates. */
  area: polygonSchema.nullable(),
  /** The template's settings the editor does not edit (overlaps, shoot type, payload parameters, …), "path.of.element" → text. */
  settings: z.record(z.string(), z.string()),
});
export type RouteTemplate = z.infer<typeof routeTemplateSchema>;

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
  /**
   * `wpml:templateType`: `waypoint` for a route made here (or converted); an imported file's own type as it spells it
   * (mapping2d, mapping3d, mappingStrip, mappingPrism, targetdetection, or one we have not seen).
   */
  template_type: z.string(),
  template: routeTemplateSchema.nullable(),
  /**
   * The imported file, while the route is as imported: its name and md5. Such a route is exported and dispatched as
   * that very file; editing its waypoints or settings drops it (null: the server writes the KMZ from the route).
   */
  source: z.object({ name: z.string(), md5: z.string() }).nullable(),
});
export type Route = z.infer<typeof routeSchema>;
