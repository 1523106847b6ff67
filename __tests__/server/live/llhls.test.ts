import { execFileSync } from 'node:child_process';
import { Fmp4Splitter, type Fmp4Piece } from '../../../server/livestream/fmp4';
import { appendPart, EMPTY_WINDOW, KEPT_SEGMENTS, mediaPlaylist, reloadVerdict, type LlWindow } from '../../../server/livestream/llhls';

/** A window built from parts given as [duration, independent]. */
const windowOf = (parts: Array<[number, boolean]>): LlWindow => parts.reduce((w, [d, i]) => appendPart(w, d, i), EMPTY_WINDOW);
/** Two complete segments of 1 s (5 parts of 0.2 s) and a third in progress with 2 parts. */
const gop = (): Array<[number, boolean]> => [
  [0.2, true],
  [0.2, false],
  [0.2, false],
  [0.2, false],
  [0.2, false],
];
const THREE = windowOf([...gop(), ...gop(), [0.2, true], [0.2, false]]);

describe('appendPart', () => {
  it('starts a segment at each independent part, drops parts before the first key frame, numbers parts for good', () => {
    const w = windowOf([
      [0.2, false],
      [0.2, true],
      [0.2, false],
      [0.24, true],
    ]);
    expect(w.segments.map((s) => [s.msn, s.parts.map((p) => p.seq)])).toEqual([
      [0, [0, 1]],
      [1, [2]],
    ]);
    expect(w.nextSeq).toBe(3);
  });

  it('keeps KEPT_SEGMENTS complete segments behind the one in progress, and a target duration that never shrinks', () => {
    let w = windowOf([[2.6, true]]);
    w = appendPart(w, 0.2, true);
    for (let i = 0; i < KEPT_SEGMENTS + 3; i += 1) w = appendPart(w, 1, true);
    expect(w.segments).toHaveLength(KEPT_SEGMENTS + 1);
    expect(w.segments[0].msn).toBe(4);
    expect(w.targetDuration).toBe(3);
  });
});

describe('mediaPlaylist', () => {
  it('lists complete segments, the parts near the end, the map, server control and the preload hint', () => {
    expect(mediaPlaylist(EMPTY_WINDOW, 'sid=S')).toBeNull();
    const text = mediaPlaylist(THREE, 'sid=S')!;
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.750',
      '#EXT-X-PART-INF:PART-TARGET=0.250',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-MAP:URI="init.mp4?sid=S"',
      // Segment 0 ends more than three target durations (3 s) before the end: no parts. (0.4 + 1 + 1 < 3: it has them.)
      ...['#EXT-X-PART:DURATION=0.20000,URI="p0.mp4?sid=S",INDEPENDENT=YES'],
      ...[1, 2, 3, 4].map((seq) => `#EXT-X-PART:DURATION=0.20000,URI="p${seq}.mp4?sid=S"`),
      '#EXTINF:1.00000,',
      's0.mp4?sid=S',
      '#EXT-X-PART:DURATION=0.20000,URI="p5.mp4?sid=S",INDEPENDENT=YES',
      ...[6, 7, 8, 9].map((seq) => `#EXT-X-PART:DURATION=0.20000,URI="p${seq}.mp4?sid=S"`),
      '#EXTINF:1.00000,',
      's1.mp4?sid=S',
      '#EXT-X-PART:DURATION=0.20000,URI="p10.mp4?sid=S",INDEPENDENT=YES',
      '#EXT-X-PART:DURATION=0.20000,URI="p11.mp4?sid=S"',
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p12.mp4?sid=S"',
      '',
    ]);
  });

  it('leaves out the parts of segments more than three target durations from the end', () => {
    const long = windowOf([...gop(), ...gop(), ...gop(), ...gop(), [0.2, true]]);
    const text = mediaPlaylist(long, 'sid=S')!;
    expect(text).not.toContain('URI="p4.mp4');
    expect(text).toContain('URI="p5.mp4');
    expect(text).toContain('s0.mp4?sid=S');
  });
});

describe('reloadVerdict', () => {
  // THREE: segments 0 and 1 complete (5 parts each), segment 2 in progress with parts 0 and 1.
  it.each([
    ['a complete segment', 1, undefined, 'ready'],
    ['the segment in progress, whole', 2, undefined, 'wait'],
    ['the next segment, whole', 3, undefined, 'wait'],
    ['two past the last segment', 4, undefined, 'wait'],
    ['three past the last segment', 5, undefined, 'bad_request'],
    ['a part there', 2, 1, 'ready'],
    ['the next part', 2, 2, 'wait'],
    ['the advance part limit ahead', 2, 4, 'wait'],
    ['beyond the advance part limit', 2, 5, 'bad_request'],
    ['a part of an older segment', 0, 3, 'ready'],
    ["past a complete segment's last part: the next segment's first", 1, 5, 'ready'],
    ["the next segment's first part", 3, 0, 'wait'],
    ["the next segment's third part", 3, 3, 'bad_request'],
    ['two segments ahead with a part', 4, 0, 'bad_request'],
  ])('%s (msn %d, part %s): %s', (_case, msn, part, verdict) => {
    expect(reloadVerdict(THREE, msn, part)).toBe(verdict);
  });
});

describe('Fmp4Splitter', () => {
  it("splits ffmpeg's fragmented MP4 into the init section and parts of ~0.2 s, a key frame starting every fifth", () => {
    // A real remux as the embedded server runs it: 2 s of H.264 at 25 fps, a key frame a second.
    const flv = execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2'],
      ...['-c:v', 'libx264', '-profile:v', 'baseline', '-tune', 'zerolatency', '-g', '25', '-f', 'flv', 'pipe:1'],
    ]);
    const mp4 = execFileSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy', '-f', 'mp4'],
        ...['-movflags', 'empty_moov+default_base_moof+frag_keyframe', '-frag_duration', '200000', 'pipe:1'],
      ],
      { input: flv },
    );
    // Fed in odd-sized chunks, as a pipe delivers them.
    const splitter = new Fmp4Splitter();
    const pieces: Fmp4Piece[] = [];
    for (let at = 0; at < mp4.length; at += 1000) pieces.push(...splitter.push(mp4.subarray(at, at + 1000)));
    expect(pieces[0].kind).toBe('init');
    const parts = pieces.slice(1).map((p) => (p.kind === 'fragment' ? [Number(p.duration.toFixed(3)), p.independent] : p.kind));
    expect(parts).toEqual(Array.from({ length: 10 }, (_, i) => [0.2, i % 5 === 0]));
    // The init section and the parts put together are the stream again: ffprobe counts its 50 frames.
    const whole = Buffer.concat(pieces.map((p) => p.data));
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'csv=p=0', '-i', 'pipe:0'],
      {
        input: whole,
      },
    );
    expect(probe.toString().trim()).toBe('h264,50');
  });
});
