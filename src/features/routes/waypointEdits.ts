import { DEFAULT_ROUTE_SETTINGS, newWaypoint as defaultWaypoint } from '@shared/wayline/defaults';
import type { RouteSettings, Waypoint } from '@shared/wayline/model';

/**
 * The editor's waypoint edits, pure: each takes the waypoint list and returns a new one, keeping every other
 * waypoint's fields. New waypoints copy the height and speed of their neighbour so a drawn route stays level.
 */

export type LatLng = { lat: number; lng: number };

/** Seven decimals (~1 cm): what the map reports, and what the file formats keep. */
const round = (value: number) => Math.round(value * 1e7) / 1e7;
const at = (point: LatLng) => ({ lat: round(point.lat), lng: round(point.lng) });

const DEFAULT_HEIGHT = 100;

function newWaypoint(point: LatLng, like: Waypoint | undefined, settings: Pick<RouteSettings, 'auto_flight_speed'>): Waypoint {
  return defaultWaypoint({ ...at(point), alt: like?.alt ?? DEFAULT_HEIGHT, speed: like?.speed ?? settings.auto_flight_speed });
}

export function appendWaypoint(
  waypoints: readonly Waypoint[],
  point: LatLng,
  settings: Pick<RouteSettings, 'auto_flight_speed'> = DEFAULT_ROUTE_SETTINGS,
): Waypoint[] {
  return [...waypoints, newWaypoint(point, waypoints[waypoints.length - 1], settings)];
}

/** A waypoint at `index` (the others from there move one on), like the one before it. */
export function insertWaypoint(
  waypoints: readonly Waypoint[],
  index: number,
  point: LatLng,
  settings: Pick<RouteSettings, 'auto_flight_speed'> = DEFAULT_ROUTE_SETTINGS,
): Waypoint[] {
  const clamped = Math.max(0, Math.min(index, waypoints.length));
  return [...waypoints.slice(0, clamped), newWaypoint(point, waypoints[clamped - 1] ?? waypoints[0], settings), ...waypoints.slice(clamped)];
}

/** The midpoint of the leg after `index`, as a new waypoint between the two. */
export function splitLeg(waypoints: readonly Waypoint[], index: number): Waypoint[] {
  const a = waypoints[index];
  const b = waypoints[index + 1];
  if (!a || !b) return [...waypoints];
  return insertWaypoint(waypoints, index + 1, { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 });
}

export function moveWaypoint(waypoints: readonly Waypoint[], index: number, point: LatLng): Waypoint[] {
  return waypoints.map((w, i) => (i === index ? { ...w, ...at(point) } : w));
}

export function deleteWaypoint(waypoints: readonly Waypoint[], index: number): Waypoint[] {
  return waypoints.filter((_, i) => i !== index);
}

export function updateWaypoint(waypoints: readonly Waypoint[], index: number, patch: Partial<Waypoint>): Waypoint[] {
  return waypoints.map((w, i) => (i === index ? { ...w, ...patch } : w));
}

/** The selection after deleting `deleted`: the waypoint that took its place, else the new last one, else none. */
export function selectionAfterDelete(selected: number | null, deleted: number, remaining: number): number | null {
  if (selected === null || remaining === 0) return null;
  if (selected > deleted) return selected - 1;
  return Math.min(selected, remaining - 1);
}
