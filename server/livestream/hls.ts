import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Fmp4Splitter } from './fmp4';
import type { RtmpIngest, Viewer } from './ingest';
import { appendPart, EMPTY_WINDOW, findCompleteSegment, findPart, INIT_URI, mediaPlaylist, PART_CUT_US, reloadVerdict, type LlWindow } from './llhls';

/** A viewer session that asked for nothing this long is over (a low-latency player asks several times a second). */
export const HLS_SESSION_IDLE_MS = 15_000;
/** How long a request waits for the muxer's first part (ffmpeg starting, the stream's next key frame). */
const FIRST_PART_WAIT_MS = 8_000;
/** The live playlist a session asks for (with `_HLS_msn` / `_HLS_part` for a blocking reload). */
const HLS_PLAYLIST = 'live.m3u8';
const PART_FILE = /^p(\d{1,9})\.mp4$/;
const SEGMENT_FILE = /^s(\d{1,9})\.mp4$/;

/** The master playlist a signed play URL answers: one variant, the live playlist of this viewer's session. */
export const masterPlaylist = (sid: string): string =>
  `#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=3000000\n${HLS_PLAYLIST}?sid=${sid}\n`;

/**
 * One stream remuxed to LL-HLS by Debian's ffmpeg (`-c copy`, never a transcode) into fragmented MP4 on its stdout,
 * fed as an uncounted viewer of the ingest. The fragments (parts) of the last segments stay in memory.
 */
class HlsMuxer implements Viewer {
  private readonly ffmpeg;
  private detach: (() => void) | null;
  private readonly splitter = new Fmp4Splitter();
  private waiters: Array<() => void> = [];
  private readonly parts = new Map<number, Buffer>();
  init: Buffer | null = null;
  window: LlWindow = EMPTY_WINDOW;
  ended = false;
  readonly closed: Promise<void>;

  constructor(ingest: RtmpIngest, name: string) {
    this.ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-v', 'error', '-fflags', 'nobuffer', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy', '-f', 'mp4'],
        ...['-movflags', 'empty_moov+default_base_moof+frag_keyframe', '-frag_duration', String(PART_CUT_US), '-flush_packets', '1', 'pipe:1'],
      ],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    this.ffmpeg.stdin.on('error', () => undefined);
    this.ffmpeg.stdout.on('data', (chunk: Buffer) => this.received(chunk));
    this.closed = new Promise<void>((resolve) => {
      this.ffmpeg.on('error', () => resolve());
      this.ffmpeg.on('exit', () => resolve());
    }).then(() => {
      this.ended = true;
      this.changed();
    });
    this.detach = ingest.attach(name, this, { counted: false });
    if (!this.detach) this.end();
  }

  private received(chunk: Buffer): void {
    for (const piece of this.splitter.push(chunk)) {
      if (piece.kind === 'init') this.init = piece.data;
      else {
        const window = appendPart(this.window, piece.duration, piece.independent);
        if (window === this.window) continue;
        this.parts.set(this.window.nextSeq, piece.data);
        this.window = window;
        const oldest = window.segments[0].parts[0].seq;
        for (const seq of this.parts.keys()) if (seq < oldest) this.parts.delete(seq);
      }
    }
    this.changed();
  }

  private changed(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves true once `ready()` holds, false when the muxer ended or `timeoutMs` passed first. */
  async until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (this.ended || left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
    return true;
  }

  part(seq: number): Buffer | undefined {
    return this.parts.get(seq);
  }

  write(chunk: Buffer): boolean {
    return this.ffmpeg.stdin.write(chunk);
  }

  get writableLength(): number {
    return this.ffmpeg.stdin.writableLength;
  }

  end(): void {
    this.detach?.();
    this.detach = null;
    this.ffmpeg.stdin.end();
  }
}

interface HlsStream {
  muxer: HlsMuxer;
  /** Viewer sessions and when each last asked for something (epoch ms). */
  sessions: Map<string, number>;
}

/** What an HLS request of a session gets: a playlist or media, or a refusal with its status. */
export type HlsAnswer = { status: 200; type: string; body: string | Buffer } | { status: 400 | 404 | 503; message: string };

const MPEG_URL = 'application/vnd.apple.mpegurl';
const NOT_FOUND: HlsAnswer = { status: 404, message: 'No such HLS session, stream or part' };
const media = (body: Buffer): HlsAnswer => ({ status: 200, type: 'video/mp4', body });
/** A delivery directive's number (`_HLS_msn`, `_HLS_part`): absent, or a non-negative integer (else NaN: a 400). */
const directive = (value: unknown): number | undefined =>
  value === undefined ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;

/**
 * LL-HLS beside HTTP-FLV for the embedded ingest (docs/live-video.md "HLS"): a stream's muxer runs while someone
 * watches it over HLS. A signed play URL opens a viewer session (the master playlist names it); the live playlist,
 * the init section, the parts and the segments are served only with a live session, which ends after
 * HLS_SESSION_IDLE_MS without a request (its count is the stream's HLS viewers). A blocking playlist reload or a
 * request for the part still to come waits for it, at most three target durations.
 */
export class HlsMuxers {
  private readonly streams = new Map<string, HlsStream>();

  constructor(
    private readonly ingest: RtmpIngest,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a viewer session on stream `name` (starting its muxer); null when the stream is not open. */
  open(name: string): string | null {
    if (!this.ingest.isOpen(name)) return null;
    let stream = this.streams.get(name);
    if (!stream) {
      const muxer = new HlsMuxer(this.ingest, name);
      stream = { muxer, sessions: new Map() };
      this.streams.set(name, stream);
      const opened = stream;
      // The stream ended (the ingest ended its viewers): its sessions go with it.
      void muxer.closed.then(() => {
        if (this.streams.get(name) === opened) this.streams.delete(name);
      });
    }
    const sid = randomBytes(12).toString('base64url');
    stream.sessions.set(sid, this.now());
    return sid;
  }

  /** The muxer of a live session of a live stream (the session's last request is now), else null. */
  private session(name: string, sid: unknown): HlsMuxer | null {
    const stream = this.streams.get(name);
    // An ended stream serves nothing, even while its muxer is still finishing.
    if (!stream || !this.ingest.isOpen(name) || typeof sid !== 'string' || !stream.sessions.has(sid)) return null;
    stream.sessions.set(sid, this.now());
    return stream.muxer;
  }

  /** Answers a session's request for `file` of stream `name` (`query`: the request's, with `sid` and the directives). */
  async request(name: string, file: string, query: Record<string, unknown>): Promise<HlsAnswer> {
    const sid = query.sid;
    const muxer = this.session(name, sid);
    if (!muxer) return NOT_FOUND;
    const started = await muxer.until(() => muxer.init !== null && muxer.window.segments.length > 0, FIRST_PART_WAIT_MS);
    if (!started) return NOT_FOUND;
    const waitMs = 3 * muxer.window.targetDuration * 1000;
    if (file === HLS_PLAYLIST) {
      const msn = directive(query._HLS_msn);
      const part = directive(query._HLS_part);
      if (Number.isNaN(msn) || Number.isNaN(part) || (msn === undefined && part !== undefined)) return { status: 400, message: 'Bad _HLS_msn / _HLS_part' };
      if (msn !== undefined) {
        if (reloadVerdict(muxer.window, msn, part) === 'bad_request') return { status: 400, message: 'The playlist asked for is too far ahead' };
        if (!(await muxer.until(() => reloadVerdict(muxer.window, msn, part) === 'ready', waitMs)))
          return muxer.ended ? NOT_FOUND : { status: 503, message: 'The part asked for did not come in time' };
      }
      return { status: 200, type: MPEG_URL, body: mediaPlaylist(muxer.window, `sid=${sid as string}`)! };
    }
    if (file === INIT_URI) return media(muxer.init!);
    const part = PART_FILE.exec(file);
    if (part) {
      const seq = Number(part[1]);
      // The hinted part (or one just after it) is answered once it exists.
      if (seq >= muxer.window.nextSeq + 3 || !(await muxer.until(() => muxer.window.nextSeq > seq, waitMs))) return NOT_FOUND;
      const data = findPart(muxer.window, seq) && muxer.part(seq);
      return data ? media(data) : NOT_FOUND;
    }
    const segment = SEGMENT_FILE.exec(file);
    const complete = segment && findCompleteSegment(muxer.window, Number(segment[1]));
    const parts = complete?.parts.map((p) => muxer.part(p.seq));
    return parts?.every((data) => data !== undefined) ? media(Buffer.concat(parts as Buffer[])) : NOT_FOUND;
  }

  viewers(name: string): number {
    return this.streams.get(name)?.sessions.size ?? 0;
  }

  /** Ends idle sessions, and the muxers nobody watches any more (run with the live sweep). */
  sweep(): void {
    const now = this.now();
    for (const [name, stream] of this.streams) {
      for (const [sid, at] of stream.sessions) if (now - at > HLS_SESSION_IDLE_MS) stream.sessions.delete(sid);
      if (stream.sessions.size === 0) {
        this.streams.delete(name);
        stream.muxer.end();
      }
    }
  }

  async close(): Promise<void> {
    const closing = [...this.streams.values()].map((stream) => {
      stream.muxer.end();
      return stream.muxer.closed;
    });
    this.streams.clear();
    await Promise.all(closing);
  }
}
