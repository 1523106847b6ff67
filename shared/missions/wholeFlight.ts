import { greatCircleMetres, isPointInPolygon, type Polygon } from '../geo';

type LatLng = { lat: number; lng: number };

/**
 * What a dispatch knows of the whole flight: the route (its ends and the server's estimates, shared/wayline/metrics.ts),
 * where the aircraft is, and where it comes home.
 */
export interface WholeFlightFacts {
  route: { first: LatLng; last: LatLng; durationS: number; batteryPct: number };
  /** The aircraft's reported position; null when unknown (its home is used). */
  aircraft: LatLng | null;
  /** Where it lands at the end: its dock; null for an aircraft flown from an RC (it comes back to where it took off). */
  home: LatLng | null;
}

export interface WholeFlightSettings {
  /** m/s flown to the first waypoint and back home. */
  transitSpeed: number;
  /** % of a full battery one second of flight takes when the route gives no rate (a route of no duration). */
  batteryPctPerS: number;
}

/** 10 m/s transit; a full battery in about 30 minutes. */
export const DEFAULT_WHOLE_FLIGHT: WholeFlightSettings = { transitSpeed: 10, batteryPctPerS: 100 / 1800 };

export interface WholeFlight {
  /** Where the flight starts (the aircraft, else its home, else the route's first waypoint) and ends. */
  start: LatLng;
  end: LatLng;
  /** m from the start to the first waypoint, and from the last waypoint home. */
  outM: number;
  backM: number;
  /** s and % of a full battery of the whole flight: transit out, the route, transit back. */
  durationS: number;
  batteryPct: number;
}

/**
 * The whole flight a dispatch starts: from where the aircraft is to the route's first waypoint, the route, and from its
 * last waypoint home; the transit at the route's own battery rate per second (or the settings' without one). Pure.
 */
export function wholeFlight(f: WholeFlightFacts, settings: WholeFlightSettings = DEFAULT_WHOLE_FLIGHT): WholeFlight {
  const start = f.aircraft ?? f.home ?? f.route.first;
  const end = f.home ?? start;
  const outM = greatCircleMetres(start, f.route.first);
  const backM = greatCircleMetres(f.route.last, end);
  const transitS = (outM + backM) / settings.transitSpeed;
  const ratePerS = f.route.durationS > 0 ? f.route.batteryPct / f.route.durationS : settings.batteryPctPerS;
  return {
    start,
    end,
    outM,
    backM,
    durationS: f.route.durationS + transitS,
    batteryPct: f.route.batteryPct + transitS * ratePerS,
  };
}

/** Points along a→b at most `stepM` apart, both ends included. */
function along(a: LatLng, b: LatLng, stepM: number): LatLng[] {
  const steps = Math.max(1, Math.ceil(greatCircleMetres(a, b) / stepM));
  return Array.from({ length: steps + 1 }, (_, i) => ({ lat: a.lat + ((b.lat - a.lat) * i) / steps, lng: a.lng + ((b.lng - a.lng) * i) / steps }));
}

/**
 * Which transit leg leaves the approved area: 'out' (start → first waypoint), 'back' (last waypoint → home), or null
 * when both stay inside. Checked every `stepM` metres along each leg. Pure.
 */
export function transitLeavingArea(flight: WholeFlight, route: WholeFlightFacts['route'], area: Polygon, stepM = 20): 'out' | 'back' | null {
  const inside = (a: LatLng, b: LatLng) => along(a, b, stepM).every((point) => isPointInPolygon(point, area));
  if (!inside(flight.start, route.first)) return 'out';
  if (!inside(route.last, flight.end)) return 'back';
  return null;
}
