import { AIRCRAFT_AIRBORNE_MODES, AIRCRAFT_MODE_DISCONNECTED } from '../dji/modeCodes';

/**
 * Flight safety awareness (docs/mqtt.md "Safety alerts"): what an aircraft's OSD says about getting home. Each rule
 * is the code of a `safety` alert, open while it holds and closed when it is over.
 */
export const SAFETY_RULES = ['low_battery', 'critical_battery', 'return_now', 'lost_link', 'returning_home', 'forced_landing'] as const;
export type SafetyRule = (typeof SAFETY_RULES)[number];

/** 1 caution, 2 warning (the alert levels of shared/entities/alert.ts). */
export const SAFETY_LEVELS: Readonly<Record<SafetyRule, 1 | 2>> = {
  low_battery: 1,
  critical_battery: 2,
  return_now: 2,
  lost_link: 2,
  returning_home: 1,
  forced_landing: 2,
};

/** DJI aircraft mode codes (shared/dji/modeCodes.ts) the aircraft enters on its own to come home or get down. */
const MODE_RETURNING_HOME = 9;
const MODE_FORCED_LANDINGS: ReadonlySet<number> = new Set([11, 12]);

/** What the rule reads of one aircraft: its newest OSD values (absent when never reported) and how long it has been silent. */
export interface SafetyReading {
  /** In the air (`stillAirborne`). */
  airborne: boolean;
  modeCode?: number;
  /** percent. */
  battery?: number;
  /** Seconds of flight the battery has left. */
  remainFlightTime?: number;
  /** percent the aircraft needs to come home (DJI `return_home_power`). */
  returnHomePower?: number;
  /** percent at which the aircraft lands where it is (DJI `landing_power`). */
  landingPower?: number;
  /** m. */
  homeDistance?: number;
  /** m/s. */
  horizontalSpeed?: number;
  /** m/s. */
  windSpeed?: number;
  /** ms since its last OSD report. */
  silentForMs: number;
}

export interface SafetyThresholds {
  /** Battery percent at or below which it is low… */
  lowBatteryPct: number;
  /** …and critical. */
  criticalBatteryPct: number;
  /** Percent kept in reserve above what coming home takes (DJI's return_home_power, or the time estimate). */
  reservePct: number;
  /** Speed (m/s) assumed for the way home when the aircraft hovers or reports none. */
  returnSpeed: number;
  /** Seconds kept in reserve for the landing itself in the time estimate. */
  landingReserveS: number;
  /** An airborne aircraft silent this long (ms) has lost its link. */
  lostLinkAfterMs: number;
  /** Percent (battery) and fraction (time) above a threshold before a battery alert clears: one noisy report does not flap it. */
  clearMarginPct: number;
}

export const DEFAULT_SAFETY_THRESHOLDS: SafetyThresholds = {
  lowBatteryPct: 30,
  criticalBatteryPct: 15,
  reservePct: 10,
  returnSpeed: 10,
  landingReserveS: 60,
  lostLinkAfterMs: 10_000,
  clearMarginPct: 2,
};

/** Modes in which the aircraft comes down on its own: "return now" is moot. */
const MODES_COMING_DOWN: ReadonlySet<number> = new Set([MODE_RETURNING_HOME, 10, ...MODE_FORCED_LANDINGS]);

/**
 * Whether an aircraft is in the air after reporting `modeCode`: a flying mode says so; "disconnected" (the RC lost the
 * aircraft) keeps what it was; every other mode is on the ground.
 */
export function stillAirborne(wasAirborne: boolean, modeCode: number | undefined): boolean {
  if (modeCode === AIRCRAFT_MODE_DISCONNECTED) return wasAirborne;
  return modeCode !== undefined && AIRCRAFT_AIRBORNE_MODES.has(modeCode);
}

/**
 * Seconds of flight coming home takes: the home distance at the return speed (its own when faster than the assumed
 * one), against the wind (the wind's direction relative to the way home is unknown: assume it blows in the face),
 * plus the landing. Null without a home distance.
 */
export function secondsToComeHome(reading: SafetyReading, thresholds: SafetyThresholds): number | null {
  if (reading.homeDistance === undefined) return null;
  const speed = Math.max(reading.horizontalSpeed ?? 0, thresholds.returnSpeed);
  const groundSpeed = Math.max(speed - (reading.windSpeed ?? 0), 1);
  return reading.homeDistance / groundSpeed + thresholds.landingReserveS;
}

/**
 * Whether coming home plus the reserve takes what is left, `margin` percent stricter (to clear an open alert). Read from
 * DJI's own return_home_power when reported, else from the remaining flight time against the time home.
 */
function mustReturn(reading: SafetyReading, thresholds: SafetyThresholds, margin: number): boolean {
  if (reading.returnHomePower !== undefined && reading.battery !== undefined)
    return reading.battery <= reading.returnHomePower + thresholds.reservePct + margin;
  const home = secondsToComeHome(reading, thresholds);
  if (home === null || reading.remainFlightTime === undefined) return false;
  return reading.remainFlightTime <= home * (1 + (thresholds.reservePct + margin) / 100);
}

/**
 * The safety rules that hold for an aircraft, given those open now (an open battery rule clears only `clearMarginPct`
 * past its threshold). Nothing holds for an aircraft on the ground; a silent (or "disconnected") airborne one has lost
 * its link (its open alerts stay, they are what it last said). Critical battery replaces low battery; "return now" is
 * not raised while the aircraft already returns or lands. Pure.
 */
export function assessSafety(reading: SafetyReading, open: ReadonlySet<SafetyRule>, thresholds: SafetyThresholds = DEFAULT_SAFETY_THRESHOLDS): Set<SafetyRule> {
  const holds = new Set<SafetyRule>();
  if (!reading.airborne) return holds;
  if (reading.silentForMs >= thresholds.lostLinkAfterMs || reading.modeCode === AIRCRAFT_MODE_DISCONNECTED) {
    holds.add('lost_link');
    for (const rule of open) if (rule !== 'lost_link') holds.add(rule);
    return holds;
  }
  const margin = (rule: SafetyRule) => (open.has(rule) ? thresholds.clearMarginPct : 0);
  const battery = reading.battery;
  const criticalAt = Math.max(thresholds.criticalBatteryPct, (reading.landingPower ?? 0) + thresholds.reservePct);
  if (battery !== undefined && battery <= criticalAt + margin('critical_battery')) holds.add('critical_battery');
  else if (battery !== undefined && battery <= thresholds.lowBatteryPct + margin('low_battery')) holds.add('low_battery');
  const comingDown = reading.modeCode !== undefined && MODES_COMING_DOWN.has(reading.modeCode);
  if (!comingDown && mustReturn(reading, thresholds, margin('return_now'))) holds.add('return_now');
  if (reading.modeCode === MODE_RETURNING_HOME) holds.add('returning_home');
  if (reading.modeCode !== undefined && MODE_FORCED_LANDINGS.has(reading.modeCode)) holds.add('forced_landing');
  return holds;
}
