import { Alert as MuiAlert, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightCommand } from '../../api/remote';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { useCan } from '../auth';
import DrcPanel from './DrcPanel';
import { flightClosed, flightCommandRequested, flightRequested } from './remoteSlice';
import { selectFlight } from './selectors';

/** How often the aircraft's command flight progress is read again while the panel is shown. */
const REFRESH_MS = 1000;

type Moving = Exclude<FlightCommand['kind'], 'flyto_stop'>;

/**
 * Command flight of a device's aircraft in its drawer: take off or fly to a point (latitude, longitude, ellipsoidal
 * height, speed), stop, return home; every command that moves the aircraft asks for a confirmation naming it.
 */
export default function FlightPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const { view, sending, error } = useAppSelector(selectFlight(deviceId));
  const [target, setTarget] = useState({ lat: '', lng: '', height: '60', max_speed: '8' });
  const [confirming, setConfirming] = useState<Moving | null>(null);
  useEffect(() => {
    dispatch(flightRequested(deviceId));
    const timer = setInterval(() => dispatch(flightRequested(deviceId)), REFRESH_MS);
    return () => {
      clearInterval(timer);
      dispatch(flightClosed(deviceId));
    };
  }, [dispatch, deviceId]);
  if (!view) return null;

  const sn = view.aircraft_sn;
  const point = { lat: Number(target.lat), lng: Number(target.lng), height: Number(target.height), max_speed: Number(target.max_speed) };
  const pointGiven = target.lat !== '' && target.lng !== '' && Object.values(point).every(Number.isFinite);
  const send = (command: FlightCommand) => dispatch(flightCommandRequested({ deviceId, command }));
  const confirm = () => {
    if (confirming === 'return_home') send({ kind: 'return_home', body: { confirm_sn: sn } });
    else if (confirming) send({ kind: confirming, body: { ...point, confirm_sn: sn } });
    setConfirming(null);
  };
  const progress = view.progress;
  const field = (name: keyof typeof target) => (
    <TextField
      size="small"
      type="number"
      label={t(`remote.flight.${name}`)}
      value={target[name]}
      onChange={(event) => setTarget({ ...target, [name]: event.target.value })}
      sx={{ width: 130 }}
    />
  );
  return (
    <Stack component="section" aria-label={t('remote.flight.title')} spacing={1}>
      <Typography variant="subtitle2">{t('remote.flight.title')}</Typography>
      {progress ? (
        <Stack spacing={0.5} data-status={progress.status}>
          <Typography variant="body2">
            {t('remote.flight.progress', {
              what: t(`remote.flight.kinds.${progress.kind}`),
              status: t(`remote.flight.statuses.${progress.status}`),
              distance: progress.remaining_distance ?? '—',
              time: progress.remaining_time ?? '—',
            })}
          </Typography>
          {progress.status === 'wayline_progress' ? <LinearProgress aria-label={t('remote.flight.title')} /> : null}
        </Stack>
      ) : null}
      {canOperate ? (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {field('lat')}
            {field('lng')}
            {field('height')}
            {field('max_speed')}
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" variant="contained" disabled={!pointGiven || sending !== null} onClick={() => setConfirming('takeoff')}>
              {t('remote.flight.takeoff')}
            </Button>
            <Button size="small" variant="outlined" disabled={!pointGiven || sending !== null} onClick={() => setConfirming('flyto')}>
              {t('remote.flight.flyto')}
            </Button>
            <Button size="small" disabled={sending !== null} onClick={() => send({ kind: 'flyto_stop' })}>
              {t('remote.flight.stop')}
            </Button>
            <Button size="small" color="warning" disabled={sending !== null} onClick={() => setConfirming('return_home')}>
              {t('remote.flight.returnHome')}
            </Button>
          </Stack>
        </>
      ) : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
      {canOperate ? <DrcPanel deviceId={deviceId} aircraftSn={sn} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`remote.flight.${confirming === 'return_home' ? 'returnHome' : confirming}`) : ''}
        body={t('remote.flight.confirm', { sn })}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
