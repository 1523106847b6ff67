import { greatCircleMetres, type LineString } from '../geo';

/** One aircraft report kept for a flight record. */
export interface TrackSample {
  /** epoch ms. */
  at: number;
  lat: number;
  lng: number;
  /** m above the take-off point. */
  alt: number;
  /** horizontal, m/s. */
  speed: number;
  /** percent, when reported. */
  battery: number | null;
}

export interface SimplifyOptions {
  /** No dropped report lies farther than this (m, in 3-D) from the redrawn track. */
  toleranceM: number;
  /** Two kept points are never further apart in time than this (ms), so replay and charts keep hovers and climbs. */
  maxGapMs: number;
}

export const DEFAULT_SIMPLIFY: SimplifyOptions = { toleranceM: 2, maxGapMs: 15_000 };

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

type Xyz = [number, number, number];

/** Reports as local metres (equirectangular around the first one: exact enough over a flight's few kilometres). */
function toLocalMetres(samples: TrackSample[]): Xyz[] {
  const origin = samples[0];
  const cosLat = Math.cos(origin.lat * RAD);
  return samples.map((s) => [(s.lng - origin.lng) * RAD * EARTH_RADIUS_M * cosLat, (s.lat - origin.lat) * RAD * EARTH_RADIUS_M, s.alt]);
}

/** Distance (m) from p to the segment a–b, in 3-D. */
export function segmentDistance(p: Xyz, a: Xyz, b: Xyz): number {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const lengthSq = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] + (p[2] - a[2]) * d[2]) / lengthSq));
  return Math.hypot(p[0] - a[0] - t * d[0], p[1] - a[1] - t * d[1], p[2] - a[2] - t * d[2]);
}

/** Douglas–Peucker on 3-D points (iterative, so a long flight cannot overflow the stack): the indices it keeps. */
function douglasPeucker(points: Xyz[], tolerance: number): Set<number> {
  const keep = new Set([0, points.length - 1]);
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance(points[i], points[first], points[last]);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst < 0) continue;
    keep.add(worst);
    stack.push([first, worst], [worst, last]);
  }
  return keep;
}

/**
 * The reports a flight record keeps (indices, ascending): Douglas–Peucker within `toleranceM`, plus the highest and
 * lowest report, plus enough reports that no two kept ones are more than `maxGapMs` apart. Pure.
 */
export function simplifyTrack(samples: TrackSample[], options: SimplifyOptions = DEFAULT_SIMPLIFY): number[] {
  if (samples.length <= 2) return samples.map((_, i) => i);
  const keep = douglasPeucker(toLocalMetres(samples), options.toleranceM);
  let highest = 0;
  let lowest = 0;
  samples.forEach((s, i) => {
    if (s.alt > samples[highest].alt) highest = i;
    if (s.alt < samples[lowest].alt) lowest = i;
  });
  keep.add(highest).add(lowest);
  const sorted = [...keep].sort((a, b) => a - b);
  const result: number[] = [];
  for (const index of sorted) {
    // A long gap is filled with the farthest report still within maxGapMs of the last kept one, until it is short enough.
    let previous = result.at(-1);
    while (previous !== undefined && samples[index].at - samples[previous].at > options.maxGapMs) {
      let fill = previous + 1;
      while (fill + 1 < index && samples[fill + 1].at - samples[previous].at <= options.maxGapMs) fill++;
      if (fill >= index) break;
      result.push(fill);
      previous = fill;
    }
    result.push(index);
  }
  return result;
}

/** What a flight record stores of its track: [lng, lat, alt] positions with their times and chart samples, parallel. */
export interface RecordedTrack {
  track: LineString;
  /** epoch ms of each position. */
  track_times: number[];
  samples: { speed: number[]; battery: Array<number | null> };
}

export interface FlightSummary extends RecordedTrack {
  takeoff_at: string;
  landing_at: string;
  duration_s: number;
  /** Along the reports as flown (before simplification), m. */
  distance_m: number;
  max_alt: number;
  takeoff_lat: number;
  takeoff_lng: number;
  landing_lat: number;
  landing_lng: number;
  /** First reported battery minus the last (null without battery reports). */
  battery_used_pct: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A flight record's figures and downsampled track from its reports (at least one, in time order). Pure. */
export function summariseFlight(samples: TrackSample[], options: SimplifyOptions = DEFAULT_SIMPLIFY): FlightSummary {
  const first = samples[0];
  const last = samples[samples.length - 1];
  let distance = 0;
  for (let i = 1; i < samples.length; i++) distance += greatCircleMetres(samples[i - 1], samples[i]);
  const batteries = samples.map((s) => s.battery).filter((b): b is number => b !== null);
  const kept = simplifyTrack(samples, options).map((i) => samples[i]);
  // A LineString needs two positions: a one-report flight repeats its position.
  const positions = kept.length === 1 ? [kept[0], kept[0]] : kept;
  return {
    takeoff_at: new Date(first.at).toISOString(),
    landing_at: new Date(last.at).toISOString(),
    duration_s: Math.round((last.at - first.at) / 1000),
    distance_m: round(distance, 1),
    max_alt: round(Math.max(...samples.map((s) => s.alt)), 1),
    takeoff_lat: first.lat,
    takeoff_lng: first.lng,
    landing_lat: last.lat,
    landing_lng: last.lng,
    battery_used_pct: batteries.length ? Math.max(0, batteries[0] - batteries[batteries.length - 1]) : null,
    track: { type: 'LineString', coordinates: positions.map((s) => [round(s.lng, 7), round(s.lat, 7), round(s.alt, 1)]) },
    track_times: positions.map((s) => s.at),
    samples: { speed: positions.map((s) => round(s.speed, 1)), battery: positions.map((s) => s.battery) },
  };
}
