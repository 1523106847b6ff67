import { Alert as MuiAlert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { DRC_KEYS, EMERGENCY_STOP_KEY, type DrcKey } from './drcControls';
import { drcControlStopped, drcEmergencyStopRequested, drcEnterRequested, drcExitRequested, drcKeysChanged } from './remoteSlice';
import { selectDrc } from './selectors';

/** Keys typed into a field are the field's, not the aircraft's. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

const shown = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? '—' : value.toFixed(digits));

/**
 * Live flight controls of a device's aircraft (beside its command flight): enter after a confirmation naming the
 * aircraft, then the keyboard drives it (DRC_KEYS, Space the emergency stop) while the page has focus; shows the link,
 * the aircraft's position, obstacle distances and the delays. The link itself is the saga's (drcSaga.ts).
 */
export default function DrcPanel({ deviceId, aircraftSn }: { deviceId: number; aircraftSn: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const drc = useAppSelector(selectDrc(deviceId));
  const [confirming, setConfirming] = useState(false);
  const active = drc.phase === 'active';

  useEffect(() => {
    if (!active) return;
    const held = new Set<DrcKey>();
    const changed = () => dispatch(drcKeysChanged({ deviceId, held: [...held] }));
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      if (event.code === EMERGENCY_STOP_KEY) {
        event.preventDefault();
        held.clear();
        dispatch(drcEmergencyStopRequested(deviceId));
        return;
      }
      const key = DRC_KEYS[event.code];
      if (!key) return;
      event.preventDefault();
      if (held.has(key)) return;
      held.add(key);
      changed();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      const key = DRC_KEYS[event.code];
      if (!key || !held.delete(key)) return;
      changed();
    };
    const lostFocus = () => {
      held.clear();
      dispatch(drcControlStopped({ deviceId, reason: 'blur' }));
    };
    const onVisibility = () => document.visibilityState === 'hidden' && lostFocus();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', lostFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', lostFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, deviceId, dispatch]);

  // Leaving the page leaves DRC.
  const linked = useRef(false);
  linked.current = drc.phase !== 'idle';
  useEffect(
    () => () => {
      if (linked.current) dispatch(drcExitRequested(deviceId));
    },
    [deviceId, dispatch],
  );

  const { osd, obstacles } = drc;
  return (
    <Stack component="section" aria-label={t('remote.drc.title')} spacing={1} data-phase={drc.phase}>
      <Typography variant="subtitle2">
        {t('remote.drc.title')}: {t(`remote.drc.phases.${drc.phase}`)}
      </Typography>
      <Stack direction="row" spacing={1}>
        {drc.phase === 'idle' ? (
          <Button size="small" variant="outlined" onClick={() => setConfirming(true)}>
            {t('remote.drc.enter')}
          </Button>
        ) : (
          <>
            <Button size="small" color="error" variant="contained" disabled={!active} onClick={() => dispatch(drcEmergencyStopRequested(deviceId))}>
              {t('remote.drc.emergencyStop')}
            </Button>
            <Button size="small" disabled={drc.phase === 'exiting'} onClick={() => dispatch(drcExitRequested(deviceId))}>
              {t('remote.drc.exit')}
            </Button>
          </>
        )}
      </Stack>
      {active ? <Typography variant="caption">{t('remote.drc.keys')}</Typography> : null}
      {osd ? (
        <Typography variant="body2" data-testid="drc-position" data-lat={osd.latitude} data-lng={osd.longitude}>
          {t('remote.drc.position', {
            lat: osd.latitude.toFixed(6),
            lng: osd.longitude.toFixed(6),
            height: shown(osd.height),
            heading: shown(osd.attitude_head, 0),
          })}
        </Typography>
      ) : null}
      {active ? <Typography variant="body2">{t('remote.drc.delay', { sdr: shown(drc.sdrDelayMs, 0), rtt: shown(drc.roundTripMs, 0) })}</Typography> : null}
      {obstacles ? (
        <Typography variant="body2">
          {t('remote.drc.obstacles', {
            front: shown(obstacles.front),
            right: shown(obstacles.right),
            back: shown(obstacles.back),
            left: shown(obstacles.left),
            up: shown(obstacles.up),
            down: shown(obstacles.down),
          })}
        </Typography>
      ) : null}
      {drc.stopped ? <MuiAlert severity="warning">{t(`remote.drc.stopped.${drc.stopped}`)}</MuiAlert> : null}
      {drc.error ? <MuiAlert severity="error">{t(drc.error.key, drc.error.params)}</MuiAlert> : null}
      <ConfirmDialog
        open={confirming}
        title={t('remote.drc.enter')}
        body={t('remote.drc.confirm', { sn: aircraftSn })}
        onConfirm={() => {
          setConfirming(false);
          dispatch(drcEnterRequested({ deviceId, confirmSn: aircraftSn }));
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
