/**
 * A small reader of fragmented MP4 (ISO BMFF) as ffmpeg writes it for LL-HLS (`-movflags empty_moov+default_base_moof
 * +frag_keyframe`): the init section (ftyp + moov) and then a moof + mdat per fragment. Only what the playlist needs
 * is read: the video track's timescale, each fragment's duration and whether it starts with a sync (key) frame.
 */

/** A box's type and its payload's bounds inside the buffer it was read from. */
interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the payload starts (after the size and type, and the 64-bit size when there is one). */
  body: number;
}

/** The top-level boxes that fit whole in `data` from `offset` on, and where the first incomplete one starts. */
function readBoxes(data: Buffer, offset = 0, end = data.length): { boxes: Box[]; rest: number } {
  const boxes: Box[] = [];
  let at = offset;
  while (end - at >= 8) {
    let size = data.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (end - at < 16) break;
      size = Number(data.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at; // "to the end of the file": only ever the last box
    if (size < body - at) throw new Error(`fMP4: box of impossible size ${size}`);
    if (at + size > end) break;
    boxes.push({ type: data.toString('latin1', at + 4, at + 8), start: at, end: at + size, body });
    at += size;
  }
  return { boxes, rest: at };
}

const children = (data: Buffer, box: Box) => readBoxes(data, box.body, box.end).boxes;
const child = (data: Buffer, box: Box, type: string) => children(data, box).find((b) => b.type === type);

/** The video track of an init section: its id, timescale and the defaults its fragments may lean on (trex). */
interface TrackInfo {
  trackId: number;
  timescale: number;
  defaultSampleDuration: number;
  defaultSampleFlags: number;
}

/** A sample flag (ISO 14496-12 §8.8.3.1): set on every sample that is not a sync sample. */
const NON_SYNC_SAMPLE = 0x0001_0000;

/** The video track (else the first) of an init section's moov. */
function readInit(data: Buffer): TrackInfo {
  const moov = readBoxes(data).boxes.find((b) => b.type === 'moov');
  if (!moov) throw new Error('fMP4: init section without moov');
  const tracks = children(data, moov)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const tkhd = child(data, trak, 'tkhd');
      const mdia = child(data, trak, 'mdia');
      const mdhd = mdia && child(data, mdia, 'mdhd');
      const hdlr = mdia && child(data, mdia, 'hdlr');
      if (!tkhd || !mdhd || !hdlr) throw new Error('fMP4: track without tkhd, mdhd or hdlr');
      const trackId = data.readUInt32BE(tkhd.body + (data[tkhd.body] === 1 ? 20 : 12));
      const timescale = data.readUInt32BE(mdhd.body + (data[mdhd.body] === 1 ? 20 : 12));
      return { trackId, timescale, handler: data.toString('latin1', hdlr.body + 8, hdlr.body + 12) };
    });
  const track = tracks.find((t) => t.handler === 'vide') ?? tracks[0];
  if (!track) throw new Error('fMP4: init section without tracks');
  const mvex = child(data, moov, 'mvex');
  const trex = mvex && children(data, mvex).find((b) => b.type === 'trex' && data.readUInt32BE(b.body + 4) === track.trackId);
  return {
    trackId: track.trackId,
    timescale: track.timescale,
    defaultSampleDuration: trex ? data.readUInt32BE(trex.body + 12) : 0,
    defaultSampleFlags: trex ? data.readUInt32BE(trex.body + 20) : 0,
  };
}

/** What a fragment's moof says of the track: its duration (s) and whether its first sample is a sync sample. */
function readFragment(data: Buffer, moof: Box, track: TrackInfo): { duration: number; independent: boolean } {
  const traf = children(data, moof).find((b) => {
    const tfhd = b.type === 'traf' ? child(data, b, 'tfhd') : undefined;
    return tfhd !== undefined && data.readUInt32BE(tfhd.body + 4) === track.trackId;
  });
  if (!traf) return { duration: 0, independent: false };
  const tfhd = child(data, traf, 'tfhd')!;
  const tfhdFlags = data.readUInt32BE(tfhd.body) & 0xffffff;
  let at = tfhd.body + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
  let sampleDuration = track.defaultSampleDuration;
  let sampleFlags = track.defaultSampleFlags;
  if (tfhdFlags & 0x8) {
    sampleDuration = data.readUInt32BE(at);
    at += 4;
  }
  if (tfhdFlags & 0x10) at += 4;
  if (tfhdFlags & 0x20) sampleFlags = data.readUInt32BE(at);

  let ticks = 0;
  let firstFlags: number | null = null;
  for (const trun of children(data, traf).filter((b) => b.type === 'trun')) {
    const flags = data.readUInt32BE(trun.body) & 0xffffff;
    const count = data.readUInt32BE(trun.body + 4);
    let p = trun.body + 8 + (flags & 0x1 ? 4 : 0);
    const trunFirstFlags = flags & 0x4 ? data.readUInt32BE(p) : null;
    if (flags & 0x4) p += 4;
    for (let i = 0; i < count; i += 1) {
      let duration = sampleDuration;
      let sample = i === 0 && trunFirstFlags !== null ? trunFirstFlags : sampleFlags;
      if (flags & 0x100) {
        duration = data.readUInt32BE(p);
        p += 4;
      }
      if (flags & 0x200) p += 4;
      if (flags & 0x400) {
        if (!(i === 0 && trunFirstFlags !== null)) sample = data.readUInt32BE(p);
        p += 4;
      }
      if (flags & 0x800) p += 4;
      firstFlags ??= sample;
      ticks += duration;
    }
  }
  return { duration: track.timescale ? ticks / track.timescale : 0, independent: firstFlags !== null && (firstFlags & NON_SYNC_SAMPLE) === 0 };
}

export type Fmp4Piece = { kind: 'init'; data: Buffer } | { kind: 'fragment'; data: Buffer; duration: number; independent: boolean };

/**
 * Splits a byte stream of fragmented MP4 into its init section and its fragments (moof + mdat), as they complete.
 * Other top-level boxes (ffmpeg's closing mfra, styp, sidx) are skipped.
 */
export class Fmp4Splitter {
  private pending: Buffer = Buffer.alloc(0);
  private init: Buffer[] = [];
  private track: TrackInfo | null = null;
  private moof: Buffer | null = null;

  push(chunk: Buffer): Fmp4Piece[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const { boxes, rest } = readBoxes(this.pending);
    const pieces: Fmp4Piece[] = [];
    for (const box of boxes) {
      const bytes = this.pending.subarray(box.start, box.end);
      if (box.type === 'ftyp') this.init = [bytes];
      else if (box.type === 'moov') {
        const data = Buffer.concat([...this.init, bytes]);
        this.track = readInit(data);
        pieces.push({ kind: 'init', data });
      } else if (box.type === 'moof') this.moof = Buffer.from(bytes);
      else if (box.type === 'mdat' && this.moof && this.track) {
        const moof = readBoxes(this.moof).boxes[0];
        pieces.push({ kind: 'fragment', data: Buffer.concat([this.moof, bytes]), ...readFragment(this.moof, moof, this.track) });
        this.moof = null;
      }
    }
    // The unfinished box is copied out so the chunks it came from can go.
    this.pending = Buffer.from(this.pending.subarray(rest));
    return pieces;
  }
}
