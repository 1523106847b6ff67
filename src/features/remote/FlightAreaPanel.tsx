import { Alert as MuiAlert, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { areasClosed, areasRequested, areasSyncRequested } from './remoteSlice';
import { selectFlightAreas } from './selectors';

/** How often the dock's sync is read again while the panel is shown. */
const REFRESH_MS = 2000;

/**
 * A dock's custom flight areas in its drawer: its newest sync report (with DJI's failure reason in words), whether it
 * holds the current areas, the aircraft's distance to each area in flight, and the sync button.
 */
export default function FlightAreaPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const { view, syncing, error } = useAppSelector(selectFlightAreas(deviceId));
  useEffect(() => {
    dispatch(areasRequested(deviceId));
    const timer = setInterval(() => dispatch(areasRequested(deviceId)), REFRESH_MS);
    return () => {
      clearInterval(timer);
      dispatch(areasClosed(deviceId));
    };
  }, [dispatch, deviceId]);

  const summary = !view ? null : view.in_sync ? 'remote.areasInSync' : view.status === null ? 'remote.areasNever' : 'remote.areasOutOfSync';
  return (
    <Stack component="section" aria-label={t('remote.areasTitle')} spacing={1} data-in-sync={view ? String(view.in_sync) : undefined}>
      <Typography variant="subtitle2">{t('remote.areasTitle')}</Typography>
      {view ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {view.status ? <Chip size="small" label={t(`remote.areasStatus.${view.status}`)} color={view.in_sync ? 'success' : 'default'} /> : null}
          <Typography variant="body2">{t(summary!)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('remote.areasCount', { count: view.area_count })}
          </Typography>
        </Stack>
      ) : (
        <LinearProgress />
      )}
      {view?.reason ? <MuiAlert severity="error">{t(`remote.areasReason.${view.reason}`, { defaultValue: String(view.reason) })}</MuiAlert> : null}
      {view?.drone_locations.map((location) => (
        <Typography key={location.area_id} variant="body2" data-area={location.area_id}>
          {t('remote.areasDistance', {
            area: location.area_id,
            distance: location.area_distance,
            inside: t(location.is_in_area ? 'remote.areasInside' : 'remote.areasOutside'),
          })}
        </Typography>
      ))}
      {canOperate ? (
        <span>
          <Button size="small" variant="outlined" disabled={syncing} onClick={() => dispatch(areasSyncRequested(deviceId))}>
            {t('remote.areasSync')}
          </Button>
        </span>
      ) : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
    </Stack>
  );
}
