import { booleanPointInPolygon } from '@turf/turf';
import type { Telemetry } from '../broker/types';
import type { AreaOverlay } from '../map/types';

/**
 * The approved areas a drone may fly in at time `at`: those approved for its serial or for any drone
 * (no device), whose time window (if known) contains `at`.
 */
export function candidateAreas(sn: string, at: number, approved: AreaOverlay[]): AreaOverlay[] {
  return approved.filter((a) => {
    if (a.deviceSerial && a.deviceSerial !== sn) return false;
    if (a.startAt && at < Date.parse(a.startAt)) return false;
    if (a.endAt && at > Date.parse(a.endAt)) return false;
    return true;
  });
}

/**
 * Whether a flying drone is outside every approved area it could be in (none at all counts as outside).
 * A drone on the ground (any status but "flying") is never flagged.
 */
export function isOutsideApprovedAirspace(sample: Pick<Telemetry, 'sn' | 'lat' | 'lng' | 'status' | 'at'>, approved: AreaOverlay[]): boolean {
  if (sample.status !== 'flying') return false;
  const point: [number, number] = [sample.lng, sample.lat];
  return !candidateAreas(sample.sn, sample.at, approved).some((a) => booleanPointInPolygon(point, a.area));
}

/** Serials of the drones flagged as outside their approved airspace. */
export function flaggedDrones(samples: Iterable<Pick<Telemetry, 'sn' | 'lat' | 'lng' | 'status' | 'at'>>, approved: AreaOverlay[]): Set<string> {
  const flagged = new Set<string>();
  for (const s of samples) if (isOutsideApprovedAirspace(s, approved)) flagged.add(s.sn);
  return flagged;
}
