/**
 * Circles, without zod or turf (the console's map slice reads them, and it is in the /login bundle). A circle is stored
 * as a Point geometry (its centre) with its radius in metres in `properties.radius`, the form DJI's flight-area files
 * use too (docs/remote.md); DJI Pilot 2 gets it as a `Circle` element (server/pilot/elements.ts).
 */

/** The largest circle the platform stores: a radius of 50 km (a no-fly circle around an airport is about 10 km). */
export const MAX_CIRCLE_RADIUS_M = 50_000;

/** A circle: its centre [lng, lat] (WGS84) and radius in metres. */
export interface Circle {
  centre: [number, number];
  radius: number;
}

/** Whether a value is a circle's radius: a number above 0 and at most MAX_CIRCLE_RADIUS_M (circleRadiusSchema in geo.ts). */
export const isCircleRadius = (radius: unknown): radius is number =>
  typeof radius === 'number' && Number.isFinite(radius) && radius > 0 && radius <= MAX_CIRCLE_RADIUS_M;

/** The circle a feature is (a Point with a valid `properties.radius`), or null. */
export function circleOf(feature: { geometry: { type: string; coordinates?: unknown }; properties?: Record<string, unknown> | null }): Circle | null {
  const radius = feature.properties?.radius;
  const centre = feature.geometry.coordinates;
  if (feature.geometry.type !== 'Point' || !isCircleRadius(radius) || !Array.isArray(centre)) return null;
  const [lng, lat] = centre as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' ? { centre: [lng, lat], radius } : null;
}
