import net from 'node:net';
import type AVPacket from 'node-media-server/src/core/avpacket.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import Flv from 'node-media-server/src/protocol/flv.js';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';
import { publishAllowed } from './playback';

// The protocol classes log every session at info level on the console; the server logs what matters itself.
nmsLogger.level = 'error';

/** A viewer's connection (an HTTP response): it is dropped when it falls this far behind rather than buffered without end. */
const MAX_VIEWER_BACKLOG_BYTES = 8 * 1024 * 1024;
/** Packets of the current group of pictures kept for a viewer that joins (starts at its key frame). */
const MAX_GOP_PACKETS = 2048;

export interface Viewer {
  write(chunk: Buffer): boolean;
  readonly writableLength: number;
  end(): void;
}

interface Channel {
  publisher: net.Socket | null;
  /** A publish after this (epoch ms) is refused: the push URL handed to a pilot expired. Null: no expiry. */
  publishUntil: number | null;
  metadata: Buffer | null;
  audioHeader: Buffer | null;
  videoHeader: Buffer | null;
  /** From the last key frame on, and when that key frame arrived (epoch ms). */
  gop: Buffer[];
  gopAt: number;
  /** The last timestamp sent (ms) and the shift of the current publisher's (a device that reconnects starts again at 0). */
  lastDts: number;
  dtsOffset: number;
  /** Viewers by whether they have had the stream's start (header, codec headers, a key frame) and whether they are
   * counted as viewers (a recording is not). */
  viewers: Map<Viewer, { started: boolean; counted: boolean }>;
}

export interface IngestOptions {
  /** RTMP port (0: any free one). */
  port: number;
  host: string;
  /** The RTMP application of every stream (rtmp://host:port/{app}/{name}). */
  app: string;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/**
 * The embedded media server: an RTMP ingest that accepts a publish only on a stream name opened for it (one
 * publisher each), and remuxes what it receives, without transcoding, to HTTP-FLV for the viewers attached with
 * `attach` (docs/live-video.md). RTMP playback is not offered: browsers play through the API's signed URLs.
 */
export class RtmpIngest {
  private readonly channels = new Map<string, Channel>();
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;

  constructor(private readonly options: IngestOptions) {}

  async start(): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const name of [...this.channels.keys()]) this.close(name);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Lets one publisher push to `name` (a start's fresh name), until `publishUntil` when given (again: a new expiry). */
  open(name: string, publishUntil: number | null): void {
    const open = this.channels.get(name);
    if (open) open.publishUntil = publishUntil;
    else
      this.channels.set(name, {
        publisher: null,
        publishUntil,
        metadata: null,
        audioHeader: null,
        videoHeader: null,
        gop: [],
        gopAt: 0,
        lastDts: 0,
        dtsOffset: 0,
        viewers: new Map(),
      });
  }

  /** Ends stream `name`: its publisher is disconnected, its viewers' responses end, a later publish is refused. */
  close(name: string): void {
    const channel = this.channels.get(name);
    if (!channel) return;
    this.channels.delete(name);
    channel.publisher?.destroy();
    for (const viewer of channel.viewers.keys()) viewer.end();
  }

  isOpen(name: string): boolean {
    return this.channels.has(name);
  }

  publishing(name: string): boolean {
    return Boolean(this.channels.get(name)?.publisher);
  }

  /** When the key frame a viewer attached now starts at arrived (epoch ms), or null when it would wait for the next one. */
  keyframeAt(name: string): number | null {
    const channel = this.channels.get(name);
    return channel?.videoHeader && channel.gop.length ? channel.gopAt : null;
  }

  viewers(name: string): number {
    let count = 0;
    for (const state of this.channels.get(name)?.viewers.values() ?? []) if (state.counted) count += 1;
    return count;
  }

  /**
   * Sends stream `name` to `viewer` as FLV from its latest key frame on (or its next one, before the publisher
   * started). Returns the detach function, or null when the stream is not open. A viewer not `counted` (a recording)
   * is left out of the viewer count.
   */
  attach(name: string, viewer: Viewer, options: { counted: boolean } = { counted: true }): (() => void) | null {
    const channel = this.channels.get(name);
    if (!channel) return null;
    const state = { started: false, counted: options.counted };
    channel.viewers.set(viewer, state);
    if (channel.videoHeader && channel.gop.length) {
      this.sendStart(channel, viewer);
      for (const tag of channel.gop) viewer.write(tag);
      state.started = true;
    }
    return () => channel.viewers.delete(viewer);
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const rtmp = new Rtmp();
    let name: string | null = null;
    let channel: Channel | undefined;
    const refuse = (why: string) => {
      this.options.log.info({ name, why, from: socket.remoteAddress }, 'live: RTMP session refused');
      socket.destroy();
    };
    rtmp.onOutputCallback = (buffer) => void (socket.writable && socket.write(buffer));
    rtmp.onConnectCallback = (request) => {
      name = request.name;
      channel = request.app === this.options.app ? this.channels.get(request.name) : undefined;
    };
    rtmp.onPlayCallback = () => refuse('RTMP playback is not offered');
    rtmp.onPushCallback = () => {
      if (!channel) return refuse('unknown or ended stream name');
      if (channel.publisher) return refuse('the stream already has a publisher');
      if (!publishAllowed(channel.publishUntil, Date.now())) return refuse('the push URL expired');
      channel.publisher = socket;
      // The stream goes on where the previous publisher (if any: the device reconnected) left it.
      channel.dtsOffset = channel.lastDts ? channel.lastDts + 40 : 0;
      this.options.log.info({ name, from: socket.remoteAddress }, 'live: publishing');
    };
    rtmp.onPacketCallback = (packet) => {
      if (channel && channel.publisher === socket) this.broadcast(channel, packet);
    };
    socket.on('data', (data: Buffer) => {
      const error = rtmp.parserData(data);
      if (error) refuse(error);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (!channel || channel.publisher !== socket) return;
      channel.publisher = null;
      channel.gop = [];
      this.options.log.info({ name }, 'live: publisher left');
    });
  }

  private sendStart(channel: Channel, viewer: Viewer) {
    viewer.write(Flv.createHeader(channel.audioHeader !== null, true));
    for (const tag of [channel.metadata, channel.audioHeader, channel.videoHeader]) if (tag) viewer.write(tag);
  }

  private broadcast(channel: Channel, packet: AVPacket) {
    packet.dts += channel.dtsOffset;
    packet.pts += channel.dtsOffset;
    channel.lastDts = Math.max(channel.lastDts, packet.dts);
    const tag = Flv.createMessage(packet);
    switch (packet.flags) {
      // Codec headers and metadata: kept for viewers who join; the started ones get them too (a new publisher may
      // send another resolution).
      case 0:
        channel.audioHeader = tag;
        break;
      case 2:
        channel.videoHeader = tag;
        break;
      case 5:
        channel.metadata = tag;
        break;
      case 3:
        channel.gop = [tag];
        channel.gopAt = Date.now();
        break;
      default:
        if (channel.gop.length && channel.gop.length < MAX_GOP_PACKETS) channel.gop.push(tag);
    }
    for (const [viewer, state] of channel.viewers) {
      if (!state.started) {
        // A viewer starts at a key frame, after the codec headers.
        if (packet.flags !== 3 || !channel.videoHeader) continue;
        this.sendStart(channel, viewer);
        state.started = true;
      }
      if (viewer.writableLength > MAX_VIEWER_BACKLOG_BYTES) {
        channel.viewers.delete(viewer);
        viewer.end();
        continue;
      }
      viewer.write(tag);
    }
  }
}
