/**
 * Apple Low-Latency HLS (RFC 8216bis) for the embedded media server, pure: the window of segments and partial
 * segments a stream keeps in memory, its media playlist, and the blocking playlist reload's decision
 * (docs/live-video.md "HLS"). A part is one fMP4 fragment (~0.2 s); a segment is the parts from one key frame to the
 * next.
 */

/** The parts' nominal length ffmpeg cuts (`-frag_duration`, µs), and the PART-TARGET announced: a part at most one
 * frame longer than the cut (at 20 fps and more). */
export const PART_CUT_US = 200_000;
const PART_TARGET_S = 0.25;
/** How far behind the live edge a low-latency player stays: three part targets (RFC 8216bis recommends ≥ 3). */
const PART_HOLD_BACK_S = 3 * PART_TARGET_S;
/** Complete segments kept (and listed) behind the one in progress. */
export const KEPT_SEGMENTS = 6;
/** How far ahead of the last part a blocking reload may ask (RFC 8216bis "Advance Part Limit"). */
const ADVANCE_PART_LIMIT = 3;

export interface Part {
  /** The part's number in the stream (from 0, never reused): its URI. */
  seq: number;
  duration: number;
  /** Starts with a key frame (the first part of each segment). */
  independent: boolean;
}

export interface Segment {
  msn: number;
  parts: Part[];
}

/** A stream's segments, oldest first; the last one is in progress (more parts may come), the others complete. */
export interface LlWindow {
  segments: Segment[];
  /** The seq the next part will have (the preload hint). */
  nextSeq: number;
  /** EXT-X-TARGETDURATION: the longest complete segment so far, rounded (≥ 1); it never shrinks. */
  targetDuration: number;
}

export const EMPTY_WINDOW: LlWindow = { segments: [], nextSeq: 0, targetDuration: 1 };

const segmentDuration = (segment: Segment) => segment.parts.reduce((sum, part) => sum + part.duration, 0);

/**
 * The window with one more part: an independent part starts a new segment (completing the one before), any other
 * joins the one in progress. Parts before the first key frame are dropped (nothing can decode them). The oldest
 * segments beyond KEPT_SEGMENTS complete ones go.
 */
export function appendPart(window: LlWindow, duration: number, independent: boolean): LlWindow {
  const part: Part = { seq: window.nextSeq, duration, independent };
  const last = window.segments.at(-1);
  if (!last && !independent) return window;
  let segments: Segment[];
  let targetDuration = window.targetDuration;
  if (!last || independent) {
    if (last) targetDuration = Math.max(targetDuration, Math.round(segmentDuration(last)));
    segments = [...window.segments, { msn: last ? last.msn + 1 : 0, parts: [part] }];
  } else segments = [...window.segments.slice(0, -1), { ...last, parts: [...last.parts, part] }];
  return { segments: segments.slice(-(KEPT_SEGMENTS + 1)), nextSeq: part.seq + 1, targetDuration };
}

/** The segment and part a request names: by seq for a part, by msn for a whole (complete) segment. */
export const findPart = (window: LlWindow, seq: number): Part | undefined =>
  window.segments.flatMap((segment) => segment.parts).find((part) => part.seq === seq);
export const findCompleteSegment = (window: LlWindow, msn: number): Segment | undefined => window.segments.slice(0, -1).find((segment) => segment.msn === msn);

/** URIs as the playlist writes them (the caller appends the viewer's session). */
const partUri = (seq: number) => `p${seq}.mp4`;
const segmentUri = (msn: number) => `s${msn}.mp4`;
export const INIT_URI = 'init.mp4';

/**
 * The media playlist (RFC 8216bis, low-latency): the complete segments as EXTINF lines, the parts (EXT-X-PART) of the
 * segments less than three target durations from the end, and a preload hint for the next part. `query` is appended
 * to every URI (the viewer's session). Null before the first part.
 */
export function mediaPlaylist(window: LlWindow, query: string): string | null {
  const { segments, targetDuration } = window;
  if (segments.length === 0) return null;
  const uri = (path: string) => `${path}?${query}`;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${PART_HOLD_BACK_S.toFixed(3)}`,
    `#EXT-X-PART-INF:PART-TARGET=${PART_TARGET_S.toFixed(3)}`,
    `#EXT-X-MEDIA-SEQUENCE:${segments[0].msn}`,
    `#EXT-X-MAP:URI="${uri(INIT_URI)}"`,
  ];
  // Parts are listed for the segments that end within three target durations of the playlist's end.
  let fromEnd = 0;
  const withParts = new Set<number>();
  for (let i = segments.length - 1; i >= 0 && fromEnd < 3 * targetDuration; i -= 1) {
    withParts.add(segments[i].msn);
    fromEnd += segmentDuration(segments[i]);
  }
  segments.forEach((segment, i) => {
    if (withParts.has(segment.msn))
      for (const part of segment.parts)
        lines.push(`#EXT-X-PART:DURATION=${part.duration.toFixed(5)},URI="${uri(partUri(part.seq))}"${part.independent ? ',INDEPENDENT=YES' : ''}`);
    if (i < segments.length - 1) lines.push(`#EXTINF:${segmentDuration(segment).toFixed(5)},`, uri(segmentUri(segment.msn)));
  });
  lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${uri(partUri(window.nextSeq))}"`);
  return `${lines.join('\n')}\n`;
}

export type ReloadVerdict = 'ready' | 'wait' | 'bad_request';

/**
 * A blocking playlist reload (`_HLS_msn`, `_HLS_part`; RFC 8216bis §6.2.5.2) against the window: `ready` once the
 * playlist holds segment `msn` complete (without `part`) or that segment's part `part` (a part past a complete
 * segment's last one means the next segment's first); `wait` for one that can still come; `bad_request` for one
 * beyond what the server will send soon (msn more than two past the last segment; a part more than the advance part
 * limit past the last part).
 */
export function reloadVerdict(window: LlWindow, msn: number, part?: number): ReloadVerdict {
  const last = window.segments.at(-1);
  if (!last) return msn <= 2 && (part ?? 0) < ADVANCE_PART_LIMIT ? 'wait' : 'bad_request';
  if (msn > last.msn + 2) return 'bad_request';
  if (part === undefined) return msn < last.msn ? 'ready' : 'wait';
  if (msn < last.msn) {
    const segment = window.segments.find((s) => s.msn === msn);
    // A part past the end of a complete segment: the next segment's first part.
    return !segment || part < segment.parts.length ? 'ready' : reloadVerdict(window, msn + 1, 0);
  }
  if (msn === last.msn) {
    if (part < last.parts.length) return 'ready';
    return part - (last.parts.length - 1) > ADVANCE_PART_LIMIT ? 'bad_request' : 'wait';
  }
  // A segment not begun: at most the advance part limit of parts ahead (counting one for the segment change).
  return msn === last.msn + 1 && part < ADVANCE_PART_LIMIT ? 'wait' : 'bad_request';
}
