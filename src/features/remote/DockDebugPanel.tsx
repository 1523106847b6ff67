import { Alert as MuiAlert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debugMethod, TERMINAL_DEBUG_STATUSES, type DebugMethodName, type DebugView } from '@shared/dji/remoteDebug';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { debugClosed, debugCommandRequested, debugRequested } from './remoteSlice';
import { selectDockDebug } from './selectors';

/** How often the dock's state and its job's progress are read again while the panel is shown. */
const REFRESH_MS = 1000;

/** The actions of the switches: the air conditioner's modes, battery maintenance off/on. */
const ACTIONS: Partial<Record<DebugMethodName, { texts: string; values: number[] }>> = {
  air_conditioner_mode_switch: { texts: 'remote.airConditionerModes', values: [0, 1, 2, 3] },
  battery_maintenance_switch: { texts: 'remote.batteryMaintenance', values: [0, 1] },
};

/** The dock's live state next to the buttons: mode, cover, aircraft in dock, charging, environment. */
function DockState({ view }: { view: DebugView }) {
  const { t } = useTranslation();
  const dock = view.live?.dock;
  const yesNo = (value: number | undefined) => (value === undefined ? '—' : t(value ? 'remote.yes' : 'remote.no'));
  const rows: [string, string][] = [
    ['remote.mode', t(`remote.modes.${view.mode_code ?? 'unknown'}`, { defaultValue: String(view.mode_code) })],
    ['remote.cover', dock?.coverState === undefined ? '—' : t(`remote.covers.${dock.coverState}`)],
    ['remote.droneInDock', yesNo(dock?.droneInDock)],
    ['remote.charging', yesNo(dock?.droneCharging)],
    ['remote.rainfall', dock?.rainfall === undefined ? '—' : t(`remote.rainfalls.${dock.rainfall}`)],
    ['remote.wind', view.live?.windSpeed === undefined ? '—' : `${view.live.windSpeed} m/s`],
    ['remote.temperature', dock?.environmentTemperature === undefined ? '—' : `${dock.environmentTemperature} °C`],
    ['remote.emergencyStop', yesNo(dock?.emergencyStop)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }} data-field={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The newest job with DJI's progress (status, percent, step), and its failure in words. */
function JobProgress({ job }: { job: NonNullable<DebugView['job']> }) {
  const { t } = useTranslation();
  const running = !TERMINAL_DEBUG_STATUSES.has(job.status);
  return (
    <Stack spacing={0.5} aria-label={t('remote.job')} data-job={job.method} data-status={job.status}>
      <Typography variant="body2">
        {`${t('remote.job')}: ${t(`remote.methods.${job.method}`)} · ${t(`remote.jobStatus.${job.status}`)}${job.step_key ? ` · ${job.step_key}` : ''}`}
      </Typography>
      {running || job.percent !== null ? (
        <LinearProgress
          variant={job.percent === null ? 'indeterminate' : 'determinate'}
          value={job.percent ?? 0}
          aria-label={t(`remote.methods.${job.method}`)}
        />
      ) : null}
      {job.result !== 0 ? (
        <MuiAlert severity="error">{t('remote.jobFailed', { result: job.result, meaning: remoteErrorMeaning(job.result)?.key ?? 'unknown' })}</MuiAlert>
      ) : null}
    </Stack>
  );
}

/** A switch (air conditioner, battery maintenance): its action picked, then sent. */
function SwitchCommand({ method, disabled, onSend }: { method: DebugMethodName; disabled: boolean; onSend: (action: number) => void }) {
  const { t } = useTranslation();
  const spec = ACTIONS[method]!;
  const [action, setAction] = useState(spec.values[0]);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t(`remote.methods.${method}`)}
        value={action}
        disabled={disabled}
        onChange={(event) => setAction(Number(event.target.value))}
        sx={{ minWidth: 150 }}
      >
        {spec.values.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`${spec.texts}.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" variant="outlined" disabled={disabled} onClick={() => onSend(action)}>
        {t('remote.send')}
      </Button>
    </Stack>
  );
}

/** A dock's remote debugging in its drawer: its live state, the newest job's progress and the debug services. */
export default function DockDebugPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const { view, sending, error } = useAppSelector(selectDockDebug(deviceId));
  useEffect(() => {
    dispatch(debugRequested(deviceId));
    const timer = setInterval(() => dispatch(debugRequested(deviceId)), REFRESH_MS);
    return () => {
      clearInterval(timer);
      dispatch(debugClosed(deviceId));
    };
  }, [dispatch, deviceId]);

  const send = (method: DebugMethodName, action?: number) => dispatch(debugCommandRequested({ deviceId, command: { method, action } }));
  return (
    <Stack component="section" aria-label={t('remote.debugTitle')} spacing={1}>
      <Typography variant="subtitle2">{t('remote.debugTitle')}</Typography>
      {view && !view.online ? <Typography color="text.secondary">{t('remote.offline')}</Typography> : null}
      {view ? <DockState view={view} /> : <LinearProgress />}
      {view?.job ? <JobProgress job={view.job} /> : null}
      {view && canOperate ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {view.methods.map(({ method, refusal }) => {
            const disabled = refusal !== null || sending !== null;
            const hint = refusal === 'not_in_debug_mode' ? t('remote.notInDebug') : undefined;
            return debugMethod(method).action ? (
              <SwitchCommand key={method} method={method} disabled={disabled} onSend={(action) => send(method, action)} />
            ) : (
              <span key={method} title={hint}>
                <Button size="small" variant={method === 'debug_mode_open' ? 'contained' : 'outlined'} disabled={disabled} onClick={() => send(method)}>
                  {t(`remote.methods.${method}`)}
                </Button>
              </span>
            );
          })}
        </Stack>
      ) : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
    </Stack>
  );
}
