import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';

export interface ChartInfo {
  from: string;
  to: string;
  flightsPerDay: Array<{ date: string; count: number }>;
  hoursPerDevice: Array<{ deviceId: number; name: string; hours: number }>;
  statusCounts: Record<string, Record<string, number>>;
  totals?: { flights: number; hours: number; distanceKm: number };
}

/** The three charts of /api/chartinfo/: flights per day, hours per device, status shares. */
export default function ReportCharts({ data }: { data: ChartInfo }) {
  const { t } = useTranslation();
  const plans = Object.entries(data.statusCounts.plans ?? {}).map(([status, value], id) => ({
    id,
    value,
    label: t(`airspace.planStatuses.${status}`, { defaultValue: status }),
  }));
  const devices = Object.entries(data.statusCounts.devices ?? {}).map(([status, value], id) => ({
    id,
    value,
    label: t(`devices.statuses.${status}`, { defaultValue: status }),
  }));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Box role="figure" aria-label={t('airspace.flightsPerDay')}>
        <Typography variant="subtitle2">{t('airspace.flightsPerDay')}</Typography>
        <LineChart
          height={240}
          xAxis={[{ scaleType: 'point', data: data.flightsPerDay.map((d) => d.date.slice(5)) }]}
          series={[{ data: data.flightsPerDay.map((d) => d.count), label: t('airspace.flights'), area: true }]}
        />
      </Box>
      <Box role="figure" aria-label={t('airspace.hoursPerDevice')}>
        <Typography variant="subtitle2">{t('airspace.hoursPerDevice')}</Typography>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: data.hoursPerDevice.length ? data.hoursPerDevice.map((d) => d.name) : ['—'] }]}
          series={[{ data: data.hoursPerDevice.length ? data.hoursPerDevice.map((d) => d.hours) : [0], label: t('airspace.hours') }]}
        />
      </Box>
      <Box role="figure" aria-label={t('airspace.statusShares')}>
        <Typography variant="subtitle2">{t('airspace.statusShares')}</Typography>
        <PieChart height={220} series={[{ data: plans, innerRadius: 40 }]} />
      </Box>
      <Box role="figure" aria-label={t('airspace.deviceShares')}>
        <Typography variant="subtitle2">{t('airspace.deviceShares')}</Typography>
        <PieChart height={220} series={[{ data: devices, innerRadius: 40 }]} />
      </Box>
    </Box>
  );
}
