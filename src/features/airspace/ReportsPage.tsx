import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { formatTime, labelIn } from '../../crud/format';
import DateLocalization from '../../crud/DateLocalization';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceDocument, useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { exportRequested } from '../../crud/resourcesSlice';
import { useResourceList } from '../../crud/useResourceList';
import { chartParams, DAY, emptyReport, REPORT_RANGE, reportDefaults, reportSchema, reportsFileName, reportToBody, type ReportForm } from './airspaceRules';
import type { ChartInfo } from './ReportCharts';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));
const ReportCharts = lazy(() => import(/* webpackChunkName: "report-charts" */ './ReportCharts'));
const RESOURCE = 'flightReport';

export default function ReportsPage() {
  const { t } = useTranslation();
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
  const { options: devices } = useResourceOptions('device', (r) => `${String(r.name)} (${String(r.serial)})`);
  const { options: plans } = useResourceOptions('flightPlan', (r) => `#${String(r.id)} ${t(`airspace.planStatuses.${String(r.status)}`)}`);
  const [detailId, setDetailId] = useState<number | string | null>(null);
  const [creating, setCreating] = useState(false);
  const close = useCallback(() => setCreating(false), []);

  const columns: GridColDef[] = [
    { field: 'id', headerName: 'ID', width: 70 },
    { field: 'device_id', headerName: t('airspace.device'), flex: 1, minWidth: 150, sortable: false, valueFormatter: (v) => labelIn(devices, v) },
    { field: 'plan_id', headerName: t('airspace.plan'), width: 100, sortable: false, valueFormatter: (v) => (v ? `#${String(v)}` : '—') },
    { field: 'takeoff_at', headerName: t('airspace.takeoff'), width: 170, valueFormatter: (v) => formatTime(v) },
    { field: 'duration_s', headerName: t('airspace.duration'), width: 100, valueFormatter: (v) => `${Math.round(Number(v ?? 0) / 60)} min` },
    { field: 'distance_m', headerName: t('airspace.distance'), width: 110 },
    { field: 'max_alt', headerName: t('airspace.maxAlt'), width: 120 },
  ];
  const csvColumns = [
    { field: 'id', header: 'ID' },
    { field: 'device_id', header: t('airspace.device') },
    { field: 'plan_id', header: t('airspace.plan') },
    { field: 'takeoff_at', header: t('airspace.takeoff') },
    { field: 'landing_at', header: t('airspace.landing') },
    { field: 'duration_s', header: `${t('airspace.duration')} (s)` },
    { field: 'distance_m', header: t('airspace.distance') },
    { field: 'max_alt', header: t('airspace.maxAlt') },
  ];
  const exportCsv = () =>
    dispatch(
      exportRequested({
        resource: RESOURCE,
        fileName: reportsFileName(params),
        columns: csvColumns,
        labels: { device_id: Object.fromEntries(devices.map((d) => [d.value, d.label])) },
      }),
    );

  const fields: FieldSpec[] = [
    { name: 'plan_id', label: 'airspace.plan', kind: 'select', options: plans },
    { name: 'device_id', label: 'airspace.device', kind: 'select', options: devices, required: true },
    { name: 'takeoff_at', label: 'airspace.takeoff', kind: 'datetime', required: true },
    { name: 'landing_at', label: 'airspace.landing', kind: 'datetime', required: true },
    { name: 'distance_m', label: 'airspace.distance', kind: 'number', required: true },
    { name: 'max_alt', label: 'airspace.maxAlt', kind: 'number', required: true },
  ];
  const detail = state.items.find((r) => String(r.id) === String(detailId)) ?? null;
  const track = detail ? ((detail.track as { coordinates?: number[][] } | null)?.coordinates ?? []).map((c) => [c[1], c[0]] as [number, number]) : [];

  return (
    <PageFrame title={t('menu.airspaceReport')}>
      <DateLocalization>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <DatePicker label={t('airspace.from')} value={from} maxDate={to} onChange={setDay('takeoff_from')} slotProps={{ textField: { size: 'small' } }} />
          <DatePicker label={t('airspace.to')} value={to} minDate={from} onChange={setDay('takeoff_to')} slotProps={{ textField: { size: 'small' } }} />
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
          filters={[{ name: 'device_id', label: 'airspace.device', options: devices }]}
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
      <ResourceFormDialog<ReportForm>
        resource={RESOURCE}
        state={state}
        open={creating}
        title={t('airspace.recordFlight')}
        fields={fields}
        schema={reportSchema as never}
        defaultValues={emptyReport}
        transform={reportToBody}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? `${t('airspace.report')} #${String(detail.id)}` : ''}
        onClose={() => setDetailId(null)}
        width={520}
        items={
          detail
            ? [
                { label: t('airspace.device'), value: labelIn(devices, detail.device_id) },
                { label: t('airspace.takeoff'), value: formatTime(detail.takeoff_at) },
                { label: t('airspace.landing'), value: formatTime(detail.landing_at) },
                { label: t('airspace.duration'), value: `${Math.round(Number(detail.duration_s ?? 0) / 60)} min` },
                { label: t('airspace.distance'), value: String(detail.distance_m ?? '') },
                { label: t('airspace.maxAlt'), value: String(detail.max_alt ?? '') },
              ]
            : []
        }
      >
        {track.length > 0 ? (
          <Suspense fallback={<LinearProgress />}>
            <GeoMap label={t('airspace.trackMap')} polylines={[track]} markers={[{ position: track[0] }]} height={300} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{t('airspace.noTrack')}</Typography>
        )}
      </DetailDrawer>
    </PageFrame>
  );
}
