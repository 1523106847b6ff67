import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DeviceCamera } from '@shared/liveVideo';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth';
import { PageFrame } from '../pages';
import CameraCard from './CameraCard';
import { useRefreshed } from './LivePanel';
import { startRequested, wallRequested } from './liveSlice';
import { selectVideo, selectWall, selectWallRead } from './selectors';
import { parseWall, resized, serialsOf, WALL_SIZES, wallKey, wallOfSerials, withTile, type WallLayout, type WallSize } from './wallLayout';

/** A camera's name on the wall: its device and lens position. */
const cameraTitle = (camera: DeviceCamera) => `${camera.device_name} · ${camera.sn} ${camera.camera_index}`;

/** One tile: a choice of camera and, once chosen, that camera started and played (its own controls). */
function Tile({ index, videoId, onChoose }: { index: number; videoId: string | null; onChoose: (videoId: string | null) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const cameras = useAppSelector(selectWall);
  const camera = cameras.find((c) => c.video_id === videoId);
  const video = useAppSelector(selectVideo(videoId ?? ''));
  // A chosen camera starts once (joining its stream when live); a stream that ended afterwards is started by hand.
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!camera || startedFor.current === camera.video_id || video.play !== null || video.busy) return;
    startedFor.current = camera.video_id;
    dispatch(startRequested({ deviceId: camera.device_id, videoId: camera.video_id, quality: camera.live.quality ?? undefined }));
  }, [camera, video.play, video.busy, dispatch]);
  const name = t('live.tile', { n: index + 1 });
  return (
    <Stack component="section" aria-label={name} spacing={1} sx={{ minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={name}
        value={camera ? camera.video_id : ''}
        onChange={(event) => onChoose(event.target.value || null)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>{t('live.noTile')}</em>
        </MenuItem>
        {cameras.map((c) => (
          <MenuItem key={c.video_id} value={c.video_id}>
            {cameraTitle(c)}
          </MenuItem>
        ))}
      </TextField>
      {camera ? <CameraCard deviceId={camera.device_id} camera={camera} title={cameraTitle(camera)} /> : null}
      {videoId && !camera ? <Typography color="text.secondary">{t('live.tileOffline')}</Typography> : null}
    </Stack>
  );
}

/**
 * The video wall (/Live, issue 30): 1, 4 or 9 tiles, each any online camera the user may see, the layout kept per user;
 * `#/Live?sn=SN1,SN2` opens those devices' main cameras.
 */
export default function LiveWallPage() {
  const { t } = useTranslation();
  const username = useAppSelector(selectUser)?.username ?? '';
  const cameras = useAppSelector(selectWall);
  const read = useAppSelector(selectWallRead);
  const [params] = useSearchParams();
  const serials = serialsOf(`?${params.toString()}`).join(',');
  const [layout, setLayout] = useState<WallLayout>(() => parseWall(localStorage.getItem(wallKey(username))));
  const opened = useRef<string | null>(null);

  useRefreshed(() => wallRequested(), 'wall');
  // ?sn= opens those devices' main cameras, once the wall's cameras are known.
  useEffect(() => {
    if (!serials || !read || opened.current === serials) return;
    opened.current = serials;
    setLayout(wallOfSerials(serials.split(','), cameras));
  }, [serials, read, cameras]);

  const change = (next: WallLayout) => {
    setLayout(next);
    localStorage.setItem(wallKey(username), JSON.stringify(next));
  };
  const columns = Math.sqrt(layout.size);
  return (
    <PageFrame
      title={t('menu.live')}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={t('live.layout')}
          value={layout.size}
          onChange={(_, size: WallSize | null) => size && change(resized(layout, size))}
        >
          {WALL_SIZES.map((size) => (
            <ToggleButton key={size} value={size} aria-label={t('live.layoutOf', { count: size })}>
              {size}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {read && cameras.length === 0 ? <Typography color="text.secondary">{t('live.noCameras')}</Typography> : null}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {layout.tiles.map((videoId, index) => (
          <Tile key={`${index}:${videoId ?? ''}`} index={index} videoId={videoId} onChoose={(next) => change(withTile(layout, index, next))} />
        ))}
      </Box>
    </PageFrame>
  );
}
