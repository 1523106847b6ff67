import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RtmpIngest, Viewer } from './ingest';

/** A viewer session that asked for nothing this long is over (hls.js reloads the playlist every segment, ~1 s). */
export const HLS_SESSION_IDLE_MS = 15_000;
/** How long a playlist request waits for the muxer's first playlist. */
const FIRST_PLAYLIST_WAIT_MS = 8_000;
/** The playlist the muxer writes and the names its segments get. */
export const HLS_PLAYLIST = 'live.m3u8';
export const HLS_SEGMENT = /^seg\d{1,9}\.ts$/;

/**
 * The segment lines of a playlist with the viewer's session appended (pure): a player asks for each segment with it,
 * so segments are served only to a session a signed play URL opened.
 */
export function withSession(playlist: string, sid: string): string {
  return playlist
    .split('\n')
    .map((line) => (line && !line.startsWith('#') ? `${line}?sid=${sid}` : line))
    .join('\n');
}

/** The master playlist a signed play URL answers: one variant, the live playlist of this viewer's session. */
export const masterPlaylist = (sid: string): string => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=3000000\n${HLS_PLAYLIST}?sid=${sid}\n`;

/**
 * One stream remuxed to HLS (MPEG-TS segments of a key frame each, a playlist of the last six) by Debian's ffmpeg
 * (`-c copy`, never a transcode), fed as an uncounted viewer of the ingest.
 */
class HlsMuxer implements Viewer {
  private readonly ffmpeg;
  private detach: (() => void) | null;
  readonly closed: Promise<void>;

  constructor(
    ingest: RtmpIngest,
    name: string,
    readonly directory: string,
  ) {
    fs.mkdirSync(directory, { recursive: true });
    this.ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-v', 'error', '-fflags', 'nobuffer', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments+independent_segments+omit_endlist', '-hls_segment_filename', path.join(directory, 'seg%d.ts')],
        path.join(directory, HLS_PLAYLIST),
      ],
      { stdio: ['pipe', 'ignore', 'ignore'] },
    );
    this.ffmpeg.stdin.on('error', () => undefined);
    this.closed = new Promise<void>((resolve) => {
      this.ffmpeg.on('error', () => resolve());
      this.ffmpeg.on('exit', () => resolve());
    }).then(() => fs.promises.rm(directory, { recursive: true, force: true }));
    this.detach = ingest.attach(name, this, { counted: false });
    if (!this.detach) this.end();
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

/**
 * HLS beside HTTP-FLV for the embedded ingest (docs/live-video.md "HLS"): a stream's muxer runs while someone watches
 * it over HLS. A signed play URL opens a viewer session (the master playlist names it); the live playlist and its
 * segments are served only with a live session, which ends after HLS_SESSION_IDLE_MS without a request (its count is
 * the stream's HLS viewers).
 */
export class HlsMuxers {
  private readonly streams = new Map<string, HlsStream>();

  constructor(
    private readonly ingest: RtmpIngest,
    private readonly directory: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a viewer session on stream `name` (starting its muxer); null when the stream is not open. */
  open(name: string): string | null {
    if (!this.ingest.isOpen(name)) return null;
    let stream = this.streams.get(name);
    if (!stream) {
      const muxer = new HlsMuxer(this.ingest, name, path.join(this.directory, name));
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

  /** The file of stream `name` a live session asks for (the playlist or a segment), or null when refused. */
  file(name: string, sid: unknown, file: string): string | null {
    const stream = this.streams.get(name);
    // An ended stream serves nothing, even while its muxer is still finishing.
    if (!stream || !this.ingest.isOpen(name) || typeof sid !== 'string' || !stream.sessions.has(sid)) return null;
    if (file !== HLS_PLAYLIST && !HLS_SEGMENT.test(file)) return null;
    stream.sessions.set(sid, this.now());
    return path.join(stream.muxer.directory, file);
  }

  /** The stream's live playlist for session `sid`, once the muxer wrote its first one (null: it did not in time). */
  async playlist(name: string, sid: string): Promise<string | null> {
    const file = this.file(name, sid, HLS_PLAYLIST);
    if (!file) return null;
    const deadline = this.now() + FIRST_PLAYLIST_WAIT_MS;
    for (;;) {
      const text = await fs.promises.readFile(file, 'utf8').catch(() => null);
      if (text?.includes('#EXTINF')) return withSession(text, sid);
      if (this.now() > deadline || !this.streams.has(name)) return null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
