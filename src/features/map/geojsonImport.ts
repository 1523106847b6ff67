import { z } from 'zod';
import { withMeasurement } from './measure';
import { DEFAULT_STYLE, GEOMETRY_TYPE, type FeatureGeometry, type FeatureInput, type FeatureKind, type FeatureStyle } from './types';

/** Limits of one import file. */
export const IMPORT_LIMITS = { maxFeatures: 500, maxBytes: 5 * 1024 * 1024, maxPositions: 10_000 } as const;

export type ImportResult = { ok: true; features: FeatureInput[] } | { ok: false; errors: string[] };

const lng = z.number({ message: 'longitude must be a number' }).min(-180, 'longitude out of range [-180, 180]').max(180, 'longitude out of range [-180, 180]');
const lat = z.number({ message: 'latitude must be a number' }).min(-90, 'latitude out of range [-90, 90]').max(90, 'latitude out of range [-90, 90]');
const position = z.union([z.tuple([lng, lat]), z.tuple([lng, lat, z.number()])], { message: 'a position must be [longitude, latitude] or [longitude, latitude, altitude] numbers' });
const ring = z
  .array(position)
  .min(4, 'a polygon ring needs at least 4 positions')
  .refine((r) => r.length < 4 || (r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1]), 'a polygon ring must be closed (first position = last position)');

const geometrySchemas = {
  Point: z.object({ type: z.literal('Point'), coordinates: position }),
  LineString: z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2, 'a line needs at least 2 positions') }),
  Polygon: z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1, 'a polygon needs an outer ring') }),
};

const featureShape = z.object({
  type: z.literal('Feature', { message: 'must be a GeoJSON Feature ("type": "Feature")' }),
  geometry: z.object({ type: z.string({ message: 'geometry.type is missing' }), coordinates: z.unknown() }, { message: 'geometry is missing' }),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});

const pathText = (path: ReadonlyArray<PropertyKey>) => path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

function issues(error: z.ZodError, prefix: string): string[] {
  return error.issues.slice(0, 3).map((issue) => `${[prefix, pathText(issue.path)].filter(Boolean).join('.').replace('.[', '[')}: ${issue.message}`);
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
  if (source.length > limits.maxBytes) return { ok: false, errors: [`the file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`] };
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    return { ok: false, errors: [`not valid JSON (${error instanceof Error ? error.message : String(error)})`] };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, errors: ['not a GeoJSON object: expected a FeatureCollection or a Feature'] };
  const type = (data as { type?: unknown }).type;
  let raw: unknown[];
  let prefix: (i: number) => string;
  if (type === 'FeatureCollection') {
    const list = (data as { features?: unknown }).features;
    if (!Array.isArray(list)) return { ok: false, errors: ['FeatureCollection has no "features" array'] };
    raw = list;
    prefix = (i) => `features[${i}]`;
  } else if (type === 'Feature') {
    raw = [data];
    prefix = () => 'feature';
  } else {
    return { ok: false, errors: [`unsupported GeoJSON type ${JSON.stringify(type ?? null)}: expected a FeatureCollection or a Feature`] };
  }
  if (raw.length === 0) return { ok: false, errors: ['the file has no features'] };
  if (raw.length > limits.maxFeatures) return { ok: false, errors: [`too many features: ${raw.length} (at most ${limits.maxFeatures} per file)`] };

  const wanted = GEOMETRY_TYPE[kind];
  const errors: string[] = [];
  const features: FeatureInput[] = [];
  raw.forEach((item, i) => {
    if (errors.length >= 10) return;
    const shape = featureShape.safeParse(item);
    if (!shape.success) return void errors.push(...issues(shape.error, prefix(i)));
    const geometryType = shape.data.geometry.type;
    if (geometryType !== wanted) return void errors.push(`${prefix(i)}.geometry: ${geometryType} where this page takes ${wanted}`);
    const geometry = geometrySchemas[wanted].safeParse(shape.data.geometry);
    if (!geometry.success) return void errors.push(...issues(geometry.error, `${prefix(i)}.geometry`));
    const properties = { ...(shape.data.properties ?? {}) };
    const name = text(properties.name, 128) ?? text(properties.title, 128) ?? `${wanted} ${i + 1}`;
    const category = text(properties.category, 64) ?? 'import';
    const style = styleOf(properties);
    for (const key of ['name', 'title', 'category', 'style', 'stroke', 'stroke-width', 'fill']) delete properties[key];
    const geom = geometry.data as FeatureGeometry;
    features.push({ name, category, geometry: geom, style, properties: withMeasurement(properties, geom) });
  });
  return errors.length ? { ok: false, errors } : { ok: true, features };
}

/** The features of one kind as a GeoJSON FeatureCollection (export; re-importable). */
export function toFeatureCollection(features: Array<{ id?: number; name: string; category: string; geometry: FeatureGeometry; style?: FeatureStyle; properties?: Record<string, unknown> }>) {
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
