import { Alert, Button, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUSES } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormat } from '../../shared/format';
import { DeviceLiveDetails } from '../devicelink';
import { SourceLivePanel } from '../live';
import DroneFlight from './DroneFlight';
import DroneTaskPanel from './DroneTaskPanel';
import { platformTaskId } from './droneTask';
import { useFleetFrame } from './fleetStore';
import { selectConformance, selectFleetNames } from './selectors';
import { droneSelected, followToggled } from './situationSlice';
import FieldRows from './FieldRows';

/**
 * The selected drone's card: its newest sample (once a snapshot), its open conformance alert, its command flight (fly to
 * a point picked on the map, live flight controls), the task it flies (with pause / resume / return home), its DJI live
 * fields and HMS alerts, follow and close.
 */
export default function DroneDetail({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const follow = useAppSelector((s) => s.situation.follow);
  const frame = useFleetFrame();
  const alert = useAppSelector(selectConformance).alerts.find((a) => a.device_sn === sn);
  const name = useAppSelector(selectFleetNames)[sn];
  const slot = frame.sn.indexOf(sn);
  if (slot < 0) return null;
  const status = DEVICE_STATUSES[frame.status[slot]];
  const taskId = frame.taskId[slot];
  // A task of ours gets its own section; one the aircraft names itself is shown as it says.
  const platformTask = platformTaskId(taskId);
  const rows: Array<[string, string]> = [
    [t('situation.name'), name ?? '—'],
    [t('situation.sn'), sn],
    [t('situation.status'), t(`situation.statuses.${status}`, { defaultValue: status })],
    [t('situation.battery'), fmt.percent(frame.battery[slot])],
    [t('situation.position'), `${frame.lat[slot].toFixed(6)}, ${frame.lng[slot].toFixed(6)}`],
    [t('situation.altitude'), fmt.altitude(frame.alt[slot])],
    [t('situation.speed'), fmt.speed(frame.speed[slot])],
    [t('situation.heading'), `${Math.round(frame.heading[slot])}°`],
    ...(platformTask === null ? [[t('situation.task'), taskId === undefined ? '—' : String(taskId)] as [string, string]] : []),
    [t('situation.lastSeen'), fmt.time(frame.sampleAt[slot])],
  ];
  return (
    <Card variant="outlined" role="region" aria-label={t('situation.detail')}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>
            {t('situation.detail')}
          </Typography>
          <IconButton size="small" aria-label={t('situation.close')} onClick={() => dispatch(droneSelected(null))}>
            ×
          </IconButton>
        </Stack>
        {alert && (
          <Alert severity="error" sx={{ my: 1 }}>
            {t(`situation.rules.${alert.code}`, { defaultValue: alert.code })}
          </Alert>
        )}
        <FieldRows rows={rows} />
        <DroneFlight sn={sn} aircraft={name ?? sn} />
        {platformTask !== null && <DroneTaskPanel taskId={platformTask} aircraft={name ?? sn} />}
        <DeviceLiveDetails sn={sn} />
        <SourceLivePanel sn={sn} />
        <Button size="small" variant={follow ? 'contained' : 'outlined'} sx={{ mt: 1 }} onClick={() => dispatch(followToggled())}>
          {t('situation.follow')}
        </Button>
      </CardContent>
    </Card>
  );
}
