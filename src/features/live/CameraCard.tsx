import { Alert as MuiAlert, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_QUALITIES } from '@shared/dji/livestream';
import type { Camera } from '@shared/liveVideo';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { changeRequested, playerClosed, protocolChosen, startRequested, stopRequested } from './liveSlice';
import { PLAY_PROTOCOLS, playSource, type PlayerSupport } from './playSource';
import { selectPlayProtocol, selectVideo } from './selectors';
import VideoPlayer from './VideoPlayer';

const DEFAULT_QUALITY = 2;

/** Saves the frame on screen as a PNG named after the video and the time. */
function saveSnapshot(video: HTMLVideoElement, name: string) {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const link = document.createElement('a');
  link.download = `${name.replace(/[^A-Za-z0-9_-]+/g, '_')}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
  link.href = canvas.toDataURL('image/png');
  link.click();
}

/** What this browser plays: MSE for mpegts.js and hls.js, or HLS in the <video> itself. */
const playerSupport = (): PlayerSupport => ({
  mse: typeof window.MediaSource !== 'undefined',
  nativeHls: document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '',
});

/** One camera: its state, the player while it plays here, start/stop, lens, quality, fullscreen and snapshot. */
export default function CameraCard({ deviceId, camera, title }: { deviceId: number; camera: Camera; title?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const video = useAppSelector(selectVideo(camera.video_id));
  const element = useRef<HTMLVideoElement | null>(null);
  const [quality, setQuality] = useState(camera.live.quality ?? DEFAULT_QUALITY);
  const videoId = camera.video_id;
  const protocol = useAppSelector(selectPlayProtocol);
  const source = video.play ? playSource(video.play, protocol, playerSupport()) : null;
  const playing = video.play !== null && camera.live.status === 'live';
  useEffect(() => () => void dispatch(playerClosed(videoId)), [dispatch, videoId]);

  const changeQuality = (next: number) => {
    setQuality(next);
    if (playing) dispatch(changeRequested({ deviceId, videoId, quality: next }));
  };
  const label = title ?? t('live.videoOf', { sn: camera.sn, camera: camera.camera_index });
  return (
    <Stack spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-video-id={videoId}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Chip size="small" label={t(`live.status.${camera.live.status}`)} color={camera.live.status === 'live' ? 'success' : 'default'} />
        {camera.live.ended_reason ? <Typography variant="caption">{t(`live.ended.${camera.live.ended_reason}`)}</Typography> : null}
        {camera.live.status === 'live' ? <Typography variant="caption">{t('live.viewers', { count: camera.live.viewers })}</Typography> : null}
      </Stack>
      {playing && source ? (
        <Box sx={{ position: 'relative' }}>
          <VideoPlayer ref={element} source={source} label={label} />
        </Box>
      ) : null}
      {playing && !source ? <MuiAlert severity="warning">{t('live.unplayable')}</MuiAlert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {playing ? (
          <Button size="small" variant="outlined" disabled={video.busy} onClick={() => dispatch(stopRequested({ deviceId, videoId }))}>
            {t('live.stop')}
          </Button>
        ) : (
          <Button size="small" variant="contained" disabled={video.busy} onClick={() => dispatch(startRequested({ deviceId, videoId, quality }))}>
            {t('live.start')}
          </Button>
        )}
        <TextField
          select
          size="small"
          label={t('live.lens')}
          value={camera.video_type ?? ''}
          disabled={!playing || video.busy || camera.switchable_video_types.length < 2}
          onChange={(event) => dispatch(changeRequested({ deviceId, videoId, lens: event.target.value }))}
          sx={{ minWidth: 110 }}
        >
          {camera.switchable_video_types.map((lens) => (
            <MenuItem key={lens} value={lens}>
              {t(`live.lenses.${lens}`, { defaultValue: lens })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('live.quality')}
          value={quality}
          disabled={video.busy}
          onChange={(event) => changeQuality(Number(event.target.value))}
          sx={{ minWidth: 110 }}
        >
          {VIDEO_QUALITIES.map((q) => (
            <MenuItem key={q} value={q}>
              {t(`live.qualities.${q}`)}
            </MenuItem>
          ))}
        </TextField>
        {playing && video.play?.flv && video.play.hls ? (
          <TextField
            select
            size="small"
            label={t('live.protocol')}
            value={protocol}
            onChange={(event) => dispatch(protocolChosen(event.target.value as (typeof PLAY_PROTOCOLS)[number]))}
            sx={{ minWidth: 110 }}
          >
            {PLAY_PROTOCOLS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`live.protocols.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {playing ? (
          <>
            <Button size="small" onClick={() => void element.current?.requestFullscreen()}>
              {t('live.fullscreen')}
            </Button>
            <Button size="small" onClick={() => element.current && saveSnapshot(element.current, videoId)}>
              {t('live.snapshot')}
            </Button>
          </>
        ) : null}
      </Stack>
      {video.error ? <MuiAlert severity="error">{t(video.error.key, video.error.params)}</MuiAlert> : null}
      {camera.live.error ? <MuiAlert severity="warning">{t('live.deviceError', { code: camera.live.error })}</MuiAlert> : null}
    </Stack>
  );
}
