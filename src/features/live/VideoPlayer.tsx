import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** A live HTTP-FLV stream in a <video> through mpegts.js, which is loaded (its own chunk) only when a video plays. */
const VideoPlayer = forwardRef<HTMLVideoElement | null, { url: string; label: string }>(function VideoPlayer({ url, label }, ref) {
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => video.current as HTMLVideoElement);
  useEffect(() => {
    let destroyed = false;
    let player: { destroy(): void } | null = null;
    void import(/* webpackChunkName: "mpegts" */ 'mpegts.js').then(({ default: mpegts }) => {
      const element = video.current;
      if (destroyed || !element) return;
      const flv = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: new URL(url, window.location.href).href },
        { enableStashBuffer: false, liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 1.5, liveBufferLatencyMinRemain: 0.3 },
      );
      flv.attachMediaElement(element);
      flv.load();
      void Promise.resolve(flv.play()).catch(() => undefined);
      player = flv;
    });
    return () => {
      destroyed = true;
      player?.destroy();
    };
  }, [url]);
  return <video ref={video} aria-label={label} muted autoPlay playsInline style={{ width: '100%', display: 'block', background: '#000' }} />;
});

export default VideoPlayer;
