import { Alert as MuiAlert, Button, Checkbox, FormControlLabel, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickedUpload, TERMINAL_LOG_STATUSES } from '@shared/dji/deviceLogs';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { logArchiveRequested, logBootsRequested, logCancelRequested, logsClosed, logUploadRequested, logUploadsRequested } from './remoteSlice';
import { selectLogs } from './selectors';

/** How often the uploads' progress is read again while the panel is shown. */
const REFRESH_MS = 2000;

const time = (ms: number) => new Date(ms).toLocaleString();

/**
 * A dock's logs in its drawer: (device:operate) the boots the dock and its aircraft keep logs of, asked of the dock,
 * an upload of the picked ones, its progress per file, its cancel, and each uploaded archive to save.
 */
export default function LogsPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const { boots, uploads, busy, error } = useAppSelector(selectLogs(deviceId));
  const [picked, setPicked] = useState<Record<string, number[]>>({});
  useEffect(() => {
    dispatch(logUploadsRequested(deviceId));
    const timer = setInterval(() => dispatch(logUploadsRequested(deviceId)), REFRESH_MS);
    return () => {
      clearInterval(timer);
      dispatch(logsClosed(deviceId));
    };
  }, [dispatch, deviceId]);

  const toggle = (module: string, boot: number) =>
    setPicked((current) => {
      const list = current[module] ?? [];
      return { ...current, [module]: list.includes(boot) ? list.filter((b) => b !== boot) : [...list, boot] };
    });
  const request = pickedUpload(picked);
  const running = uploads?.find((u) => !TERMINAL_LOG_STATUSES.has(u.status));
  return (
    <Stack component="section" aria-label={t('remote.logs.title')} spacing={1}>
      <Typography variant="subtitle2">{t('remote.logs.title')}</Typography>
      {canOperate ? (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => dispatch(logBootsRequested(deviceId))}>
            {t('remote.logs.list')}
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={busy || !request || running !== undefined}
            onClick={() => {
              if (request) dispatch(logUploadRequested({ deviceId, input: request }));
              setPicked({});
            }}
          >
            {t('remote.logs.upload')}
          </Button>
          {running ? (
            <Button size="small" color="warning" disabled={busy} onClick={() => dispatch(logCancelRequested(deviceId))}>
              {t('remote.logs.cancel')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {boots?.map((device) => (
        <Stack key={`${device.module}-${device.device_sn}`} spacing={0} aria-label={t(`remote.logs.modules.${device.module}`, { defaultValue: device.module })}>
          <Typography variant="body2">{`${t(`remote.logs.modules.${device.module}`, { defaultValue: device.module })} · ${device.device_sn}`}</Typography>
          {device.list.map((boot) => (
            <FormControlLabel
              key={boot.boot_index}
              control={
                <Checkbox
                  size="small"
                  checked={(picked[device.module] ?? []).includes(boot.boot_index)}
                  onChange={() => toggle(device.module, boot.boot_index)}
                />
              }
              label={t('remote.logs.boot', { index: boot.boot_index, from: time(boot.start_time), to: time(boot.end_time), kb: Math.round(boot.size / 1024) })}
            />
          ))}
        </Stack>
      ))}
      {uploads?.map((upload) => (
        <Stack key={upload.id} spacing={0.5} data-status={upload.status} aria-label={t('remote.logs.uploadTitle', { id: upload.id })}>
          <Typography variant="body2">
            {`${t('remote.logs.uploadTitle', { id: upload.id })} · ${upload.username ?? '—'} · ${t(`remote.logs.statuses.${upload.status}`)}`}
          </Typography>
          {upload.result !== 0 ? (
            <MuiAlert severity="error">
              {t('remote.jobFailed', { result: upload.result, meaning: remoteErrorMeaning(upload.result)?.key ?? 'unknown' })}
            </MuiAlert>
          ) : null}
          {upload.files.map((file) => (
            <Stack key={file.module} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" sx={{ minWidth: 64 }}>
                {t(`remote.logs.modules.${file.module}`)}
              </Typography>
              <LinearProgress variant="determinate" value={file.progress} sx={{ flex: 1 }} aria-label={t(`remote.logs.modules.${file.module}`)} />
              {file.status === 'ok' && canOperate ? (
                <Button
                  size="small"
                  onClick={() =>
                    dispatch(logArchiveRequested({ deviceId, upload: upload.id, module: file.module, name: `${file.device_sn}-logs-${upload.id}.tar` }))
                  }
                >
                  {t('remote.logs.download')}
                </Button>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ))}
      {busy ? <LinearProgress /> : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
    </Stack>
  );
}
