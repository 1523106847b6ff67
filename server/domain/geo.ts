import { z } from 'zod';

const lng = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
export const position = z.union([z.tuple([lng, lat]), z.tuple([lng, lat, z.number()])]);

const ring = z
  .array(position)
  .min(4, 'a polygon ring needs at least 4 positions')
  .refine((r) => r.length < 4 || (r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1]), 'a polygon ring must be closed (first = last position)');

export const pointSchema = z.object({ type: z.literal('Point'), coordinates: position });
export const lineStringSchema = z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) });
export const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) });
export const geometrySchema = z.discriminatedUnion('type', [pointSchema, lineStringSchema, polygonSchema]);
export type Geometry = z.infer<typeof geometrySchema>;

export const waypointSchema = z.object({
  lat,
  lng,
  alt: z.number().min(0).max(1500),
  speed: z.number().positive().max(30),
  action: z.enum(['none', 'photo', 'video_start', 'video_stop', 'hover', 'rotate']).default('none'),
});
export type Waypoint = z.infer<typeof waypointSchema>;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversine(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = rad(bLat - aLat);
  const dLng = rad(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Route length (3D, metres) and flight duration (seconds, each leg at its start waypoint's speed). */
export function routeMetrics(waypoints: Waypoint[]): { length_m: number; duration_s: number } {
  let length = 0;
  let duration = 0;
  for (let i = 1; i < waypoints.length; i++) {
    const a = waypoints[i - 1];
    const b = waypoints[i];
    const leg = Math.hypot(haversine(a.lat, a.lng, b.lat, b.lng), b.alt - a.alt);
    length += leg;
    duration += leg / a.speed;
  }
  return { length_m: Math.round(length * 10) / 10, duration_s: Math.round(duration * 10) / 10 };
}

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
