import { bbox, buffer, convex, lineString, pointToPolygonDistance } from '@turf/turf';
import type { Polygon } from '../geo';
import { areasOverlap, pointInArea, rangesOverlap } from './geometry';
import { toMs, type ApplicationFacts } from './types';

/** A 4D operation volume (ASTM F3548): a horizontal polygon, a height band (m) and a UTC window (ms). */
export interface Volume {
  polygon: Polygon;
  min_alt: number;
  max_alt: number;
  start_ms: number;
  end_ms: number;
  /** [minLng, minLat, maxLng, maxLat] of the polygon: a cheap first test for the live checks. */
  bbox: [number, number, number, number];
}

export interface VolumeMargins {
  lateralMarginM: number;
  verticalMarginM: number;
}

export interface RouteFacts {
  waypoints: { lng: number; lat: number; alt: number }[];
}

export interface PlanFacts {
  planned_start_at: string;
  planned_end_at: string;
  /** The approved application the plan is filed against: its area and band are the volume of a plan without a route. */
  application: Pick<ApplicationFacts, 'area' | 'min_alt' | 'max_alt'>;
}

function routeCorridor(route: RouteFacts, lateralM: number): Polygon {
  const line = lineString(route.waypoints.map((w) => [w.lng, w.lat]));
  const buffered = buffer(line, lateralM, { units: 'meters' });
  // A connected line buffers to one polygon; the hull is only a guard for a degenerate result.
  const geometry = buffered?.geometry.type === 'Polygon' ? buffered.geometry : convex(line)!.geometry;
  return geometry as Polygon;
}

/**
 * The volume a plan reserves: its route buffered by the lateral margin and its waypoint heights widened by the
 * vertical margin (not below 0), over the planned window; a plan without a route reserves its application's area
 * and band. Heights are in the route's height mode, compared as they are with the application's band.
 */
export function planVolume(plan: PlanFacts, route: RouteFacts | null, margins: VolumeMargins): Volume {
  const window = { start_ms: toMs(plan.planned_start_at), end_ms: toMs(plan.planned_end_at) };
  if (!route || route.waypoints.length < 2) {
    const polygon = plan.application.area;
    return { polygon, min_alt: plan.application.min_alt, max_alt: plan.application.max_alt, ...window, bbox: bbox(polygon) as Volume['bbox'] };
  }
  const polygon = routeCorridor(route, margins.lateralMarginM);
  const heights = route.waypoints.map((w) => w.alt);
  return {
    polygon,
    min_alt: Math.max(0, Math.min(...heights) - margins.verticalMarginM),
    max_alt: Math.max(...heights) + margins.verticalMarginM,
    ...window,
    bbox: bbox(polygon) as Volume['bbox'],
  };
}

/** Slack for GPS noise: a sample this close outside the volume (metres, ms) still conforms. */
export interface VolumeTolerance {
  horizontalM?: number;
  verticalM?: number;
  timeMs?: number;
}

export type VolumeBreach = 'outside_window' | 'outside_volume' | null;

const DEG_LAT_M = 111_320;

/** Why a position at a time is not in a volume (the window is checked first), or null when it is. */
export function volumeBreach(volume: Volume, position: { lng: number; lat: number; alt: number }, atMs: number, tolerance: VolumeTolerance = {}): VolumeBreach {
  const { horizontalM = 0, verticalM = 0, timeMs = 0 } = tolerance;
  if (atMs < volume.start_ms - timeMs || atMs > volume.end_ms + timeMs) return 'outside_window';
  if (position.alt < volume.min_alt - verticalM || position.alt > volume.max_alt + verticalM) return 'outside_volume';
  const [minLng, minLat, maxLng, maxLat] = volume.bbox;
  const padLat = horizontalM / DEG_LAT_M;
  const padLng = padLat / Math.max(Math.cos((position.lat * Math.PI) / 180), 1e-6);
  if (position.lng < minLng - padLng || position.lng > maxLng + padLng || position.lat < minLat - padLat || position.lat > maxLat + padLat)
    return 'outside_volume';
  const point: [number, number] = [position.lng, position.lat];
  if (pointInArea(point, volume.polygon)) return null;
  return horizontalM > 0 && pointToPolygonDistance(point, volume.polygon, { units: 'meters' }) <= horizontalM ? null : 'outside_volume';
}

/** In the volume's polygon and band during its window, within the tolerance. */
export const isInsideVolume = (volume: Volume, position: { lng: number; lat: number; alt: number }, atMs: number, tolerance: VolumeTolerance = {}): boolean =>
  volumeBreach(volume, position, atMs, tolerance) === null;

/**
 * Strategic deconfliction: two volumes conflict when their windows, height bands and polygons all share some
 * interior. Windows (or bands) touching end to start do not conflict; each volume already carries its margins.
 */
export const volumesConflict = (a: Volume, b: Volume): boolean =>
  rangesOverlap(a.start_ms, a.end_ms, b.start_ms, b.end_ms) &&
  rangesOverlap(a.min_alt, a.max_alt, b.min_alt, b.max_alt) &&
  rangesOverlap(a.bbox[0], a.bbox[2], b.bbox[0], b.bbox[2]) &&
  rangesOverlap(a.bbox[1], a.bbox[3], b.bbox[1], b.bbox[3]) &&
  areasOverlap(a.polygon, b.polygon);

/** The ids of the other plans whose volumes conflict with this one. */
export const conflictingPlans = (volume: Volume, others: { id: number; volume: Volume }[]): number[] =>
  others.filter((o) => volumesConflict(volume, o.volume)).map((o) => o.id);
