import type { AirspaceRulesConfig, PurposeKind } from './types';

/** The wall-clock fields of an instant in an IANA time zone. */
function zonedParts(ms: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in a zone (day may overflow: Date.UTC normalises it). */
export function zonedTimeToUtcMs(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  // A second pass settles instants near a DST change, where the offset at the guess differs from the result's.
  return asUtc - zoneOffsetMs(first, timeZone);
}

/**
 * The latest submission time for a window starting at `startMs`: routine flights by `routineDeadlineHour`:00 local
 * time (config.timeZone) of the day before the start's local date (China UOM rule); emergency ones
 * `emergencyLeadMin` minutes before the start.
 */
export function submissionDeadlineMs(startMs: number, purposeKind: PurposeKind, config: AirspaceRulesConfig): number {
  if (purposeKind === 'emergency') return startMs - config.emergencyLeadMin * 60_000;
  const local = zonedParts(startMs, config.timeZone);
  return zonedTimeToUtcMs(local.year, local.month, local.day - 1, config.routineDeadlineHour, 0, config.timeZone);
}

/** Late: submitted after the deadline. A late application is never auto-approved; a reviewer may approve it with a note. */
export const isLate = (submittedMs: number, startMs: number, purposeKind: PurposeKind, config: AirspaceRulesConfig): boolean =>
  submittedMs > submissionDeadlineMs(startMs, purposeKind, config);
