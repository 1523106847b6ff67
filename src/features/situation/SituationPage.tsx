import { Box, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUSES } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectBrokerStatus, selectCurrentWeather, selectOnlineSummary } from '../broker';
import { overlaysRequested } from '../map';
import { PageFrame } from '../pages';
import ConformanceAlerts from './ConformanceAlerts';
import DroneDetail from './DroneDetail';
import DroneList from './DroneList';
import { useFleetFeed } from './fleetFeed';
import { FleetStore, FleetStoreContext } from './fleetStore';
import { selectDroneSearch, selectFleetSummary, selectSelectedDrone, selectStatusFilter } from './selectors';
import { droneSearchChanged, statusFilterChanged, type StatusFilter } from './situationSlice';
import { conformanceWatchStarted, conformanceWatchStopped } from './viewActions';

const SituationMap = lazy(() => import(/* webpackChunkName: "page-tas-map" */ './SituationMap'));

const FILTERS: StatusFilter[] = ['all', 'flying', 'online', 'maintenance', 'offline', 'flagged'];

function Header() {
  const { t } = useTranslation();
  const online = useAppSelector(selectOnlineSummary);
  const weather = useAppSelector(selectCurrentWeather);
  const status = useAppSelector(selectBrokerStatus);
  const { reporting, counts } = useAppSelector(selectFleetSummary);
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        aria-label={t('situation.online')}
        color="primary"
        label={`${t('situation.online')} ${online ? t('situation.onlineValue', { online: online.onlineCount, total: online.total }) : '—'}`}
      />
      <Chip label={`${t('situation.reporting')} ${reporting}`} aria-label={t('situation.reporting')} />
      <Chip label={`${t('situation.flagged')} ${counts.flagged}`} color={counts.flagged ? 'error' : 'default'} aria-label={t('situation.flagged')} />
      <Chip
        aria-label={t('situation.weather')}
        color={weather ? (weather.flyable ? 'success' : 'warning') : 'default'}
        label={
          weather
            ? `${t('situation.weatherValue', { name: weather.name, temperature: weather.temperature, wind: weather.windSpeed })} · ${weather.flyable ? t('situation.flyable') : t('situation.notFlyable')}`
            : t('situation.noWeather')
        }
      />
      <Typography variant="caption" color="text.secondary">
        {t('situation.broker')}: {t(`broker.status.${status}`)}
      </Typography>
    </Stack>
  );
}

/** The status filter, each option with its count from the newest snapshot. */
function StatusSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const statusFilter = useAppSelector(selectStatusFilter);
  const { counts } = useAppSelector(selectFleetSummary);
  const all = DEVICE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <TextField
      select
      size="small"
      label={t('situation.status')}
      value={statusFilter}
      onChange={(e) => dispatch(statusFilterChanged(e.target.value as StatusFilter))}
    >
      {FILTERS.map((f) => (
        <MenuItem key={f} value={f}>
          {f === 'all' ? `${t('situation.all')} (${all})` : `${t(`situation.statuses.${f}`)} (${counts[f]})`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /Tas: the live fleet over the plans active now and project areas, with online count, weather, the open conformance
 * alerts (their aircraft flagged) and a drone list.
 */
export default function SituationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectDroneSearch);
  const selectedSn = useAppSelector(selectSelectedDrone);
  const [store] = useState(() => new FleetStore());
  useFleetFeed(store);

  useEffect(() => void dispatch(overlaysRequested()), [dispatch]);
  useEffect(() => {
    dispatch(conformanceWatchStarted());
    return () => void dispatch(conformanceWatchStopped());
  }, [dispatch]);

  return (
    <FleetStoreContext.Provider value={store}>
      <PageFrame title={t('menu.tas')}>
        <Header />
        <Box sx={{ display: 'flex', gap: 2, height: 'calc(100vh - 260px)', minHeight: 460 }}>
          <Paper
            variant="outlined"
            component="aside"
            sx={{ width: 300, flexShrink: 0, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, overflow: 'hidden' }}
          >
            <TextField size="small" label={t('situation.search')} value={search} onChange={(e) => dispatch(droneSearchChanged(e.target.value))} />
            <StatusSelect />
            <ConformanceAlerts />
            {selectedSn && <DroneDetail sn={selectedSn} />}
            <DroneList />
          </Paper>
          <Box sx={{ flex: 1, position: 'relative', display: 'flex' }}>
            <Suspense fallback={null}>
              <SituationMap />
            </Suspense>
          </Box>
        </Box>
      </PageFrame>
    </FleetStoreContext.Provider>
  );
}
