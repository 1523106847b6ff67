import { booleanPointInPolygon } from '@turf/turf';
import type { Telemetry } from '@shared/live';
import type { AreaOverlay } from '../map';

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

type Sample = Pick<Telemetry, 'sn' | 'lat' | 'lng' | 'alt' | 'status' | 'at'>;

/** Inside an area's altitude band, where the approval gives one (bounds included). */
const withinBand = (alt: number, area: AreaOverlay) => (area.minAlt === undefined || alt >= area.minAlt) && (area.maxAlt === undefined || alt <= area.maxAlt);

/**
 * Whether a flying drone is outside every approved area it could be in — outside the polygon or above/below its
 * altitude band (none at all counts as outside). A drone on the ground (any status but "flying") is never flagged.
 */
export function isOutsideApprovedAirspace(sample: Sample, approved: AreaOverlay[]): boolean {
  if (sample.status !== 'flying') return false;
  const point: [number, number] = [sample.lng, sample.lat];
  return !candidateAreas(sample.sn, sample.at, approved).some((a) => withinBand(sample.alt, a) && booleanPointInPolygon(point, a.area));
}
