import { area as turfArea, length as turfLength } from '@turf/turf';
import type { DraftGeometry, FeatureGeometry } from './types';

export interface Measurement {
  /** Metres along a line, or around a polygon's outer ring or a circle. */
  length_m?: number;
  /** Square metres of a polygon (holes subtracted). */
  area_m2?: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Length and area of a geometry (geodesic, turf; a circle's on the plane of its radius); a point has neither. Kept in the feature's properties on save. */
export function measure(geometry: DraftGeometry | null | undefined): Measurement {
  if (!geometry) return {};
  if (geometry.type === 'Circle') return { length_m: round(2 * Math.PI * geometry.radius), area_m2: round(Math.PI * geometry.radius ** 2) };
  if (geometry.type === 'LineString') return { length_m: round(turfLength({ type: 'Feature', geometry, properties: {} }, { units: 'kilometers' }) * 1000) };
  if (geometry.type === 'Polygon') {
    const outer = geometry.coordinates[0] ?? [];
    const perimeter =
      outer.length > 1
        ? turfLength({ type: 'Feature', geometry: { type: 'LineString', coordinates: outer }, properties: {} }, { units: 'kilometers' }) * 1000
        : 0;
    return { length_m: round(perimeter), area_m2: round(turfArea(geometry)) };
  }
  return {};
}

/** Merges fresh measurements into a feature's properties (stale length/area removed when the geometry has none). */
export function withMeasurement(properties: Record<string, unknown>, geometry: DraftGeometry): Record<string, unknown> {
  const { length_m: _l, area_m2: _a, ...rest } = properties;
  return { ...rest, ...measure(geometry) };
}

/** A point to fly to: the point itself, or the centre of the geometry's bounding box. */
export function centreOf(geometry: FeatureGeometry): [lat: number, lng: number] {
  const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of positions) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [(minY + maxY) / 2, (minX + maxX) / 2];
}

/** [[south, west], [north, east]] of a geometry. */
export function boundsOf(geometry: FeatureGeometry): [[number, number], [number, number]] {
  const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  const lats = positions.map((p) => p[1]);
  const lngs = positions.map((p) => p[0]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
