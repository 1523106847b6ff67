import { booleanIntersects, booleanPointInPolygon, distance } from '@turf/turf';
import { z } from 'zod';
import { MAX_CIRCLE_RADIUS_M } from './circle';

/** Messages of the GeoJSON schemas; absent ones are zod's own. The console passes i18n keys, the server English. */
export interface GeoMessages {
  lngNumber?: string;
  lngRange?: string;
  latNumber?: string;
  latRange?: string;
  position?: string;
  positions?: string;
  ringMin?: string;
  ringClosed?: string;
  lineMin?: string;
  rings?: string;
  polygonRing?: string;
}

const ENGLISH: GeoMessages = {
  ringMin: 'a polygon ring needs at least 4 positions',
  ringClosed: 'a polygon ring must be closed (first = last position)',
};

/** The GeoJSON geometries the platform stores ([lng, lat] or [lng, lat, alt] positions; closed polygon rings). */
export function geoSchemas(messages: GeoMessages = ENGLISH) {
  const m = messages;
  const lng = z.number({ message: m.lngNumber }).min(-180, m.lngRange).max(180, m.lngRange);
  const lat = z.number({ message: m.latNumber }).min(-90, m.latRange).max(90, m.latRange);
  const position = z.union([z.tuple([lng, lat]), z.tuple([lng, lat, z.number()])], { message: m.position });
  const positions = z.array(position, { message: m.positions });
  const ring = positions.min(4, m.ringMin).refine((r) => r.length < 4 || (r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1]), m.ringClosed);
  const point = z.object({ type: z.literal('Point'), coordinates: position });
  const lineString = z.object({ type: z.literal('LineString'), coordinates: positions.min(2, m.lineMin) });
  const polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring, { message: m.rings }).min(1, m.polygonRing) });
  return { position, point, lineString, polygon, geometry: z.discriminatedUnion('type', [point, lineString, polygon]) };
}

const english = geoSchemas();
export const lineStringSchema = english.lineString;
export const polygonSchema = english.polygon;
export const geometrySchema = english.geometry;
export type Geometry = z.infer<typeof geometrySchema>;
export type Polygon = z.infer<typeof polygonSchema>;
export type LineString = z.infer<typeof lineStringSchema>;

/** A circle's radius in metres: above 0 and at most MAX_CIRCLE_RADIUS_M (the rule of isCircleRadius, with zod's codes). */
export const circleRadiusSchema = z.number().positive().max(MAX_CIRCLE_RADIUS_M);

/** Great-circle distance in metres between two {lat, lng} (turf, mean Earth radius). */
export const greatCircleMetres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number =>
  distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' });

type LatLng = { lat: number; lng: number };

/** Whether a point lies inside (or on the edge of) a polygon (turf). */
export const isPointInPolygon = (point: LatLng, polygon: Polygon): boolean => booleanPointInPolygon([point.lng, point.lat], polygon);

/** Whether the straight segment a→b touches a polygon anywhere: crossing it, ending in it or lying inside it (turf). */
export const segmentTouchesPolygon = (a: LatLng, b: LatLng, polygon: Polygon): boolean =>
  booleanIntersects(
    {
      type: 'LineString',
      coordinates: [
        [a.lng, a.lat],
        [b.lng, b.lat],
      ],
    },
    polygon,
  );
