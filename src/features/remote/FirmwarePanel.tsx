import { Alert as MuiAlert, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPGRADE_KINDS, type UpgradeKind } from '@shared/dji/firmware';
import { TERMINAL_DEBUG_STATUSES } from '@shared/dji/remoteDebug';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import ConfirmDialog from '../../crud/ConfirmDialog';
import FirmwareUploadDialog from './FirmwareUploadDialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { otaClosed, otaRequested, otaUpgradeRequested } from './remoteSlice';
import { selectFirmware } from './selectors';

/** How often the device's firmware and the upgrade's progress are read again while the panel is shown. */
const REFRESH_MS = 2000;

/**
 * A dock's or its aircraft's firmware in its drawer: the version it runs, whether it needs a consistency upgrade, the
 * newest upgrade's progress, (device:operate) a package of its model to upgrade to, confirmed by naming the device, and
 * (device:write) the upload of a new package for its type.
 */
export default function FirmwarePanel({ deviceId, sn }: { deviceId: number; sn: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canOperate = useCan('device:operate');
  const canUpload = useCan('device:write');
  const [uploading, setUploading] = useState(false);
  const { view, sending, error } = useAppSelector(selectFirmware(deviceId));
  const [picked, setPicked] = useState<number | ''>('');
  const [kind, setKind] = useState<UpgradeKind>('normal');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    dispatch(otaRequested(deviceId));
    const timer = setInterval(() => dispatch(otaRequested(deviceId)), REFRESH_MS);
    return () => {
      clearInterval(timer);
      dispatch(otaClosed(deviceId));
    };
  }, [dispatch, deviceId]);

  const firmware = view?.firmwares.find((f) => f.id === picked);
  const job = view?.job;
  const running = job ? !TERMINAL_DEBUG_STATUSES.has(job.status) : false;
  const upgrade = () => {
    setConfirming(false);
    if (firmware) dispatch(otaUpgradeRequested({ deviceId, request: { firmware_id: firmware.id, upgrade_type: kind, confirm_sn: sn } }));
  };
  return (
    <Stack component="section" aria-label={t('remote.firmwareTitle')} spacing={1}>
      <Typography variant="subtitle2">{t('remote.firmwareTitle')}</Typography>
      {view ? <Typography variant="body2">{`${t('remote.firmwareVersion')}: ${view.firmware_version ?? '—'}`}</Typography> : <LinearProgress />}
      {view?.needs_consistency_upgrade ? <MuiAlert severity="warning">{t('remote.firmwareNeedsConsistency')}</MuiAlert> : null}
      {job ? (
        <Stack spacing={0.5} data-status={job.status}>
          <Typography variant="body2">
            {`${job.product_version} · ${t(`remote.firmwareStatus.${job.status}`)}${job.step_key ? ` · ${t(`remote.firmwareSteps.${job.step_key}`, { defaultValue: job.step_key })}` : ''}`}
          </Typography>
          {running || job.percent !== null ? (
            <LinearProgress variant={job.percent === null ? 'indeterminate' : 'determinate'} value={job.percent ?? 0} aria-label={t('remote.firmwareTitle')} />
          ) : null}
          {job.result !== 0 ? (
            <MuiAlert severity="error">{t('remote.jobFailed', { result: job.result, meaning: remoteErrorMeaning(job.result)?.key ?? 'unknown' })}</MuiAlert>
          ) : null}
        </Stack>
      ) : null}
      {view && canOperate ? (
        view.firmwares.length ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('remote.firmwarePackage')}
              value={picked}
              onChange={(event) => setPicked(Number(event.target.value))}
              sx={{ minWidth: 160 }}
            >
              {view.firmwares.map((f) => (
                <MenuItem key={f.id} value={f.id} title={f.release_note}>
                  {f.product_version}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('remote.firmwareKind')} value={kind} onChange={(event) => setKind(event.target.value as UpgradeKind)}>
              {UPGRADE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`remote.firmwareKinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button size="small" variant="outlined" disabled={!firmware || sending || running} onClick={() => setConfirming(true)}>
              {t('remote.firmwareUpgrade')}
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('remote.firmwareNone')}
          </Typography>
        )
      ) : null}
      {view && canUpload ? (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} disabled={sending} onClick={() => setUploading(true)}>
          {t('remote.firmwareUpload')}
        </Button>
      ) : null}
      {error ? <MuiAlert severity="error">{t(error.key, error.params)}</MuiAlert> : null}
      {uploading && view ? <FirmwareUploadDialog deviceId={deviceId} deviceType={view.device_type} onClose={() => setUploading(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('remote.firmwareUpgrade')}
        body={t('remote.firmwareConfirm', { sn, version: firmware?.product_version ?? '' })}
        onConfirm={upgrade}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
