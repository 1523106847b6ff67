import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';

export interface ChartInfo {
  from: string;
  to: string;
  flightsPerDay: Array<{ date: string; count: number }>;
  hoursPerDevice: Array<{ deviceId: number; name: string; hours: number }>;
  statusCounts: Record<string, Record<string, number>>;
  totals?: { flights: number; hours: number; distanceKm: number };
}

/** Pie slices narrower than this carry no value label (it would not fit). */
const PIE_LABEL_MIN_ANGLE = 20;

/**
 * The charts of /api/chartinfo/: flights per day, hours per device, status shares. Axis labels, dates, values and the
 * empty state in the app language (through the app's formatter); device names on the bars.
 */
export default function ReportCharts({ data }: { data: ChartInfo }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // The charts' own texts ("No data to display"), translated.
  const localeText = { noData: t('airspace.chartNoData'), loading: t('airspace.chartsLoading') };
  const shares = (counts: Record<string, number> | undefined, statusKey: string) =>
    Object.entries(counts ?? {}).map(([status, value], id) => ({ id, value, label: t(`${statusKey}.${status}`, { defaultValue: status }) }));
  const pie = (slices: ReturnType<typeof shares>) => [
    {
      data: slices,
      innerRadius: 40,
      arcLabel: (item: { value: number }) => fmt.count(item.value),
      arcLabelMinAngle: PIE_LABEL_MIN_ANGLE,
      valueFormatter: (item: { value: number }) => fmt.count(item.value),
    },
  ];
  const days = data.flightsPerDay.map((d) => dayjs(d.date).toDate());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Box role="figure" aria-label={t('airspace.flightsPerDay')}>
        <Typography variant="subtitle2">{t('airspace.flightsPerDay')}</Typography>
        <LineChart
          height={260}
          localeText={localeText}
          xAxis={[{ scaleType: 'time', data: days, label: t('airspace.chartDate'), valueFormatter: (day: Date) => fmt.date(day), tickNumber: 6 }]}
          yAxis={[{ label: t('airspace.flights'), valueFormatter: (n: number) => fmt.count(n), tickMinStep: 1 }]}
          series={[{ data: data.flightsPerDay.map((d) => d.count), label: t('airspace.flights'), area: true, valueFormatter: (n) => fmt.count(n) }]}
        />
      </Box>
      <Box role="figure" aria-label={t('airspace.hoursPerDevice')}>
        <Typography variant="subtitle2">{t('airspace.hoursPerDevice')}</Typography>
        <BarChart
          height={260}
          layout="horizontal"
          localeText={localeText}
          yAxis={[{ scaleType: 'band', data: data.hoursPerDevice.map((d) => d.name), label: t('airspace.chartDevice'), width: 110 }]}
          xAxis={[{ label: t('airspace.hours'), valueFormatter: (n: number) => fmt.decimal(n) }]}
          series={[
            {
              data: data.hoursPerDevice.map((d) => d.hours),
              label: t('airspace.hours'),
              valueFormatter: (n) => fmt.decimal(n),
              barLabel: (item) => fmt.decimal(item.value),
            },
          ]}
        />
      </Box>
      <Box role="figure" aria-label={t('airspace.statusShares')}>
        <Typography variant="subtitle2">{t('airspace.statusShares')}</Typography>
        <PieChart height={220} localeText={localeText} series={pie(shares(data.statusCounts.plans, 'airspace.planStatuses'))} />
      </Box>
      <Box role="figure" aria-label={t('airspace.deviceShares')}>
        <Typography variant="subtitle2">{t('airspace.deviceShares')}</Typography>
        <PieChart height={220} localeText={localeText} series={pie(shares(data.statusCounts.devices, 'devices.statuses'))} />
      </Box>
    </Box>
  );
}
