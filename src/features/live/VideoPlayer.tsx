import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { loadHls, loadMpegts } from './playerModules';
import type { PlaySource } from './playSource';

/** Starts a player on `element`; resolves with its destroy function. Each library is its own chunk, loaded when a video plays. */
async function attachPlayer(source: PlaySource, element: HTMLVideoElement): Promise<() => void> {
  const url = new URL(source.url, window.location.href).href;
  if (source.player === 'native') {
    element.src = url;
    return () => element.removeAttribute('src');
  }
  if (source.player === 'hlsjs') {
    const { default: Hls } = await loadHls();
    // Low-latency HLS: parts and blocking reloads, the live edge the playlist's PART-HOLD-BACK back (caught up by playing
    // faster when behind); no worker (the CSP allows blob: workers, but none is needed).
    const hls = new Hls({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, enableWorker: false, backBufferLength: 10 });
    hls.loadSource(url);
    hls.attachMedia(element);
    void element.play().catch(() => undefined);
    return () => hls.destroy();
  }
  const { default: mpegts } = await loadMpegts();
  // First frame: no stash buffer (each chunk goes to the demuxer as it arrives) and the stream's request sent at once,
  // not after the MediaSource opened; the server starts each viewer at the latest key frame.
  const flv = mpegts.createPlayer(
    { type: 'flv', isLive: true, url },
    {
      enableStashBuffer: false,
      deferLoadAfterSourceOpen: false,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 1.5,
      liveBufferLatencyMinRemain: 0.3,
    },
  );
  flv.attachMediaElement(element);
  flv.load();
  void Promise.resolve(flv.play()).catch(() => undefined);
  return () => flv.destroy();
}

/** A live stream in a <video>: HTTP-FLV through mpegts.js, HLS through hls.js or natively (playSource chooses). */
const VideoPlayer = forwardRef<HTMLVideoElement | null, { source: PlaySource; label: string }>(function VideoPlayer({ source, label }, ref) {
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => video.current as HTMLVideoElement);
  const { player, url } = source;
  useEffect(() => {
    let destroyed = false;
    let destroy: (() => void) | null = null;
    const element = video.current;
    if (!element) return;
    void attachPlayer({ player, url }, element).then((stop) => {
      if (destroyed) stop();
      else destroy = stop;
    });
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [player, url]);
  return (
    <video ref={video} aria-label={label} data-player={player} muted autoPlay playsInline style={{ width: '100%', display: 'block', background: '#000' }} />
  );
});

export default VideoPlayer;
