import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { refName } from '../../crud/format';
import DateLocalization from '../../crud/DateLocalization';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceDocument } from '../../crud/hooks';
import { DEVICE_LOOKUP } from '../../crud/lookups';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { exportRequested } from '../../crud/resourcesSlice';
import { useResourceList } from '../../crud/useResourceList';
import { chartParams, DAY, emptyReport, REPORT_RANGE, reportDefaults, reportSchema, reportsFileName, type ReportForm } from './airspaceRules';
import type { ChartInfo } from './ReportCharts';
import { dateTimeColumn } from '../../crud/dateColumns';
import { pickerFormat, useFormat } from '../../shared/format';
import { recordExportRequested } from './recordExportSaga';
import type { RecordExportFormat } from '@shared/flight/exportFiles';
import type { Plan, Report } from '@shared/entities/airspace';

const FlightReplay = lazy(() => import(/* webpackChunkName: "flight-replay" */ './FlightReplay'));
const ReportCharts = lazy(() => import(/* webpackChunkName: "report-charts" */ './ReportCharts'));
const RESOURCE = 'flightReport';

export default function ReportsPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  // The range lives in the list query (the address, spelled out so a link keeps its days); the charts follow it.
  const defaults = useMemo(() => reportDefaults(dayjs()), []);
  const state = useResourceList(RESOURCE, defaults, REPORT_RANGE);
  const canWrite = useCan('airspace:write');
  const params = chartParams(state.query.filters, defaults.filters);
  const from = dayjs(params.from);
  const to = dayjs(params.to);
  const setDay = (filter: (typeof REPORT_RANGE)[number]) => (value: Dayjs | null) => {
    if (value?.isValid()) state.changeQuery({ filters: { [filter]: value.format(DAY) } });
  };
  // Until the address has set the query, the range shown is the default one and nothing is fetched for it.
  const { data, status } = useResourceDocument<ChartInfo>('chartinfo', state.status === 'idle' ? null : params);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const close = useCallback(() => setCreating(false), []);

  const columns: Array<GridColDef<Report>> = [
    { field: 'id', headerName: 'ID', width: 70 },
    { field: 'device_name', headerName: t('airspace.device'), flex: 1, minWidth: 150, sortable: false, valueFormatter: refName },
    {
      field: 'plan_id',
      headerName: t('airspace.plan'),
      width: 100,
      sortable: false,
      valueFormatter: (_value, row) => (row.plan_id === null ? '—' : `#${row.plan_id}`),
    },
    dateTimeColumn('takeoff_at', t('airspace.takeoff'), fmt),
    { field: 'duration_s', headerName: t('airspace.duration'), width: 100, valueFormatter: (_value, row) => `${Math.round(row.duration_s / 60)} min` },
    { field: 'distance_m', headerName: t('airspace.distance'), width: 110 },
    { field: 'max_alt', headerName: t('airspace.maxAlt'), width: 120 },
    {
      field: 'source',
      headerName: t('airspace.source'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <SourceChip source={row.source} corrected={row.corrected} />,
    },
  ];
  const csvColumns = [
    { field: 'id', header: 'ID' },
    { field: 'device_name', header: t('airspace.device') },
    { field: 'plan_id', header: t('airspace.plan') },
    { field: 'takeoff_at', header: t('airspace.takeoff') },
    { field: 'landing_at', header: t('airspace.landing') },
    { field: 'duration_s', header: `${t('airspace.duration')} (s)` },
    { field: 'distance_m', header: t('airspace.distance') },
    { field: 'max_alt', header: t('airspace.maxAlt') },
    { field: 'source', header: t('airspace.source') },
  ];
  const exportCsv = () =>
    dispatch(
      exportRequested({
        resource: RESOURCE,
        fileName: reportsFileName(params),
        columns: csvColumns,
        labels: {
          source: { auto: t('airspace.sources.auto'), manual: t('airspace.sources.manual') },
        },
      }),
    );

  const fields: Array<FieldSpec<ReportForm>> = [
    {
      name: 'plan_id',
      label: 'airspace.plan',
      kind: 'lookup',
      lookup: { resource: 'flightPlan', labelOf: (r: Plan) => `#${r.id} ${t(`airspace.planStatuses.${r.status}`)}` },
    },
    { name: 'device_id', label: 'airspace.device', kind: 'lookup', lookup: DEVICE_LOOKUP, required: true },
    { name: 'takeoff_at', label: 'airspace.takeoff', kind: 'datetime', required: true },
    { name: 'landing_at', label: 'airspace.landing', kind: 'datetime', required: true },
    { name: 'distance_m', label: 'airspace.distance', kind: 'number', required: true },
    { name: 'max_alt', label: 'airspace.maxAlt', kind: 'number', required: true },
  ];
  const detail = state.items.find((r) => r.id === detailId) ?? null;
  const place = (lat: number | null, lng: number | null) => (typeof lat === 'number' && typeof lng === 'number' ? `${lat.toFixed(6)}, ${lng.toFixed(6)}` : '—');
  const exportRecord = (format: RecordExportFormat) => detail && dispatch(recordExportRequested({ id: detail.id, takeoff_at: detail.takeoff_at, format }));

  return (
    <PageFrame title={t('menu.airspaceReport')}>
      <DateLocalization>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <DatePicker
            label={t('airspace.from')}
            value={from}
            maxDate={to}
            format={pickerFormat(fmt.locale, 'date')}
            onChange={setDay('takeoff_from')}
            slotProps={{ textField: { size: 'small' } }}
          />
          <DatePicker
            label={t('airspace.to')}
            value={to}
            minDate={from}
            format={pickerFormat(fmt.locale, 'date')}
            onChange={setDay('takeoff_to')}
            slotProps={{ textField: { size: 'small' } }}
          />
          {data?.totals && (
            <Typography aria-label="totals">
              {t('airspace.totals', { flights: data.totals.flights, hours: data.totals.hours, km: data.totals.distanceKm })}
            </Typography>
          )}
        </Box>
      </DateLocalization>
      {data ? (
        <Suspense fallback={<LinearProgress />}>
          <ReportCharts data={data} />
        </Suspense>
      ) : (
        status === 'loading' && <Typography color="text.secondary">{t('airspace.chartsLoading')}</Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <ResourceTable
          state={state}
          columns={columns}
          filters={[{ name: 'device_id', label: 'airspace.device', lookup: DEVICE_LOOKUP }]}
          onRowClick={(row) => setDetailId(row.id)}
          onCreate={canWrite ? () => setCreating(true) : undefined}
          toolbarExtra={
            <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={state.total === 0 || state.exporting}>
              {t('resources.exportCsv')}
            </Button>
          }
          height={480}
        />
      </Box>
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={creating}
        title={t('airspace.recordFlight')}
        fields={fields}
        schema={reportSchema}
        defaultValues={emptyReport}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? `${t('airspace.report')} #${detail.id}` : ''}
        onClose={() => setDetailId(null)}
        width={640}
        items={
          detail
            ? [
                { label: t('airspace.device'), value: refName(detail.device_name) },
                { label: t('airspace.source'), value: <SourceChip source={detail.source} corrected={detail.corrected} /> },
                { label: t('airspace.takeoff'), value: fmt.dateTime(detail.takeoff_at) },
                { label: t('airspace.landing'), value: fmt.dateTime(detail.landing_at) },
                { label: t('airspace.duration'), value: fmt.duration(detail.duration_s) },
                { label: t('airspace.distance'), value: fmt.distance(detail.distance_m) },
                { label: t('airspace.maxAlt'), value: fmt.altitude(detail.max_alt) },
                { label: t('airspace.batteryUsed'), value: detail.battery_used_pct ?? '—' },
                { label: t('airspace.task'), value: detail.task_id ? `#${detail.task_id}` : '—' },
                { label: t('airspace.progress'), value: detail.progress_percent ?? '—' },
                { label: t('airspace.pilot'), value: refName(detail.pilot_name) },
                { label: t('airspace.gateway'), value: detail.gateway_sn ?? '—' },
                { label: t('airspace.takeoffPlace'), value: place(detail.takeoff_lat, detail.takeoff_lng) },
                { label: t('airspace.landingPlace'), value: place(detail.landing_lat, detail.landing_lng) },
              ]
            : []
        }
      >
        {detail && (
          <Suspense fallback={<LinearProgress />}>
            <FlightReplay key={detail.id} report={detail} onExport={exportRecord} />
          </Suspense>
        )}
      </DetailDrawer>
    </PageFrame>
  );
}

/** Where a record came from: written from telemetry or typed in, and whether someone corrected it by hand. */
function SourceChip({ source, corrected }: Pick<Report, 'source' | 'corrected'>) {
  const { t } = useTranslation();
  const auto = source === 'auto';
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <Chip size="small" color={auto ? 'primary' : 'default'} label={t(auto ? 'airspace.sources.auto' : 'airspace.sources.manual')} />
      {corrected && <Chip size="small" variant="outlined" label={t('airspace.corrected')} />}
    </Box>
  );
}
