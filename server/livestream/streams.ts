import { liveErrorMeaning } from '@shared/dji/liveErrors';
import {
  METHOD_LIVE_LENS_CHANGE,
  METHOD_LIVE_SET_QUALITY,
  METHOD_LIVE_START_PUSH,
  METHOD_LIVE_STOP_PUSH,
  URL_TYPE_RTMP,
  type LensType,
} from '@shared/dji/livestream';
import type { StreamState } from '@shared/liveVideo';
import { HttpError } from '../http/envelope';
import { newStreamName, publishAllowed } from './playback';
import type { StreamView } from './cameras';

/** The device link the streams speak through (the DJI gateway). */
export interface LiveLink {
  sendService(gatewaySn: string, method: string, data: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  /** The gateway a device is connected through; undefined while it is offline. */
  gatewayFor(sn: string): string | undefined;
}

/** Where the streams are pushed and watched: the embedded RTMP ingest or an external media server. */
export interface MediaBackend {
  /** Ready to take publishes (the embedded ingest listens); throws when it cannot. */
  ready(): Promise<void>;
  /** The RTMP base devices push to (rtmp://host:port/app), known once ready: a stream's URL is this plus its name. */
  rtmpBase(): string;
  /** Allows one publish on `name`, until `publishUntil` (epoch ms) when not null; opened again, the new expiry holds. */
  open(name: string, publishUntil: number | null): void;
  /** Ends `name`: its publisher and viewers are disconnected and a later publish is refused. */
  close(name: string): void;
  viewers(name: string): number;
}

export type EndReason = NonNullable<StreamView['endedReason']>;

interface Stream {
  videoId: string;
  gatewaySn: string;
  name: string;
  /** The video_quality asked for; null for a pilot's liveshare push (Pilot 2 picks it). */
  quality: number | null;
  lens: string | null;
  state: Extract<StreamState, 'live' | 'ended'>;
  endedReason: EndReason | null;
  /** Since when nobody watches (ms), null while someone does. */
  idleSince: number | null;
  /** When its push URL, once handed to a pilot (liveshare), stops taking a publish (epoch ms); null: never handed out. */
  publishUntil: number | null;
}

export interface LiveStreamsOptions {
  link: LiveLink;
  media: MediaBackend;
  replyTimeoutMs: number;
  /** A stream nobody watches is stopped after this long (ms), unless it is held (recorded). */
  idleStopMs: number;
  /** A push URL handed to a pilot (liveshare) takes a publish for this long (ms); DELETE revokes it at once. */
  liveshareTtlMs: number;
  held?: (videoId: string) => boolean;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  now?: () => number;
}

/** A live service's failure → the API's answer: 409 with DJI's code, 504 when the device did not answer, 502 otherwise. */
export function liveFailure(method: string, error: unknown): HttpError {
  const result = (error as { result?: unknown }).result;
  if (result === 'timeout')
    return new HttpError(504, `The device did not answer ${method} in time`, undefined, { code: 'live.device_timeout', params: { method } });
  if (typeof result === 'number') {
    const meaning = liveErrorMeaning(result);
    return new HttpError(409, `The device refused ${method}: ${meaning?.en ?? 'unknown error'} (result ${result})`, undefined, {
      code: 'live.device_refused',
      params: { method, result, meaning: meaning?.key ?? 'unknown' },
    });
  }
  return new HttpError(502, `${method} could not be sent: ${(error as Error).message}`, undefined, { code: 'live.link_failed', params: { method } });
}

/** DJI's "already live" (513003 / 613003) and "no live stream" (…011). */
const isResult = (error: unknown, suffix: number) => {
  const result = (error as { result?: unknown }).result;
  return typeof result === 'number' && liveErrorMeaning(result) !== undefined && result % 1000 === suffix;
};

/**
 * The streams this platform started (docs/live-video.md): one per video_id, each under a fresh stream name only its
 * start may publish to. A start of a live video joins it; a stream nobody watches for `idleStopMs` is stopped; one
 * whose device went offline ends. The ended ones are remembered (shown as ended) until the video starts again.
 */
export class LiveStreams {
  private readonly streams = new Map<string, Stream>();
  /** Starts waiting for the device's reply, by video_id: a second start of the same video joins the first. */
  private readonly starting = new Map<string, Promise<Stream>>();
  /** Names sent in a live_start_push whose reply has not come: the device may publish before it answers. */
  private readonly awaitingReply = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: LiveStreamsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Our view of a video's stream, if this platform started it. */
  view(videoId: string): StreamView | undefined {
    if (this.starting.has(videoId) && this.streams.get(videoId)?.state !== 'live')
      return { status: 'starting', quality: null, lens: null, viewers: 0, endedReason: null };
    const stream = this.streams.get(videoId);
    if (!stream) return undefined;
    return {
      status: stream.state,
      quality: stream.quality,
      lens: stream.lens,
      viewers: stream.state === 'live' ? this.options.media.viewers(stream.name) : 0,
      endedReason: stream.endedReason,
    };
  }

  /** The streams live now. */
  live(): { videoId: string; name: string; lens: string | null }[] {
    return [...this.streams.values()].filter((s) => s.state === 'live').map(({ videoId, name, lens }) => ({ videoId, name, lens }));
  }

  /** The URL a device pushes stream `name` to (the media server's RTMP base and the name). */
  pushUrl(name: string): string {
    return `${this.options.media.rtmpBase()}/${name}`;
  }

  /** The live stream with this name (publish and play authorisation). */
  byName(name: string): Stream | undefined {
    for (const stream of this.streams.values()) if (stream.name === name && stream.state === 'live') return stream;
    return undefined;
  }

  /** Whether a publish on `name` is allowed now (an external media server's publish hook): started and awaiting the
   * device's reply, or live with its push URL not expired. */
  mayPublish(name: string): boolean {
    if (this.awaitingReply.has(name)) return true;
    const stream = this.byName(name);
    return stream !== undefined && publishAllowed(stream.publishUntil, this.now());
  }

  /** Starts pushing `videoId` through `gatewaySn`, or joins its live stream; resolves with it and whether it joined. */
  async start(gatewaySn: string, videoId: string, quality: number): Promise<{ stream: Stream; joined: boolean }> {
    const live = this.streams.get(videoId);
    if (live?.state === 'live') return { stream: live, joined: true };
    const pending = this.starting.get(videoId);
    if (pending) return { stream: await pending, joined: true };
    const started = this.push(gatewaySn, videoId, quality).finally(() => this.starting.delete(videoId));
    this.starting.set(videoId, started);
    return { stream: await started, joined: false };
  }

  async stop(videoId: string, reason: EndReason = 'stopped'): Promise<void> {
    const stream = this.liveStream(videoId);
    try {
      await this.call(stream.gatewaySn, METHOD_LIVE_STOP_PUSH, { video_id: videoId });
    } catch (error) {
      // The device no longer pushes it: stopped all the same.
      if (!isResult(error, 11)) throw liveFailure(METHOD_LIVE_STOP_PUSH, error);
    }
    this.end(stream, reason);
  }

  async setQuality(videoId: string, quality: number): Promise<void> {
    const stream = this.liveStream(videoId);
    await this.command(stream.gatewaySn, METHOD_LIVE_SET_QUALITY, { video_id: videoId, video_quality: quality });
    stream.quality = quality;
  }

  async changeLens(videoId: string, lens: LensType): Promise<void> {
    const stream = this.liveStream(videoId);
    await this.command(stream.gatewaySn, METHOD_LIVE_LENS_CHANGE, { video_id: videoId, video_type: lens });
    stream.lens = lens;
  }

  /** Ends the streams of offline devices and stops those nobody watched for the idle time; runs on a timer. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const stream of [...this.streams.values()]) {
      if (stream.state !== 'live') continue;
      if (this.options.link.gatewayFor(stream.gatewaySn) === undefined) {
        this.end(stream, 'offline');
        continue;
      }
      if (this.options.media.viewers(stream.name) > 0 || this.options.held?.(stream.videoId)) {
        stream.idleSince = null;
        continue;
      }
      stream.idleSince ??= now;
      if (now - stream.idleSince < this.options.idleStopMs) continue;
      this.options.log.info({ videoId: stream.videoId }, 'live: nobody watches, stopping');
      await this.stop(stream.videoId, 'idle').catch((error: unknown) => {
        this.options.log.warn({ err: error, videoId: stream.videoId }, 'live: idle stop failed; ended all the same');
        this.end(stream, 'idle');
      });
    }
  }

  /** Ends every stream (the server stops). */
  close(): void {
    for (const stream of this.streams.values()) if (stream.state === 'live') this.options.media.close(stream.name);
    this.streams.clear();
  }

  /**
   * A stream the pilot publishes from Pilot 2's liveshare component (docs/controller.md): a fresh name opened for the
   * remote controller's push without live_start_push (the pilot starts it on the controller). A video already live is
   * joined: its device pushes to that name already. The URL handed out takes a publish until `expiresAt` (the first
   * handing out of a name sets it, liveshareTtlMs on); asked for after that, the stream ends and a fresh name is opened.
   */
  async openLiveshare(gatewaySn: string, videoId: string): Promise<{ stream: Stream; joined: boolean; expiresAt: number }> {
    const live = this.streams.get(videoId);
    if (live?.state === 'live' && publishAllowed(live.publishUntil, this.now())) return { stream: live, joined: true, expiresAt: this.handOut(live) };
    if (live?.state === 'live') this.end(live, 'stopped');
    const pending = this.starting.get(videoId);
    if (pending) {
      const stream = await pending;
      return { stream, joined: true, expiresAt: this.handOut(stream) };
    }
    const name = await this.openName();
    const stream = this.track(videoId, gatewaySn, name, null);
    this.options.log.info({ videoId, gatewaySn }, 'live: opened for the pilot to publish');
    return { stream, joined: false, expiresAt: this.handOut(stream) };
  }

  /** `stream`'s push URL goes to a pilot: it takes a publish until this (set the first time), the ingest told so. */
  private handOut(stream: Stream): number {
    stream.publishUntil ??= this.now() + this.options.liveshareTtlMs;
    this.options.media.open(stream.name, stream.publishUntil);
    return stream.publishUntil;
  }

  /** The pilot stopped publishing on the controller: the stream ends without a service (the device stopped already). */
  endLiveshare(videoId: string): void {
    const stream = this.streams.get(videoId);
    if (stream?.state === 'live') this.end(stream, 'stopped');
  }

  /** A fresh stream name open for one publish; 503 when the media server cannot take streams. */
  private async openName(): Promise<string> {
    const { media } = this.options;
    await media.ready().catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'live: the media server cannot take streams');
      throw new HttpError(503, 'The media server is not available', undefined, { code: 'live.media_unavailable' });
    });
    const name = newStreamName();
    media.open(name, null);
    return name;
  }

  /** Records `videoId` as live under `name` (its lens as set before, if it was live earlier). */
  private track(videoId: string, gatewaySn: string, name: string, quality: number | null): Stream {
    const previous = this.streams.get(videoId);
    const stream: Stream = {
      videoId,
      gatewaySn,
      name,
      quality,
      lens: previous?.lens ?? null,
      state: 'live',
      endedReason: null,
      idleSince: this.now(),
      publishUntil: null,
    };
    this.streams.set(videoId, stream);
    return stream;
  }

  private async push(gatewaySn: string, videoId: string, quality: number, retried = false): Promise<Stream> {
    const { media } = this.options;
    const name = await this.openName();
    const data = { url_type: URL_TYPE_RTMP, url: this.pushUrl(name), video_id: videoId, video_quality: quality };
    this.awaitingReply.add(name);
    try {
      await this.call(gatewaySn, METHOD_LIVE_START_PUSH, data).finally(() => this.awaitingReply.delete(name));
    } catch (error) {
      media.close(name);
      // Live under a name this platform no longer knows (it restarted): stop it and start again under a new one.
      if (!retried && isResult(error, 3)) {
        await this.call(gatewaySn, METHOD_LIVE_STOP_PUSH, { video_id: videoId }).catch(() => undefined);
        return this.push(gatewaySn, videoId, quality, true);
      }
      throw liveFailure(METHOD_LIVE_START_PUSH, error);
    }
    const stream = this.track(videoId, gatewaySn, name, quality);
    this.options.log.info({ videoId, gatewaySn }, 'live: started');
    return stream;
  }

  private liveStream(videoId: string): Stream {
    const stream = this.streams.get(videoId);
    if (stream?.state === 'live') return stream;
    throw new HttpError(409, `${videoId} is not live`, undefined, { code: 'live.not_live', params: { video_id: videoId } });
  }

  private end(stream: Stream, reason: EndReason) {
    if (stream.state === 'ended') return;
    stream.state = 'ended';
    stream.endedReason = reason;
    this.options.media.close(stream.name);
    this.options.log.info({ videoId: stream.videoId, reason }, 'live: ended');
  }

  /** A live service whose failure is the API's answer (liveFailure). */
  private command(gatewaySn: string, method: string, data: Record<string, unknown>) {
    return this.call(gatewaySn, method, data).catch((error: unknown) => {
      throw liveFailure(method, error);
    });
  }

  private call(gatewaySn: string, method: string, data: Record<string, unknown>) {
    return this.options.link.sendService(gatewaySn, method, data, { timeoutMs: this.options.replyTimeoutMs });
  }
}
