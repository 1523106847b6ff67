import type { LiveStarted } from '@shared/liveVideo';

/** The protocols a stream is offered in (the start answer's `play`); the user's choice when both are. */
export const PLAY_PROTOCOLS = ['flv', 'hls'] as const;
export type PlayProtocol = (typeof PLAY_PROTOCOLS)[number];
export type LivePlay = LiveStarted['play'];

/** What the browser can play: Media Source Extensions (mpegts.js, hls.js), HLS natively (Safari). */
export interface PlayerSupport {
  mse: boolean;
  nativeHls: boolean;
}

/** How a stream is played: mpegts.js (HTTP-FLV), hls.js, or the <video> itself (native HLS). */
export type PlaySource = { player: 'mpegts' | 'hlsjs' | 'native'; url: string };

/**
 * The player and URL for a started stream (pure): the chosen protocol when it is offered and playable, else the other;
 * HTTP-FLV needs MSE, HLS plays with hls.js over MSE or natively. Null when nothing the browser can play is offered.
 */
export function playSource(play: LivePlay, chosen: PlayProtocol, support: PlayerSupport): PlaySource | null {
  const flv: PlaySource | null = play.flv && support.mse ? { player: 'mpegts', url: play.flv } : null;
  const hls: PlaySource | null = play.hls
    ? support.mse
      ? { player: 'hlsjs', url: play.hls }
      : support.nativeHls
        ? { player: 'native', url: play.hls }
        : null
    : null;
  return chosen === 'hls' ? (hls ?? flv) : (flv ?? hls);
}
