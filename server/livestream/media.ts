import type { LiveConfig } from '../config';
import { HlsMuxers } from './hls';
import { RtmpIngest } from './ingest';
import type { MediaBackend } from './streams';

/** The media server behind the streams, as the rest of the server sees it. */
export interface LiveMedia extends MediaBackend {
  /** The HTTP-FLV play URL of stream `name` for a browser, with its signed query, when this media server offers HTTP-FLV. */
  flvUrl?(name: string, signedQuery: string): string;
  /** The HLS play URL (a master playlist), when this media server offers HLS. */
  hlsUrl?(name: string, signedQuery: string): string;
  /** The embedded ingest, which serves the HTTP-FLV route; undefined with an external media server. */
  readonly ingest?: RtmpIngest;
  /** The embedded HLS muxers, which serve the HLS routes. */
  readonly hls?: HlsMuxers;
  /** An external server's play (`delta` 1) or play-done (-1) callback. */
  countViewer?(name: string, delta: 1 | -1): void;
  stop(): Promise<void>;
}

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

const appOf = (rtmpUrl: string) => rtmpUrl.slice(rtmpUrl.lastIndexOf('/') + 1);

/**
 * The embedded ingest (default): it listens from the first start on, so a server that never shows video takes no
 * RTMP port. Devices get RTMP_PUBLIC_URL, or PUBLIC_URL's host (else 127.0.0.1) with the port it listens on. Browsers
 * play HTTP-FLV, or LL-HLS (remuxed in memory while someone watches it).
 */
export function embeddedMedia(config: LiveConfig, publicUrl: string | undefined, log: Log): LiveMedia {
  const app = config.rtmpPublicUrl ? appOf(config.rtmpPublicUrl) : 'live';
  const ingest = new RtmpIngest({ port: config.rtmpPort, host: config.rtmpHost, app, log });
  const hls = new HlsMuxers(ingest);
  let listening: Promise<number> | null = null;
  let port = 0;
  return {
    ingest,
    hls,
    async ready() {
      listening ??= ingest.start().catch((error: unknown) => {
        listening = null;
        throw error;
      });
      port = await listening;
    },
    rtmpBase: () => config.rtmpPublicUrl ?? `rtmp://${publicUrl ? new URL(publicUrl).hostname : '127.0.0.1'}:${port}/${app}`,
    flvUrl: (name, query) => `/live/${name}.flv?${query}`,
    hlsUrl: (name, query) => `/live/${name}/index.m3u8?${query}`,
    open: (name, publishUntil) => ingest.open(name, publishUntil),
    close: (name) => ingest.close(name),
    viewers: (name) => ingest.viewers(name) + hls.viewers(name),
    async stop() {
      await hls.close();
      if (listening) await ingest.stop();
    },
  };
}

/**
 * An external media server (nginx-rtmp with nginx-http-flv, SRS or MediaMTX; docs/live-video.md): devices push to
 * its RTMP base, browsers play from its HTTP-FLV base and/or its HLS base, and it asks /live/hooks/* whether each
 * publish and play is allowed; its play and play-done callbacks keep the viewer count.
 */
export function externalMedia(config: LiveConfig, rtmpPublicUrl: string): LiveMedia {
  const { externalPlayUrl, externalHlsUrl } = config;
  const open = new Set<string>();
  const viewers = new Map<string, number>();
  return {
    ready: async () => undefined,
    rtmpBase: () => rtmpPublicUrl,
    ...(externalPlayUrl ? { flvUrl: (name: string, query: string) => `${externalPlayUrl}/${name}.flv?${query}` } : {}),
    ...(externalHlsUrl ? { hlsUrl: (name: string, query: string) => `${externalHlsUrl}/${name}/index.m3u8?${query}` } : {}),
    open: (name) => void open.add(name),
    close: (name) => {
      open.delete(name);
      viewers.delete(name);
    },
    viewers: (name) => viewers.get(name) ?? 0,
    countViewer(name, delta) {
      if (open.has(name)) viewers.set(name, Math.max(0, (viewers.get(name) ?? 0) + delta));
    },
    stop: async () => undefined,
  };
}
