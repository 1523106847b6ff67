import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { subscriptionsChanged, selectBrokerStatus, selectCurrentWeather, selectOnlineSummary } from '../broker';
import { TOPIC_FLEET } from '@shared/live';
import { overlaysRequested } from '../map';
import { PageFrame } from '../pages';
import { colourOf, countByStatus, filterFleet } from './fleet';
import { selectApprovedAirspace, selectFleet, selectSituation } from './selectors';
import { droneSearchChanged, droneSelected, followToggled, statusFilterChanged, type StatusFilter } from './situationSlice';
import { useSampled } from './useSampled';

const SituationMap = lazy(() => import(/* webpackChunkName: "page-tas-map" */ './SituationMap'));
const NONE: ReadonlySet<string> = new Set();

const LIST_LIMIT = 100;

/** One list row; props are primitives so unchanged rows skip rendering. */
const DroneRow = memo(function DroneRow({
  sn,
  status,
  battery,
  alt,
  flagged,
  selected,
}: {
  sn: string;
  status: string;
  battery: number;
  alt: number;
  flagged: boolean;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <ListItemButton disableRipple selected={selected} onClick={() => dispatch(droneSelected(sn))}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colourOf(status, flagged), mr: 1, flexShrink: 0 }} />
      <ListItemText
        primary={sn}
        secondary={`${t(`situation.statuses.${status}`, { defaultValue: status })} · ${battery}% · ${alt} m${flagged ? ` · ${t('situation.flagged')}` : ''}`}
      />
    </ListItemButton>
  );
});
const FILTERS: StatusFilter[] = ['all', 'flying', 'online', 'maintenance', 'offline', 'flagged'];

function Header({ reporting, flagged }: { reporting: number; flagged: number }) {
  const { t } = useTranslation();
  const online = useAppSelector(selectOnlineSummary);
  const weather = useAppSelector(selectCurrentWeather);
  const status = useAppSelector(selectBrokerStatus);
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        aria-label={t('situation.online')}
        color="primary"
        label={`${t('situation.online')} ${online ? t('situation.onlineValue', { online: online.onlineCount, total: online.total }) : '—'}`}
      />
      <Chip label={`${t('situation.reporting')} ${reporting}`} aria-label={t('situation.reporting')} />
      <Chip label={`${t('situation.flagged')} ${flagged}`} color={flagged ? 'error' : 'default'} aria-label={t('situation.flagged')} />
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

function DetailCard({ sn, flagged }: { sn: string; flagged: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const follow = useAppSelector((s) => s.situation.follow);
  const sample = useSampled((s) => s.broker.telemetry[sn]?.latest ?? null, 500);
  if (!sample) return null;
  const rows: Array<[string, string]> = [
    [t('situation.sn'), sample.sn],
    [t('situation.status'), t(`situation.statuses.${sample.status}`, { defaultValue: sample.status })],
    [t('situation.battery'), `${Math.round(sample.battery)}%`],
    [t('situation.altitude'), `${sample.alt.toFixed(1)} m`],
    [t('situation.speed'), `${sample.speed.toFixed(1)} m/s`],
    [t('situation.heading'), `${Math.round(sample.heading)}°`],
    [t('situation.task'), sample.taskId === undefined || sample.taskId === null ? '—' : String(sample.taskId)],
    [t('situation.lastSeen'), new Date(sample.at).toLocaleTimeString()],
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
        {flagged && (
          <Alert severity="error" sx={{ my: 1 }}>
            {t('situation.outside')}
          </Alert>
        )}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, fontSize: 14 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }} data-field={label}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        <Button size="small" variant={follow ? 'contained' : 'outlined'} sx={{ mt: 1 }} onClick={() => dispatch(followToggled())}>
          {t('situation.follow')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /Tas: the live fleet over approved airspace and project areas, with online count, weather and a drone list. */
export default function SituationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search, statusFilter, selectedSn } = useAppSelector(selectSituation);
  const airspace = useAppSelector(selectApprovedAirspace);
  // Telemetry changes many times a second: the list, counters and geofence check follow it once a second.
  const fleet = useSampled(selectFleet, 1000);

  useEffect(() => {
    dispatch(subscriptionsChanged({ add: [TOPIC_FLEET] }));
    dispatch(overlaysRequested());
    return () => void dispatch(subscriptionsChanged({ remove: [TOPIC_FLEET] }));
  }, [dispatch]);

  // The geofence check (turf) loads with the map rather than with the page.
  const [geofence, setGeofence] = useState<typeof import('./geofence') | null>(null);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "page-tas-map" */ './geofence').then((m) => live && setGeofence(m));
    return () => {
      live = false;
    };
  }, []);
  const flagged = useMemo(
    () =>
      geofence
        ? geofence.flaggedDrones(
            (function* () {
              for (const sn in fleet) yield fleet[sn].latest;
            })(),
            airspace,
          )
        : NONE,
    [geofence, fleet, airspace],
  );
  const rows = useMemo(() => filterFleet(fleet, search, statusFilter, flagged), [fleet, search, statusFilter, flagged]);
  const counts = useMemo(() => countByStatus(fleet), [fleet]);
  const reporting = Object.keys(fleet).length;

  return (
    <PageFrame title={t('menu.tas')}>
      <Header reporting={reporting} flagged={flagged.size} />
      <Box sx={{ display: 'flex', gap: 2, height: 'calc(100vh - 260px)', minHeight: 460 }}>
        <Paper
          variant="outlined"
          component="aside"
          sx={{ width: 300, flexShrink: 0, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, overflow: 'hidden' }}
        >
          <TextField size="small" label={t('situation.search')} value={search} onChange={(e) => dispatch(droneSearchChanged(e.target.value))} />
          <TextField
            select
            size="small"
            label={t('situation.status')}
            value={statusFilter}
            onChange={(e) => dispatch(statusFilterChanged(e.target.value as StatusFilter))}
          >
            {FILTERS.map((f) => (
              <MenuItem key={f} value={f}>
                {f === 'all'
                  ? `${t('situation.all')} (${reporting})`
                  : `${t(`situation.statuses.${f}`)} (${f === 'flagged' ? flagged.size : (counts[f] ?? 0)})`}
              </MenuItem>
            ))}
          </TextField>
          {selectedSn && <DetailCard sn={selectedSn} flagged={flagged.has(selectedSn)} />}
          <List dense aria-label={t('menu.tas')} sx={{ overflowY: 'auto', flex: 1, minHeight: 80 }}>
            {rows.slice(0, LIST_LIMIT).map((d) => (
              <DroneRow
                key={d.sn}
                sn={d.sn}
                status={d.status}
                battery={Math.round(d.battery)}
                alt={Math.round(d.alt)}
                flagged={flagged.has(d.sn)}
                selected={d.sn === selectedSn}
              />
            ))}
            {rows.length > LIST_LIMIT && (
              <Typography variant="caption" color="text.secondary" sx={{ p: 1, display: 'block' }}>
                {t('situation.more', { count: rows.length - LIST_LIMIT })}
              </Typography>
            )}
            {reporting === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
                {t('situation.noDrones')}
              </Typography>
            )}
          </List>
        </Paper>
        <Box sx={{ flex: 1, position: 'relative', display: 'flex' }}>
          <Suspense fallback={null}>
            <SituationMap flagged={flagged} />
          </Suspense>
        </Box>
      </Box>
    </PageFrame>
  );
}
