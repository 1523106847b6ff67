import type { Media } from '@shared/entities/media';

/** A recorded video as a replay places it: when its first frame was taken and how long it is. */
export type ReplayVideo = Pick<Media, 'id' | 'url' | 'taken_at' | 'duration_ms'>;

/** Where the replay's video is at a moment of the flight: the video, and the time inside it (s). */
export interface ReplayVideoPosition {
  video: ReplayVideo;
  offset: number;
}

/**
 * The video playing at `second` of a flight that took off at `takeoffMs` (epoch ms), and the time inside it: the
 * first (by start) of the videos whose span [taken_at, taken_at + duration] holds that moment; null when none does (a
 * video without a start or a length is never placed).
 */
export function replayVideoAt(videos: readonly ReplayVideo[], takeoffMs: number, second: number): ReplayVideoPosition | null {
  const at = takeoffMs + second * 1000;
  let best: ReplayVideoPosition | null = null;
  let bestStart = Infinity;
  for (const video of videos) {
    const start = video.taken_at ? Date.parse(video.taken_at) : NaN;
    if (!Number.isFinite(start) || video.duration_ms === null || video.duration_ms <= 0) continue;
    if (at < start || at > start + video.duration_ms || start >= bestStart) continue;
    best = { video, offset: (at - start) / 1000 };
    bestStart = start;
  }
  return best;
}

/** How far (s) a playing video may drift from the replay's time before it is set back in step. */
export const REPLAY_VIDEO_TOLERANCE_S = 0.5;

/** The time to seek the video element to, or null when it is close enough (playing) or already there (paused). */
export function replayVideoSeek(current: number, target: number, playing: boolean): number | null {
  const drift = Math.abs(current - target);
  return drift > (playing ? REPLAY_VIDEO_TOLERANCE_S : 0.05) ? target : null;
}

/** The browser plays video at most this fast; a faster replay is followed by seeks alone. */
export const MAX_VIDEO_RATE = 16;
