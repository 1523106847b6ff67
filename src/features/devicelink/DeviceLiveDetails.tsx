import { Alert as MuiAlert, Box, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../i18n';
import { deviceWatchStarted, deviceWatchStopped } from './devicelinkSlice';
import { useFormat } from '../../shared/format';
import { ALERT_SEVERITY, fieldText, liveFields } from './liveFields';
import { selectDeviceAlerts, selectDeviceLive, tableLanguage } from './selectors';

/**
 * A device's DJI live fields and its active health (HMS, the server's texts from DJI's HMS table) and flight safety
 * (battery, link, return home) alerts, followed live while shown.
 */
export default function DeviceLiveDetails({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectDeviceLive(sn));
  const deviceAlerts = useAppSelector(selectDeviceAlerts(sn));
  // Health and safety alerts here; conformance alerts are the airspace views' (/Tas, the conformance history).
  const alerts = useMemo(() => deviceAlerts?.filter((alert) => alert.kind !== 'conformance'), [deviceAlerts]);
  const language = tableLanguage(useAppSelector(selectLanguage));

  useEffect(() => {
    dispatch(deviceWatchStarted(sn));
    return () => void dispatch(deviceWatchStopped(sn));
  }, [dispatch, sn]);

  const fmt = useFormat();
  const fields = live ? liveFields(live, language, fmt) : [];
  return (
    <Stack component="section" aria-label={t('devicelink.title')} spacing={1}>
      <Typography variant="subtitle2">{t('devicelink.title')}</Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary">{t('devicelink.noLive')}</Typography>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {fields.map(({ label, value }) => (
            <Box key={label} sx={{ display: 'contents' }} data-field={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`devicelink.fields.${label}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {fieldText(t, value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="subtitle2">{t('devicelink.alerts')}</Typography>
      {alerts?.length ? (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('devicelink.alerts')}>
          {alerts.map((alert) => (
            <li key={alert.id}>
              <MuiAlert severity={ALERT_SEVERITY[alert.level]} data-code={alert.code} data-level={alert.level}>
                {language === 'en' ? alert.message_en : alert.message_zh}
                {alert.count > 1 ? ` (${t('devicelink.alertCount', { count: alert.count })})` : ''}
              </MuiAlert>
            </li>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('devicelink.noAlerts')}</Typography>
      )}
    </Stack>
  );
}
