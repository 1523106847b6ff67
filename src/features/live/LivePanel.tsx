import { Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CameraCard from './CameraCard';
import { camerasRequested } from './liveSlice';
import { selectCameras } from './selectors';

/** How often the shown cameras' state (live, viewers, errors) is read again. */
export const REFRESH_MS = 5000;

/** The video panel of a device (drawer, detail cards): each of its cameras with start/stop, lens, quality, fullscreen, snapshot. */
export default function LivePanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const cameras = useAppSelector(selectCameras(deviceId));
  useEffect(() => {
    dispatch(camerasRequested(deviceId));
    const timer = setInterval(() => dispatch(camerasRequested(deviceId)), REFRESH_MS);
    return () => clearInterval(timer);
  }, [dispatch, deviceId]);
  return (
    <Stack component="section" aria-label={t('live.title')} spacing={1}>
      <Typography variant="subtitle2">{t('live.title')}</Typography>
      {cameras.length === 0 ? <Typography color="text.secondary">{t('live.noCameras')}</Typography> : null}
      {cameras.map((camera) => (
        <CameraCard key={camera.video_id} deviceId={deviceId} camera={camera} />
      ))}
    </Stack>
  );
}
