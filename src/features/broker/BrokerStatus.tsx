import AirIcon from '@mui/icons-material/Air';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectBrokerStatus, selectCurrentWeather, selectOnlineSummary, selectWeather } from './selectors';
import type { BrokerStatus as Status } from './brokerSlice';

const DOT_COLOURS: Record<Status, string> = {
  idle: '#9e9e9e',
  connecting: '#ffb300',
  connected: '#43a047',
  reconnecting: '#fb8c00',
  error: '#e53935',
  closed: '#9e9e9e',
};

/** A coloured dot with the connection status as tooltip. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useAppSelector(selectBrokerStatus);
  const online = useAppSelector(selectOnlineSummary);
  const label = t('broker.status.label', { status: t(`broker.status.${status}`) });
  const title = online ? `${label} · ${t('broker.online', { count: online.onlineCount, total: online.total })}` : label;
  return (
    <Tooltip title={title}>
      <Box
        component="span"
        role="status"
        aria-label={label}
        data-testid="broker-indicator"
        data-status={status}
        sx={{ display: 'inline-flex', alignItems: 'center', px: 0.5 }}
      >
        <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOURS[status], boxShadow: '0 0 0 2px rgba(255,255,255,0.6)' }} />
      </Box>
    </Tooltip>
  );
}

/** Wind, temperature and the flyable verdict of the current area. */
export function WeatherWidget() {
  const { t } = useTranslation();
  const station = useAppSelector(selectCurrentWeather);
  const report = useAppSelector(selectWeather);
  if (!station) return null;
  const reasons = station.reasons.map((r) => t(`broker.weather.reasons.${r}`, { defaultValue: r })).join('、');
  const summary = t('broker.weather.summary', {
    name: station.name,
    speed: station.windSpeed,
    gust: station.gust,
    direction: station.windDirection,
    temperature: station.temperature,
    humidity: station.humidity,
    visibility: station.visibility,
    precipitation: station.precipitation,
  });
  const title = [summary, reasons, report?.source === 'simulated' ? t('broker.weather.simulated') : ''].filter(Boolean).join(' · ');
  return (
    <Tooltip title={title}>
      <Box
        data-testid="broker-weather"
        aria-label={`${t('broker.weather.label')}: ${summary}`}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
      >
        <AirIcon fontSize="small" />
        <Typography variant="body2" component="span">
          {t('broker.weather.wind', { speed: station.windSpeed })} · {station.temperature}°C
        </Typography>
        <Chip
          size="small"
          label={station.flyable ? t('broker.weather.flyable') : t('broker.weather.notFlyable')}
          color={station.flyable ? 'success' : 'warning'}
          data-flyable={station.flyable}
        />
      </Box>
    </Tooltip>
  );
}

/** Header widget: connection dot and current weather. */
export default function BrokerStatus() {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <WeatherWidget />
      <ConnectionIndicator />
    </Box>
  );
}
