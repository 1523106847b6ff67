import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { areaOfId } from '@shared/dji/flightReport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { DrcPanel, flightClosed, flightCommandRequested, selectFlight } from '../remote';
import FlyToDialog from './FlyToDialog';
import { remainingText } from './flyToRules';
import { flyToClosed, flyToPickStarted, selectAreaDistances, selectDeviceId, selectFlights, selectFlyTo } from './flightSlice';

/**
 * The commands of a card's aircraft (device:operate): fly to a point picked on the map, confirmed in a dialog naming it
 * (sent through the remote feature, whose refusal is shown here), and its live flight controls.
 */
function DroneCommands({ sn, aircraft, deviceId }: { sn: string; aircraft: string; deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const flyTo = useAppSelector(selectFlyTo);
  const { sending, error } = useAppSelector(selectFlight(deviceId));
  useEffect(() => () => void dispatch(flightClosed(deviceId)), [dispatch, deviceId]);
  const picking = flyTo?.sn === sn && flyTo.point === null;
  const point = flyTo?.sn === sn ? flyTo.point : null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          variant={picking ? 'contained' : 'outlined'}
          disabled={sending !== null}
          onClick={() => dispatch(picking ? flyToClosed() : flyToPickStarted(sn))}
        >
          {t(picking ? 'situation.flyTo.cancelPick' : 'situation.flyTo.pick')}
        </Button>
        {picking && (
          <Typography variant="caption" role="status">
            {t('situation.flyTo.picking')}
          </Typography>
        )}
      </Stack>
      {error && <Alert severity="error">{t(error.key, error.params)}</Alert>}
      {point && (
        <FlyToDialog
          aircraft={aircraft}
          sn={sn}
          point={point}
          onCancel={() => dispatch(flyToClosed())}
          onConfirm={(values) => {
            dispatch(flightCommandRequested({ deviceId, command: { kind: 'flyto', body: { ...point, ...values, confirm_sn: sn } } }));
            dispatch(flyToClosed());
          }}
        />
      )}
      <DrcPanel deviceId={deviceId} aircraftSn={sn} />
    </Stack>
  );
}

/**
 * A card's command flight as the aircraft reports it (sysinfo/flight): the take-off or fly-to under way with its
 * remaining distance and time, the distances to the custom flight areas; and, for an operator, its commands.
 */
export default function DroneFlight({ sn, aircraft }: { sn: string; aircraft: string }) {
  const { t } = useTranslation();
  const canOperate = useCan('device:operate');
  const deviceId = useAppSelector((state) => selectDeviceId(state, sn));
  const progress = useAppSelector(selectFlights)[sn];
  const areas = useAppSelector((state) => selectAreaDistances(state, sn));
  const remaining = progress && remainingText(progress.remaining_distance, progress.remaining_time);
  return (
    <Box component="section" aria-label={t('remote.flight.title')} sx={{ mt: 1 }}>
      {progress && remaining && (
        <Box role="status" data-testid="flyto-progress" data-remaining={progress.remaining_distance ?? ''}>
          <Typography variant="body2">
            {t('situation.flyTo.progress', { what: t(`remote.flight.kinds.${progress.kind}`), status: t(`remote.flight.statuses.${progress.status}`) })}
          </Typography>
          <Typography variant="body2">{t(`situation.flyTo.${remaining.key}`, remaining.params)}</Typography>
        </Box>
      )}
      {areas && areas.length > 0 && (
        <Box aria-label={t('situation.flyTo.areas')} component="ul" sx={{ m: 0, pl: 2, fontSize: 13 }}>
          {areas.map((area) => {
            const source = areaOfId(area.area_id);
            return (
              <li key={area.area_id}>
                {t(`situation.flyTo.area.${source.source}`, { id: source.id })}:{' '}
                {t(area.is_in_area ? 'situation.flyTo.areaInside' : 'situation.flyTo.areaOutside', { distance: area.area_distance.toFixed(1) })}
              </li>
            );
          })}
        </Box>
      )}
      {canOperate && deviceId !== undefined && <DroneCommands sn={sn} aircraft={aircraft} deviceId={deviceId} />}
    </Box>
  );
}
