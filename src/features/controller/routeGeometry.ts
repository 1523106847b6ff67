import { greatCircleMetres } from '@shared/geo';
import type { RouteDetail, Waypoint } from '../../api/controller';

export type LatLngTuple = [number, number];

export interface RouteGeometry {
  positions: LatLngTuple[];
  /** South-west and north-east corners; null without a drawable waypoint. */
  bounds: [LatLngTuple, LatLngTuple] | null;
}

const validWaypoint = (w: Waypoint) => Number.isFinite(w?.lat) && Number.isFinite(w?.lng) && Math.abs(w.lat) <= 90 && Math.abs(w.lng) <= 180;

/** The polyline and bounds of a route's ordered waypoints; waypoints without valid coordinates are skipped. */
export function routeGeometry(route: Pick<RouteDetail, 'waypoints'> | null | undefined): RouteGeometry {
  const positions = (route?.waypoints ?? []).filter(validWaypoint).map((w): LatLngTuple => [w.lat, w.lng]);
  if (positions.length === 0) return { positions, bounds: null };
  const lats = positions.map((p) => p[0]);
  const lngs = positions.map((p) => p[1]);
  return {
    positions,
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
  };
}

const latLng = ([lat, lng]: LatLngTuple) => ({ lat, lng });

/** Length in metres as the server gives it, else the sum of great-circle legs. */
export function routeLengthMetres(route: Pick<RouteDetail, 'waypoints' | 'length_m'>): number {
  const given = route.length_m;
  if (typeof given === 'number' && Number.isFinite(given)) return given;
  const { positions } = routeGeometry(route);
  let total = 0;
  for (let i = 1; i < positions.length; i += 1) total += greatCircleMetres(latLng(positions[i - 1]), latLng(positions[i]));
  return total;
}

/** Duration in seconds as the server gives it; null when unknown. */
export function routeDurationSeconds(route: Pick<RouteDetail, 'duration_s'>): number | null {
  const given = route.duration_s;
  return typeof given === 'number' && Number.isFinite(given) ? given : null;
}
