import { geoSchemas } from '@shared/geo';
import { z } from 'zod';
import { IMPORT_CATEGORY } from './categories';
import { withMeasurement } from './measure';
import { DEFAULT_STYLE, GEOMETRY_TYPE, type FeatureGeometry, type FeatureInput, type FeatureKind, type FeatureStyle } from './types';

/** Limits of one import file. */
export const IMPORT_LIMITS = { maxFeatures: 500, maxBytes: 5 * 1024 * 1024, maxPositions: 10_000 } as const;

/**
 * One problem of an import: an i18n key with its values, and where it is (e.g. "features[2].geometry.coordinates[0]")
 * so the message names the feature or coordinate at fault in either language.
 */
export interface ImportProblem {
  key: string;
  values?: Record<string, string | number>;
  at?: string;
}

export type ImportResult = { ok: true; features: FeatureInput[] } | { ok: false; errors: ImportProblem[] };

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The text of a problem in the current language, prefixed by where it is. */
export function importProblemText(problem: ImportProblem, t: Translate): string {
  const text = t(problem.key, problem.values);
  return problem.at ? `${problem.at}: ${text}` : text;
}

const problem = (key: string, values?: ImportProblem['values'], at?: string): ImportProblem => ({
  key: `map.import.${key}`,
  ...(values ? { values } : {}),
  ...(at ? { at } : {}),
});
const failed = (key: string, values?: ImportProblem['values']): ImportResult => ({ ok: false, errors: [problem(key, values)] });

// Schema messages are i18n keys (see importProblemText).
const schemas = geoSchemas({
  lngNumber: 'map.import.lngNumber',
  lngRange: 'map.import.lngRange',
  latNumber: 'map.import.latNumber',
  latRange: 'map.import.latRange',
  position: 'map.import.position',
  positions: 'map.import.positions',
  ringMin: 'map.import.ringMin',
  ringClosed: 'map.import.ringClosed',
  lineMin: 'map.import.lineMin',
  rings: 'map.import.rings',
  polygonRing: 'map.import.polygonRing',
});
const geometrySchemas = { Point: schemas.point, LineString: schemas.lineString, Polygon: schemas.polygon };

const featureShape = z.object({
  type: z.literal('Feature', { message: 'map.import.notFeature' }),
  geometry: z.object({ type: z.string({ message: 'map.import.geometryType' }), coordinates: z.unknown() }, { message: 'map.import.geometryMissing' }),
  properties: z.record(z.string(), z.unknown(), { message: 'map.import.properties' }).nullable().optional(),
});

const pathText = (path: ReadonlyArray<PropertyKey>) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

function issues(error: z.ZodError, prefix: string): ImportProblem[] {
  return error.issues.slice(0, 3).map((issue) => ({
    key: issue.message.startsWith('map.import.') ? issue.message : 'map.import.invalid',
    at: [prefix, pathText(issue.path)].filter(Boolean).join('.').replace('.[', '['),
  }));
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined);

function styleOf(properties: Record<string, unknown>): FeatureStyle {
  const style = (properties.style && typeof properties.style === 'object' ? properties.style : {}) as Record<string, unknown>;
  const color = text(style.color, 32) ?? text(properties.stroke, 32) ?? text(properties.fill, 32);
  const weightRaw = style.weight ?? properties['stroke-width'];
  const weight = typeof weightRaw === 'number' && weightRaw > 0 && weightRaw <= 20 ? weightRaw : undefined;
  return { color: color && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : DEFAULT_STYLE.color, weight: weight ?? DEFAULT_STYLE.weight };
}

/**
 * Validates a GeoJSON file for one page's kind of feature. All or nothing: any problem (wrong JSON, wrong type,
 * a geometry of another kind, coordinates out of range, too many features) rejects the whole file with messages
 * naming where the problem is; a valid file yields the features ready to save.
 */
export function parseGeoJsonImport(source: string, kind: FeatureKind, limits: { maxFeatures: number; maxBytes: number } = IMPORT_LIMITS): ImportResult {
  if (source.length > limits.maxBytes) return failed('tooLarge', { mb: Math.round(limits.maxBytes / 1024 / 1024) });
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    return failed('notJson', { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return failed('notObject');
  const type = (data as { type?: unknown }).type;
  let raw: unknown[];
  let prefix: (i: number) => string;
  if (type === 'FeatureCollection') {
    const list = (data as { features?: unknown }).features;
    if (!Array.isArray(list)) return failed('noFeaturesArray');
    raw = list;
    prefix = (i) => `features[${i}]`;
  } else if (type === 'Feature') {
    raw = [data];
    prefix = () => 'feature';
  } else {
    return failed('unsupportedType', { type: JSON.stringify(type ?? null) });
  }
  if (raw.length === 0) return failed('empty');
  if (raw.length > limits.maxFeatures) return failed('tooMany', { count: raw.length, max: limits.maxFeatures });

  const wanted = GEOMETRY_TYPE[kind];
  const errors: ImportProblem[] = [];
  const features: FeatureInput[] = [];
  raw.forEach((item, i) => {
    if (errors.length >= 10) return;
    const shape = featureShape.safeParse(item);
    if (!shape.success) return void errors.push(...issues(shape.error, prefix(i)));
    const geometryType = shape.data.geometry.type;
    if (geometryType !== wanted) return void errors.push(problem('wrongKind', { found: geometryType, wanted }, `${prefix(i)}.geometry`));
    const geometry = geometrySchemas[wanted].safeParse(shape.data.geometry);
    if (!geometry.success) return void errors.push(...issues(geometry.error, `${prefix(i)}.geometry`));
    const properties = { ...(shape.data.properties ?? {}) };
    const name = text(properties.name, 128) ?? text(properties.title, 128) ?? `${wanted} ${i + 1}`;
    const category = text(properties.category, 64) ?? IMPORT_CATEGORY;
    const style = styleOf(properties);
    for (const key of ['name', 'title', 'category', 'style', 'stroke', 'stroke-width', 'fill']) delete properties[key];
    const geom = geometry.data as FeatureGeometry;
    features.push({ name, category, geometry: geom, style, properties: withMeasurement(properties, geom) });
  });
  return errors.length ? { ok: false, errors } : { ok: true, features };
}

/** The features of one kind as a GeoJSON FeatureCollection (export; re-importable). */
export function toFeatureCollection(
  features: Array<{ id?: number; name: string; category: string; geometry: FeatureGeometry; style?: FeatureStyle; properties?: Record<string, unknown> }>,
) {
  return {
    type: 'FeatureCollection' as const,
    features: features.map((f) => ({
      type: 'Feature' as const,
      ...(f.id !== undefined ? { id: f.id } : {}),
      geometry: f.geometry,
      properties: { ...(f.properties ?? {}), name: f.name, category: f.category, style: f.style ?? {} },
    })),
  };
}
