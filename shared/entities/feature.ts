import { z } from 'zod';
import { geometrySchema } from '../geo';
import { displayName, refName, rowId, stampedSchema } from './fields';

/** A GIS feature (POST /api/Feature/). */
export const featureInputSchema = z.object({
  project_id: rowId.nullable().optional(),
  name: displayName,
  category: z.string().trim().min(1).max(64),
  geometry: geometrySchema,
  style: z.record(z.string(), z.unknown()).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type FeatureInput = z.input<typeof featureInputSchema>;

export const FEATURE_IMPORT_MAX = 1000;

/** GIS polygon categories that close airspace: routes may not cross them, flights inside them raise an alert. */
export const AIRSPACE_RESTRICTING_CATEGORIES = ['no_fly_zone', 'restricted_zone'] as const;

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
});
export type Feature = z.infer<typeof featureSchema>;
