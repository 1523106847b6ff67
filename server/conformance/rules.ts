import { booleanIntersects, lineString, pointToLineDistance, pointToPolygonDistance } from '@turf/turf';
import { pointInArea, segmentInArea, volumeBreach, type Volume } from '@shared/airspace';
import type { ConformanceRule } from '@shared/entities/alert';
import type { Polygon } from '@shared/geo';

/**
 * The live conformance decision, pure (table-tested in __tests__/server/conformance/rules.test.ts): which rule a
 * flying aircraft breaks now (`judge`), and the hysteresis that turns those per-sample findings into alerts that
 * open and close without flapping on GPS noise (`step`).
 */

/** An accepted, activated or nonconforming plan of one aircraft, with its 4D volume (shared/airspace planVolume). */
export interface MonitoredPlan {
  id: number;
  status: string;
  volume: Volume;
}

/** A restricting GIS feature (no-fly or restricted zone) near the aircraft. */
export interface Zone {
  id: number;
  polygon: Polygon;
}

export interface Position {
  lng: number;
  lat: number;
  /** Height above take-off, m. */
  alt: number;
  at: number;
}

export interface Tolerance {
  /** Metres around a boundary that GPS noise may put the aircraft on the wrong side of. */
  horizontalM: number;
  verticalM: number;
}

/** What the aircraft breaks now, and the plan it was judged against (null: it has none). */
export interface Finding {
  rule: ConformanceRule;
  planId: number | null;
  zoneId?: number;
}

/** The result of one sample: the plan that covers the aircraft (if any) and what it breaks (null: conforming). */
export interface Judgement {
  planId: number | null;
  finding: Finding | null;
}

/**
 * Judges one position. `alerting` says whether an alert is open: without one the tolerance is given to the aircraft
 * (a plan's volume grows by it, so noise at the edge raises nothing); with one it must be clear of the boundary by the
 * tolerance to count as back (a no-fly zone grows by it, a plan's volume does not). Windows include both ends.
 * Precedence: no-fly zone, then no plan, outside every plan's window, outside the covering plans' volumes.
 */
export function judge(position: Position, plans: readonly MonitoredPlan[], zones: readonly Zone[], tolerance: Tolerance, alerting: boolean): Judgement {
  const slack = alerting ? {} : tolerance;
  const breaches = plans.map((plan) => ({ plan, breach: volumeBreach(plan.volume, position, position.at, slack) }));
  const covering = breaches.filter((b) => b.breach !== 'outside_window');
  const inside = covering.find((b) => b.breach === null)?.plan;
  const planId = (inside ?? covering[0]?.plan ?? nearestInTime(plans, position.at))?.id ?? null;
  const zone = zones.find((z) => inZone(z.polygon, position, alerting ? tolerance.horizontalM : 0));
  if (zone) return { planId, finding: { rule: 'in_no_fly_zone', planId, zoneId: zone.id } };
  if (plans.length === 0) return { planId, finding: { rule: 'no_plan', planId } };
  if (covering.length === 0) return { planId, finding: { rule: 'outside_window', planId } };
  if (!inside) return { planId, finding: { rule: 'outside_volume', planId } };
  return { planId, finding: null };
}

/** In the zone, or (with a margin) within that many metres of it. */
function inZone(polygon: Polygon, p: Position, marginM: number): boolean {
  if (pointInArea([p.lng, p.lat], polygon)) return true;
  return marginM > 0 && pointToPolygonDistance([p.lng, p.lat], polygon, { units: 'meters' }) <= marginM;
}

/** What the straight path to a commanded destination crosses: a no-fly zone, or the edge of its plan's approved area. */
export type PathFinding = { rule: 'path_in_no_fly_zone'; zoneId: number } | { rule: 'path_outside_area' };

/**
 * Judges the straight path an aircraft flies from `from` to a destination that is itself allowed (a take-off or fly-to
 * leg, [lng, lat]): it may not come within `marginM` of a no-fly zone (`zones`: those near it), nor leave `area`, the
 * approved area of the plan the destination lies in (null: none to stay in). Null: clear.
 */
export function judgePath(from: [number, number], to: [number, number], area: Polygon | null, zones: readonly Zone[], marginM: number): PathFinding | null {
  const zone = zones.find((z) => pathNearZone(from, to, z.polygon, marginM));
  if (zone) return { rule: 'path_in_no_fly_zone', zoneId: zone.id };
  if (area && !segmentInArea(from, to, area)) return { rule: 'path_outside_area' };
  return null;
}

/**
 * The segment a→b enters the polygon or comes within `marginM` of it: the nearest points of a segment and a polygon
 * apart are a polygon vertex and the segment, or an end of the segment and the polygon.
 */
function pathNearZone(a: [number, number], b: [number, number], polygon: Polygon, marginM: number): boolean {
  const path = lineString([a, b]);
  if (booleanIntersects(path, polygon)) return true;
  if (marginM <= 0) return false;
  const near = (d: number) => d <= marginM;
  return (
    near(pointToPolygonDistance(a, polygon, { units: 'meters' })) ||
    near(pointToPolygonDistance(b, polygon, { units: 'meters' })) ||
    polygon.coordinates.some((ring) => ring.some((vertex) => near(pointToLineDistance(vertex, path, { units: 'meters' }))))
  );
}

/** The plan whose window is closest to `at` (the one the aircraft is early or late for). */
function nearestInTime(plans: readonly MonitoredPlan[], at: number): MonitoredPlan | undefined {
  const gap = (p: MonitoredPlan) => Math.max(p.volume.start_ms - at, at - p.volume.end_ms);
  return plans.reduce<MonitoredPlan | undefined>((best, p) => (!best || gap(p) < gap(best) ? p : best), undefined);
}

/** How long a finding, or conformance after one, must last before it counts. */
export interface Hysteresis {
  openAfterMs: number;
  closeAfterMs: number;
}

/** One aircraft's alert state between samples. */
export interface Track {
  /** The finding an open alert is about. */
  open: Finding | null;
  /** A finding seen since `since`, not yet long enough to open an alert. */
  pending: (Finding & { since: number }) | null;
  /** Conforming since then while an alert is open. */
  clearSince: number | null;
}

export const IDLE_TRACK: Track = { open: null, pending: null, clearSince: null };

export type Effect = { kind: 'open'; finding: Finding } | { kind: 'close'; finding: Finding; reason: 'conforming' | 'landed' | 'rule_changed' };

/**
 * Advances a track by one sample. A finding opens an alert once it has lasted `openAfterMs` (the same rule
 * throughout); an open alert closes once conformance has lasted `closeAfterMs`, at once on landing, and is replaced
 * at once when the aircraft breaks a different rule (its plan is nonconforming either way).
 */
export function step(track: Track, finding: Finding | null, flying: boolean, at: number, hysteresis: Hysteresis): { track: Track; effects: Effect[] } {
  if (!flying) return { track: IDLE_TRACK, effects: track.open ? [{ kind: 'close', finding: track.open, reason: 'landed' }] : [] };
  if (track.open) {
    if (!finding) {
      const clearSince = track.clearSince ?? at;
      if (at - clearSince >= hysteresis.closeAfterMs) return { track: IDLE_TRACK, effects: [{ kind: 'close', finding: track.open, reason: 'conforming' }] };
      return { track: { ...track, clearSince }, effects: [] };
    }
    if (finding.rule === track.open.rule) return { track: { ...track, clearSince: null }, effects: [] };
    return {
      track: { open: finding, pending: null, clearSince: null },
      effects: [
        { kind: 'close', finding: track.open, reason: 'rule_changed' },
        { kind: 'open', finding },
      ],
    };
  }
  if (!finding) return { track: IDLE_TRACK, effects: [] };
  const since = track.pending?.rule === finding.rule ? track.pending.since : at;
  if (at - since >= hysteresis.openAfterMs) return { track: { open: finding, pending: null, clearSince: null }, effects: [{ kind: 'open', finding }] };
  return { track: { open: null, pending: { ...finding, since }, clearSince: null }, effects: [] };
}

/** The monitor's configuration (server/config.ts: CONFORMANCE_* variables). */
export interface ConformanceSettings {
  tolerance: Tolerance;
  hysteresis: Hysteresis;
}
