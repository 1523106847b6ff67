import { Alert, Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormat } from '../../shared/format';
import { selectAircraftSn, selectComponents } from './controllerSlice';
import { liveshareFigures, liveshareState, type LiveshareState } from './liveshare';
import { liveshareStartRequested, liveshareStatusRequested, liveshareStopRequested, selectLiveshare } from './liveshareSlice';

const stateColor: Record<LiveshareState, 'success' | 'warning' | 'default'> = {
  living: 'success',
  connected: 'warning',
  disconnected: 'default',
  unknown: 'default',
};

/**
 * /djiapp/home: publish the aircraft's camera to the platform through Pilot 2's liveshare component, and its live
 * status; while publishing, until when the push URL takes a publish and what happens then.
 */
export default function LivesharePanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fmt = useFormat();
  const { phase, videoId, url, status, error } = useAppSelector(selectLiveshare);
  const state = liveshareState(status?.status ?? null);
  const componentLoaded = useAppSelector(selectComponents).liveshare === 'loaded';
  const aircraftSn = useAppSelector(selectAircraftSn);
  useEffect(() => {
    if (componentLoaded) dispatch(liveshareStatusRequested());
  }, [dispatch, componentLoaded]);
  const publishing = phase === 'publishing' || phase === 'stopping';

  return (
    <Paper component="section" aria-labelledby="liveshare-title" variant="outlined" sx={{ p: 3, display: 'grid', gap: 2 }} data-liveshare-phase={phase}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="liveshare-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('controller.liveshare.title')}
        </Typography>
        <Chip label={t(`controller.liveshare.state.${state}`)} color={stateColor[state]} data-liveshare-state={state} sx={{ fontSize: 20, height: 48 }} />
      </Box>
      <Typography color="text.secondary">{t('controller.liveshare.hint')}</Typography>
      {videoId ? <Typography>{t('controller.liveshare.video', { videoId })}</Typography> : null}
      {url && publishing ? (
        url.expired ? (
          <Alert severity="warning" data-liveshare-url="expired">
            {t('controller.liveshare.urlExpired', { time: fmt.dateTime(url.expiresAt) })}
          </Alert>
        ) : (
          <Box data-liveshare-url="valid">
            <Typography>
              {t(url.joined ? 'controller.liveshare.urlExpiresJoined' : 'controller.liveshare.urlExpires', { time: fmt.dateTime(url.expiresAt) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('controller.liveshare.atUrlExpiry')}
            </Typography>
          </Box>
        )
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 1 }}>
        {liveshareFigures(status).map(({ name, value, unit }) => (
          <Box key={name}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`controller.liveshare.${name}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-figure={name}>
              {value === null ? t('controller.liveshare.unknownValue') : t(`controller.liveshare.${unit}`, { value })}
            </Typography>
          </Box>
        ))}
      </Box>
      {error ? (
        <Typography role="alert" color="error.main">
          {t(error.key, error.params)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {publishing ? (
          <Button variant="outlined" color="error" disabled={phase === 'stopping'} onClick={() => dispatch(liveshareStopRequested())}>
            {phase === 'stopping' ? t('controller.liveshare.stopping') : t('controller.liveshare.stop')}
          </Button>
        ) : (
          <Button variant="contained" disabled={phase !== 'idle' || !componentLoaded || !aircraftSn} onClick={() => dispatch(liveshareStartRequested())}>
            {phase === 'preparing' ? t('controller.liveshare.preparing') : t('controller.liveshare.start')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
