import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { recordVideosRequested, selectRecordVideos } from './mediaSlice';
import { MAX_VIDEO_RATE, replayVideoAt, replayVideoSeek } from './replayVideo';

/**
 * A flight record's recorded video under its replay, in step with the replay's time (`second` after `startMs`): the
 * video that covers that moment at the time inside it (replayVideoAt), playing at the replay's rate while it plays
 * (seeking alone above the browser's fastest rate), set back in step when it drifts. Nothing when the record has no video.
 */
export default function ReplayVideo({
  recordId,
  startMs,
  second,
  playing,
  rate,
}: {
  recordId: number;
  startMs: number;
  second: number;
  playing: boolean;
  rate: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const videos = useAppSelector(selectRecordVideos);
  const element = useRef<HTMLVideoElement>(null);
  // The media library is read with task:read; without it the replay shows no video (and asks for none).
  const canRead = useCan('task:read');
  useEffect(() => {
    if (canRead) dispatch(recordVideosRequested(recordId));
  }, [dispatch, recordId, canRead]);

  const position = replayVideoAt(videos, startMs, second);
  const src = position?.video.url;
  const offset = position?.offset ?? 0;
  const follows = playing && rate <= MAX_VIDEO_RATE;
  useEffect(() => {
    const video = element.current;
    if (!video || !src) return;
    const seek = replayVideoSeek(video.currentTime, offset, follows);
    if (seek !== null) video.currentTime = seek;
    video.playbackRate = Math.min(rate, MAX_VIDEO_RATE);
    if (follows && video.paused) void video.play().catch(() => undefined);
    if (!follows && !video.paused) video.pause();
  }, [src, offset, follows, rate]);

  if (!canRead || videos.length === 0) return null;
  return (
    <Box role="region" aria-label={t('media.replayVideo')}>
      {src ? (
        <video ref={element} key={src} src={src} muted playsInline preload="auto" style={{ width: '100%', maxHeight: 360, background: '#000' }} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('media.replayNoVideo')}
        </Typography>
      )}
    </Box>
  );
}
