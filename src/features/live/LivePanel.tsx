import { Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Camera } from '@shared/liveVideo';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CameraCard from './CameraCard';
import { camerasRequested, wallRequested } from './liveSlice';
import { selectCameras, selectWall } from './selectors';

/** How often the shown cameras' state (live, viewers, errors) is read again. */
export const REFRESH_MS = 5000;

/** Dispatches `read` now and every REFRESH_MS while the component is shown. */
export function useRefreshed(read: () => PayloadAction<unknown>, key: unknown): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(read());
    const timer = setInterval(() => dispatch(read()), REFRESH_MS);
    return () => clearInterval(timer);
    // `key` names what is read; `read` is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);
}

function CameraList({ cameras }: { cameras: ReadonlyArray<{ deviceId: number; camera: Camera }> }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-label={t('live.title')} spacing={1}>
      <Typography variant="subtitle2">{t('live.title')}</Typography>
      {cameras.length === 0 ? <Typography color="text.secondary">{t('live.noCameras')}</Typography> : null}
      {cameras.map(({ deviceId, camera }) => (
        <CameraCard key={camera.video_id} deviceId={deviceId} camera={camera} />
      ))}
    </Stack>
  );
}

/** The video panel of a device (drawer, task view): each of its cameras with start/stop, lens, quality, fullscreen, snapshot. */
export default function LivePanel({ deviceId }: { deviceId: number }) {
  const cameras = useAppSelector(selectCameras(deviceId));
  useRefreshed(() => camerasRequested(deviceId), deviceId);
  return <CameraList cameras={cameras.map((camera) => ({ deviceId, camera }))} />;
}

/** The video panel of a video source known by its serial (/Tas detail card): its online cameras from the wall's list. */
export function SourceLivePanel({ sn }: { sn: string }) {
  const wall = useAppSelector(selectWall);
  useRefreshed(() => wallRequested(), 'wall');
  return <CameraList cameras={wall.filter((camera) => camera.sn === sn).map((camera) => ({ deviceId: camera.device_id, camera }))} />;
}
