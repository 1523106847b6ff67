import DownloadIcon from '@mui/icons-material/Download';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, IconButton, LinearProgress, MenuItem, Slider, TextField, Typography } from '@mui/material';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@shared/entities/airspace';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { mediaPoints, type MediaPoint } from '../media';
import { frameAt, replayStartMs, replayTimeline, type ReplayTimeline } from './flightReplay';
import type { ReplayPhotoMarkers } from './ReplayMap';
import { replayPhotoOpened, replayPhotosRequested, selectReplayPhotos } from './replayPhotos';
import { RECORD_EXPORT_FORMATS, type RecordExportFormat } from '@shared/flight/exportFiles';

const ReplayMap = lazy(() => import(/* webpackChunkName: "replay-map" */ './ReplayMap'));
const ReplayVideo = lazy(() => import(/* webpackChunkName: "replay-video" */ '../media/ReplayVideo'));

const TICK_MS = 200;
const RATES = [1, 5, 20, 60] as const;

const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** One chart under the map: a value over the flight's seconds, with a line at the replay time. */
function ReplayChart({ label, timeline, values, second }: { label: string; timeline: ReplayTimeline; values: Array<number | null>; second: number }) {
  return (
    <Box role="figure" aria-label={label}>
      <Typography variant="caption">{label}</Typography>
      <LineChart
        height={140}
        margin={{ top: 8, bottom: 8, left: 8, right: 8 }}
        hideLegend
        xAxis={[{ data: timeline.seconds, valueFormatter: (v: number) => clock(v) }]}
        series={[{ data: values, showMark: false, connectNulls: true }]}
      >
        <ChartsReferenceLine x={second} lineStyle={{ stroke: '#0d47a1' }} />
      </LineChart>
    </Box>
  );
}

/** The record's photos on the replay's map (read with task:read, as the media library; none without it). */
function useReplayPhotos(recordId: number): ReplayPhotoMarkers {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canRead = useCan('task:read');
  useEffect(() => {
    if (canRead) dispatch(replayPhotosRequested(recordId));
  }, [dispatch, recordId, canRead]);
  const answered = useAppSelector(selectReplayPhotos);
  const points = useMemo(() => mediaPoints(answered), [answered]);
  return {
    points,
    labelOf: (point: MediaPoint) => t(point.hasDefects ? 'airspace.photoWithDefects' : 'airspace.photo', { id: point.id }),
    onOpen: (point: MediaPoint) => dispatch(replayPhotoOpened({ recordId, mediaId: point.id })),
  };
}

/**
 * Flight replay: the track on the map with the aircraft's position at the slider's time and a camera where each
 * photo was taken (a click opens it in the media library), play/pause at a chosen rate,
 * the record's recorded video in step with them, altitude/speed/battery charts following the slider, and the record's exports.
 */
export default function FlightReplay({ report, onExport }: { report: Report; onExport: (format: RecordExportFormat) => void }) {
  const { t, i18n } = useTranslation();
  const timeline = useMemo(() => replayTimeline(report), [report]);
  const photos = useReplayPhotos(report.id);
  const [second, setSecond] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<number>(RATES[1]);
  const duration = timeline?.duration ?? 0;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setSecond((s) => Math.min(s + (rate * TICK_MS) / 1000, duration)), TICK_MS);
    return () => clearInterval(timer);
  }, [playing, rate, duration]);
  // Playing stops at landing.
  useEffect(() => {
    if (playing && second >= duration) setPlaying(false);
  }, [playing, second, duration]);

  const exports = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {RECORD_EXPORT_FORMATS.map((format) => (
        <Button key={format} size="small" startIcon={<DownloadIcon />} disabled={!timeline} onClick={() => onExport(format)}>
          {t('airspace.exportAs', { format: format === 'geojson' ? 'GeoJSON' : format.toUpperCase() })}
        </Button>
      ))}
    </Box>
  );
  if (!timeline) {
    return (
      <>
        <Typography color="text.secondary">{t('airspace.noTrack')}</Typography>
        {exports}
      </>
    );
  }
  const frame = frameAt(timeline, second);
  const number = (value: number | null, digits: number) =>
    value === null ? '—' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const atFromStart = () => {
    if (second >= duration) setSecond(0);
    setPlaying(true);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Suspense fallback={<LinearProgress />}>
        <ReplayMap label={t('airspace.trackMap')} track={timeline.positions} position={frame.position} photos={photos} />
      </Suspense>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={playing ? t('airspace.pause') : t('airspace.play')} onClick={() => (playing ? setPlaying(false) : atFromStart())}>
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          aria-label={t('airspace.replayTime')}
          min={0}
          max={duration}
          step={0.1}
          value={second}
          valueLabelDisplay="auto"
          valueLabelFormat={clock}
          getAriaValueText={clock}
          onChange={(_event, value) => setSecond(value as number)}
          sx={{ flexGrow: 1 }}
        />
        <TextField select size="small" label={t('airspace.rate')} value={rate} onChange={(e) => setRate(Number(e.target.value))} sx={{ width: 90 }}>
          {RATES.map((r) => (
            <MenuItem key={r} value={r}>
              {r}×
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Suspense fallback={null}>
        <ReplayVideo recordId={report.id} startMs={replayStartMs(report)} second={second} playing={playing} rate={rate} />
      </Suspense>
      <Typography variant="body2" aria-label={t('airspace.replayReadout')}>
        {t('airspace.readout', {
          time: clock(second),
          total: clock(duration),
          alt: number(frame.alt, 1),
          speed: number(frame.speed, 1),
          battery: number(frame.battery, 0),
        })}
      </Typography>
      <ReplayChart label={t('airspace.altitude')} timeline={timeline} values={timeline.alt} second={second} />
      <ReplayChart label={t('airspace.speed')} timeline={timeline} values={timeline.speed} second={second} />
      <ReplayChart label={t('airspace.battery')} timeline={timeline} values={timeline.battery} second={second} />
      {exports}
    </Box>
  );
}
