import { area, booleanPointInPolygon, featureCollection, intersect, kinks, polygon } from '@turf/turf';
import type { Polygon } from '../geo';

type Position = [number, number];

/**
 * Point in polygon (holes honoured). A point ON an edge — of the outer ring or of a hole — counts as inside:
 * a route that touches the boundary of its approved area stays in it.
 */
export const pointInArea = (point: Position, polygon: Polygon): boolean => booleanPointInPolygon(point, polygon, { ignoreBoundary: false });

/** The parameters t ∈ [0, 1] along a→b where it meets edge c→d (both ends of a shared stretch when collinear). */
function crossings(a: Position, b: Position, c: Position, d: Position): number[] {
  const r: Position = [b[0] - a[0], b[1] - a[1]];
  const s: Position = [d[0] - c[0], d[1] - c[1]];
  const denom = r[0] * s[1] - r[1] * s[0];
  const qp: Position = [c[0] - a[0], c[1] - a[1]];
  const rr = r[0] * r[0] + r[1] * r[1];
  if (rr === 0) return [];
  if (denom === 0) {
    if (qp[0] * r[1] - qp[1] * r[0] !== 0) return []; // parallel, apart
    // Collinear: where the edge's ends project onto a→b, clipped to the segment.
    const t0 = (qp[0] * r[0] + qp[1] * r[1]) / rr;
    const t1 = t0 + (s[0] * r[0] + s[1] * r[1]) / rr;
    const lo = Math.max(0, Math.min(t0, t1));
    const hi = Math.min(1, Math.max(t0, t1));
    return lo <= hi ? [lo, hi] : [];
  }
  const t = (qp[0] * s[1] - qp[1] * s[0]) / denom;
  const u = (qp[0] * r[1] - qp[1] * r[0]) / denom;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? [t] : [];
}

/**
 * The whole segment a→b lies in the polygon (boundary included). The segment is cut where it meets any ring edge;
 * every piece's midpoint must be inside, so a leg that leaves the area and comes back, or crosses a hole, is caught
 * even when both of its waypoints are inside. Legs are straight in lng/lat, which is what the aircraft flies
 * between close waypoints.
 */
export function segmentInArea(a: Position, b: Position, polygon: Polygon): boolean {
  if (!pointInArea(a, polygon) || !pointInArea(b, polygon)) return false;
  const cuts = [0, 1];
  for (const ring of polygon.coordinates) {
    for (let i = 1; i < ring.length; i++) cuts.push(...crossings(a, b, ring[i - 1] as Position, ring[i] as Position));
  }
  cuts.sort((x, y) => x - y);
  for (let i = 1; i < cuts.length; i++) {
    if (cuts[i] - cuts[i - 1] < 1e-12) continue;
    const t = (cuts[i] + cuts[i - 1]) / 2;
    if (!pointInArea([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], polygon)) return false;
  }
  return true;
}

/** Whether any ring crosses itself or another ring (turf kinks; the shared closing vertex is not a kink). */
export const selfIntersections = (polygon: Polygon): Position[] => kinks(polygon).features.map((f) => f.geometry.coordinates as Position);

export const areaKm2 = (polygon: Polygon): number => area(polygon) / 1e6;

/** The two areas share some interior (area > 0.01 m²); areas that only touch along an edge do not overlap. */
export function areasOverlap(a: Polygon, b: Polygon): boolean {
  const common = intersect(featureCollection([polygon(a.coordinates), polygon(b.coordinates)]));
  return common !== null && area(common) > 0.01;
}

/** Half-open intervals [aStart, aEnd) and [bStart, bEnd) overlap: windows (or bands) touching end to start do not. */
export const rangesOverlap = (aStart: number, aEnd: number, bStart: number, bEnd: number): boolean => aStart < bEnd && bStart < aEnd;
