import type { Report } from '@shared/entities/airspace';

export type LatLng = [number, number];

/** A record's track laid out for replay: seconds since take-off with the position and chart values at each. */
export interface ReplayTimeline {
  /** s since take-off, ascending. */
  seconds: number[];
  positions: LatLng[];
  alt: number[];
  speed: Array<number | null>;
  battery: Array<number | null>;
  /** The last second. */
  duration: number;
}

/** What the replay shows at one moment: the position between two track points, and their chart values. */
export interface ReplayFrame {
  position: LatLng;
  /** The track point at or before the moment. */
  index: number;
  alt: number;
  speed: number | null;
  battery: number | null;
}

/**
 * The replay timeline of a record: an automatic one has the time of each track point; a hand-typed track is spread
 * evenly between take-off and landing. Null without a track. Pure.
 */
export function replayTimeline(report: Pick<Report, 'track' | 'track_times' | 'samples' | 'duration_s'>): ReplayTimeline | null {
  const coordinates = report.track?.coordinates ?? [];
  if (coordinates.length === 0) return null;
  const times = report.track_times?.length === coordinates.length ? report.track_times : null;
  const last = Math.max(coordinates.length - 1, 1);
  const seconds = times ? times.map((t) => (t - times[0]) / 1000) : coordinates.map((_, i) => (report.duration_s * i) / last);
  return {
    seconds,
    positions: coordinates.map((c) => [c[1], c[0]]),
    alt: coordinates.map((c) => c[2] ?? 0),
    speed: coordinates.map((_, i) => report.samples?.speed[i] ?? null),
    battery: coordinates.map((_, i) => report.samples?.battery[i] ?? null),
    duration: seconds[seconds.length - 1],
  };
}

/** The moment (epoch ms) the replay's second 0 stands for: the first track point's time, else the take-off. Pure. */
export function replayStartMs(report: Pick<Report, 'track_times' | 'takeoff_at'>): number {
  return report.track_times?.[0] ?? Date.parse(report.takeoff_at);
}

/** The frame `second` s after take-off (clamped to the flight), the position interpolated linearly. Pure. */
export function frameAt(timeline: ReplayTimeline, second: number): ReplayFrame {
  const { seconds, positions } = timeline;
  const t = Math.max(0, Math.min(second, timeline.duration));
  let index = 0;
  while (index + 1 < seconds.length && seconds[index + 1] <= t) index++;
  const next = Math.min(index + 1, seconds.length - 1);
  const span = seconds[next] - seconds[index];
  const f = span > 0 ? (t - seconds[index]) / span : 0;
  const [a, b] = [positions[index], positions[next]];
  return {
    position: [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f],
    index,
    alt: timeline.alt[index] + (timeline.alt[next] - timeline.alt[index]) * f,
    speed: timeline.speed[index],
    battery: timeline.battery[index],
  };
}
