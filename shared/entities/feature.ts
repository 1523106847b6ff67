import { z } from 'zod';
import { circleRadiusSchema, geometrySchema } from '../geo';
import { displayName, refName, rowId, stampedSchema } from './fields';

/** A GIS feature (POST /api/Feature/). */
export const featureInputSchema = z.object({
  project_id: rowId.nullable().optional(),
  name: displayName,
  category: z.string().trim().min(1).max(64),
  geometry: geometrySchema,
  style: z.record(z.string(), z.unknown()).optional(),
  /** Free-form; `radius` (metres) makes a Point a circle (shared/circle.ts circleOf). */
  properties: z.looseObject({ radius: circleRadiusSchema.optional() }).optional(),
});
export type FeatureInput = z.input<typeof featureInputSchema>;

export const FEATURE_IMPORT_MAX = 1000;

/** GIS polygon categories that close airspace: routes may not cross them, flights inside them raise an alert. */
export const AIRSPACE_RESTRICTING_CATEGORIES = ['no_fly_zone', 'restricted_zone'] as const;

/** The category of what DJI Pilot 2 users draw into the app-shared layer (server/pilot/elements.ts). */
export const PILOT_SHARED_CATEGORY = 'pilot_shared';
/** The category of an element a Pilot 2 user adds to the default layer. */
export const ANNOTATION_CATEGORY = 'annotation';

/** POST /api/Feature/import/: many features saved in one transaction, all or none. */
export const featureImportSchema = z.object({ features: z.array(featureInputSchema).min(1).max(FEATURE_IMPORT_MAX) });
export type FeatureImport = z.input<typeof featureImportSchema>;

export const featureSchema = stampedSchema.extend({
  project_id: z.number().nullable(),
  project_name: refName,
  name: z.string(),
  category: z.string(),
  geometry: geometrySchema,
  style: z.record(z.string(), z.unknown()),
  properties: z.record(z.string(), z.unknown()),
  /** Who drew it (a DJI Pilot 2 user for a pilot's map element), and their name; null when unknown. */
  created_by: z.number().nullable(),
  created_by_name: refName,
});
export type Feature = z.infer<typeof featureSchema>;
