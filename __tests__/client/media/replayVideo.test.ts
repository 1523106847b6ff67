import { replayVideoAt, replayVideoSeek, type ReplayVideo } from '../../../src/features/media/replayVideo';

const TAKEOFF = Date.parse('2026-05-01T08:00:00Z');
const video = (id: number, takenAt: string | null, durationMs: number | null): ReplayVideo => ({
  id,
  url: `/api/Media/${id}/file/`,
  taken_at: takenAt,
  duration_ms: durationMs,
});
// Started 10 s after take-off, 60 s long; a second camera's from 30 s, 60 s long; one without a length.
const FIRST = video(1, '2026-05-01T08:00:10Z', 60_000);
const SECOND = video(2, '2026-05-01T08:00:30Z', 60_000);
const UNKNOWN = video(3, '2026-05-01T08:00:00Z', null);
const UNDATED = video(4, null, 60_000);

describe('replayVideoAt', () => {
  it.each<[string, ReplayVideo[], number, [number, number] | null]>([
    ['no videos', [], 20, null],
    ['before the recording started', [FIRST], 5, null],
    ['at its first frame', [FIRST], 10, [1, 0]],
    ['inside it', [FIRST], 25.5, [1, 15.5]],
    ['at its last frame', [FIRST], 70, [1, 60]],
    ['after it ended', [FIRST], 70.1, null],
    ['two overlap: the earlier one', [SECOND, FIRST], 40, [1, 30]],
    ['the later one once the earlier ended', [FIRST, SECOND], 80, [2, 50]],
    ['a video without a length or a start is never placed', [UNKNOWN, UNDATED], 20, null],
    ['before take-off (negative second) nothing', [FIRST], -1, null],
  ])('%s', (_name, videos, second, expected) => {
    const position = replayVideoAt(videos, TAKEOFF, second);
    expect(position ? [position.video.id, Number(position.offset.toFixed(3))] : null).toEqual(expected);
  });
});

describe('replayVideoSeek', () => {
  it.each<[string, number, number, boolean, number | null]>([
    ['playing, in step', 10.2, 10, true, null],
    ['playing, drifted past the tolerance', 11, 10, true, 10],
    ['playing, behind', 9.3, 10, true, 10],
    ['paused at the slider', 10.01, 10, false, null],
    ['paused, the slider moved', 10.3, 10, false, 10],
  ])('%s', (_name, current, target, playing, expected) => expect(replayVideoSeek(current, target, playing)).toBe(expected));
});
