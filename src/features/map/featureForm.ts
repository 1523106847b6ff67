import { z } from 'zod';
import { withMeasurement } from './measure';
import { DEFAULT_STYLE, type DraftGeometry, type FeatureInput, type MapFeature } from './types';

/** The attribute form (texts are i18n keys). */
export const featureFormSchema = z.object({
  name: z.string().trim().min(1, 'map.nameRequired').max(128),
  category: z.string().trim().min(1, 'map.categoryRequired').max(64),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'map.colorInvalid'),
  weight: z.number({ message: 'map.weightInvalid' }).int('map.weightInvalid').min(1, 'map.weightInvalid').max(20, 'map.weightInvalid'),
});
export type FeatureFormValues = z.infer<typeof featureFormSchema>;

export function formValuesOf(feature: MapFeature | null, defaultCategory: string): FeatureFormValues {
  return {
    name: feature?.name ?? '',
    category: feature?.category ?? defaultCategory,
    color: feature?.style?.color && /^#[0-9a-fA-F]{6}$/.test(feature.style.color) ? feature.style.color : DEFAULT_STYLE.color,
    weight: typeof feature?.style?.weight === 'number' ? feature.style.weight : DEFAULT_STYLE.weight,
  };
}

export type FormCheck = { ok: true; input: FeatureInput } | { ok: false; errors: Partial<Record<keyof FeatureFormValues, string>> };

/**
 * The body of a save: the form's attributes, the draft geometry (a circle as its centre Point, its radius in the
 * properties), the style, and the feature's other properties with fresh length/area. Errors are i18n keys by field.
 */
export function buildFeatureSave(values: FeatureFormValues, draft: DraftGeometry, existing: MapFeature | null): FormCheck {
  const parsed = featureFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<keyof FeatureFormValues, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FeatureFormValues] ??= issue.message;
    return { ok: false, errors };
  }
  const { name, category, color, weight } = parsed.data;
  const { radius: _radius, ...properties } = withMeasurement(existing?.properties ?? {}, draft);
  const circle = draft.type === 'Circle';
  return {
    ok: true,
    input: {
      name,
      category,
      geometry: circle ? { type: 'Point', coordinates: draft.coordinates } : draft,
      style: { ...(existing?.style ?? {}), color, weight },
      properties: circle ? { ...properties, radius: draft.radius } : properties,
    },
  };
}
