import { kinks, polygon } from '@turf/turf';
import type { DefectRegion } from '@shared/entities/defect';
import type { PolygonProblem, Vertex } from './defectDefaults';
import { MIN_REGION, photoPoint, type ScreenBox, type ScreenPoint } from './defectRules';

/** The API takes a polygon of at most this many vertices. */
export const POLYGON_MAX_VERTICES = 100;
/** Vertices closer than this (a fraction of the photo) are one: the two clicks of a double-click, a shaking hand. */
export const VERTEX_MIN_GAP = 0.002;
/** A click this close to the first vertex (px on the screen) closes the polygon. */
export const CLOSE_RADIUS_PX = 10;

const near = (a: Vertex, b: Vertex) => Math.abs(a[0] - b[0]) < VERTEX_MIN_GAP && Math.abs(a[1] - b[1]) < VERTEX_MIN_GAP;

/** What a click on the photo does to the polygon being drawn. */
export type PolygonClick = { kind: 'add'; vertex: Vertex } | { kind: 'close' } | { kind: 'ignore' };

/**
 * A click at `point` over the photo drawn in `box`: on the first vertex (within CLOSE_RADIUS_PX, once there are three)
 * it closes the polygon; else it adds a vertex there (in fractions of the photo, held to it), except on the last
 * vertex again (the first click of a double-click already placed it) or past the API's vertex limit.
 */
export function polygonClick(vertices: readonly Vertex[], point: ScreenPoint, box: ScreenBox): PolygonClick {
  const vertex = photoPoint(point, box);
  if (!vertex) return { kind: 'ignore' };
  if (vertices.length >= 3) {
    const [fx, fy] = vertices[0];
    if (Math.hypot(box.left + fx * box.width - point.x, box.top + fy * box.height - point.y) <= CLOSE_RADIUS_PX) return { kind: 'close' };
  }
  const last = vertices.at(-1);
  if ((last && near(last, vertex)) || vertices.length >= POLYGON_MAX_VERTICES) return { kind: 'ignore' };
  return { kind: 'add', vertex };
}

/** Twice the signed area of the ring (shoelace): positive or negative by its direction. */
const doubleArea = (ring: readonly Vertex[]) =>
  ring.reduce((sum, [x, y], i) => sum + x * ring[(i + 1) % ring.length][1] - ring[(i + 1) % ring.length][0] * y, 0);

/**
 * The vertices drawn as the API's polygon region, or why they are not one: repeated vertices (a double-click, a last
 * click on the first vertex) count once; at least three are needed, with no edge crossing another (turf's kinks),
 * covering at least the area of the smallest rectangle (MIN_REGION²: three in a line cover none).
 */
export function closePolygon(vertices: readonly Vertex[]): { region: DefectRegion } | { problem: PolygonProblem } {
  const ring = vertices.filter((vertex, i) => i === 0 || !near(vertices[i - 1], vertex));
  while (ring.length > 1 && near(ring[0], ring[ring.length - 1])) ring.pop();
  if (ring.length < 3) return { problem: 'too_few' };
  if (kinks(polygon([[...ring, ring[0]]])).features.length > 0) return { problem: 'self_intersecting' };
  if (Math.abs(doubleArea(ring)) / 2 < MIN_REGION * MIN_REGION) return { problem: 'too_small' };
  return { region: { type: 'polygon', points: ring.map(([x, y]) => [x, y]) } };
}
