import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Chip, LinearProgress, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { refName } from '../../crud/format';
import DetailDrawer from '../../crud/DetailDrawer';
import { useChosenRow, useResourceDocument } from '../../crud/hooks';
import { AIRCRAFT_LOOKUP } from '../../crud/lookups';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn, rowAllows, type RowAction } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { Application } from '@shared/entities/airspace';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { useRowAction } from '../../crud/useRowAction';
import type { AirspaceRulesConfig } from '@shared/airspace';
import AreaInput from './AreaInput';
import {
  APP_STATUS_COLORS,
  APPLICATION_STATUSES,
  applicationSchema,
  applicationToForm,
  applicationVerdict,
  cornersOf,
  emptyApplication,
  PURPOSE_KINDS,
  type ApplicationForm,
  type Position,
} from './airspaceRules';
import { dateTimeColumn } from '../../crud/dateColumns';
import { useFormat } from '../../shared/format';
import RuleResults from './RuleResults';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));
const RESOURCE = 'airspaceApplication';

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('airspace:write');
  const canApprove = useCan('airspace:approve');
  const { data: rules } = useResourceDocument<AirspaceRulesConfig>('airspaceRules', {});
  const [editing, setEditing] = useState<Application | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE, (row) => row.purpose);
  const { run, ask: askNote, dialog: noteDialog } = useRowAction(RESOURCE, (step) => t(`airspace.steps.${step}`));
  const close = useCallback(() => setEditing(null), []);
  const statusOptions = APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`airspace.appStatuses.${s}`) }));

  const columns: Array<GridColDef<Application>> = [
    { field: 'id', headerName: 'ID', width: 70 },
    { field: 'purpose', headerName: t('airspace.purpose'), flex: 1, minWidth: 160, sortable: false },
    {
      field: 'status',
      headerName: t('airspace.status'),
      width: 100,
      renderCell: (p) => <StatusChip status={p.row.status} prefix="airspace.appStatuses" colors={APP_STATUS_COLORS} />,
    },
    {
      field: 'late',
      headerName: t('airspace.flags'),
      width: 150,
      sortable: false,
      renderCell: (p) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {p.row.purpose_kind === 'emergency' && <Chip size="small" color="secondary" label={t('airspace.purposeKinds.emergency')} />}
          {p.value === 1 && <Chip size="small" color="warning" label={t('airspace.late')} />}
          {p.row.decided_by_system === 1 && <Chip size="small" variant="outlined" label={t('airspace.bySystem')} />}
        </Stack>
      ),
    },
    { field: 'device_name', headerName: t('airspace.device'), width: 150, sortable: false, valueFormatter: refName },
    {
      field: 'altitude',
      headerName: `${t('airspace.minAlt')}–${t('airspace.maxAlt')}`,
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => `${row.min_alt}–${row.max_alt}`,
    },
    dateTimeColumn('start_at', t('airspace.startAt'), fmt),
    dateTimeColumn('end_at', t('airspace.endAt'), fmt),
  ];
  const actions: Array<RowAction<Application>> = [];
  if (canWrite) {
    actions.push(
      {
        key: 'edit',
        label: t('resources.edit'),
        icon: <EditIcon fontSize="small" />,
        show: (row) => row.status === 'draft',
        onClick: (row) => setEditing(row),
      },
      { key: 'submit', label: t('airspace.steps.submit'), show: (row) => rowAllows(row, 'submit'), onClick: (row) => run(row, 'submit') },
    );
  }
  if (canApprove) {
    actions.push(
      {
        key: 'approve',
        label: t('airspace.steps.approve'),
        color: 'success',
        show: (row) => rowAllows(row, 'approve'),
        onClick: (row) => askNote(row, 'approve', t('airspace.approveTitle')),
      },
      {
        key: 'reject',
        label: t('airspace.steps.reject'),
        color: 'error',
        show: (row) => rowAllows(row, 'reject'),
        onClick: (row) => askNote(row, 'reject', t('airspace.rejectTitle')),
      },
    );
  }
  if (canWrite) {
    actions.push(
      { key: 'cancel', label: t('airspace.steps.cancel'), color: 'warning', show: (row) => rowAllows(row, 'cancel'), onClick: (row) => run(row, 'cancel') },
      {
        key: 'delete',
        label: t('resources.delete'),
        icon: <DeleteIcon fontSize="small" />,
        color: 'error',
        show: (row) => row.status === 'draft',
        onClick: ask,
      },
    );
  }
  if (actions.length) columns.push(actionsColumn(t('resources.actions'), actions, state.busyIds));

  const editRow = editing && editing !== 'new' ? editing : null;
  const fields: Array<FieldSpec<ApplicationForm>> = [
    { name: 'purpose', label: 'airspace.purpose', kind: 'textarea', required: true },
    {
      name: 'purpose_kind',
      label: 'airspace.purposeKind',
      kind: 'select',
      required: true,
      options: PURPOSE_KINDS.map((k) => ({ value: k, label: t(`airspace.purposeKinds.${k}`) })),
    },
    // Airspace is for aircraft only (not docks or RCs).
    { name: 'device_id', label: 'airspace.device', kind: 'lookup', lookup: { ...AIRCRAFT_LOOKUP, currentLabel: editRow?.device_name } },
    { name: 'min_alt', label: 'airspace.minAlt', kind: 'number', required: true },
    { name: 'max_alt', label: 'airspace.maxAlt', kind: 'number', required: true },
    { name: 'start_at', label: 'airspace.startAt', kind: 'datetime', required: true },
    { name: 'end_at', label: 'airspace.endAt', kind: 'datetime', required: true },
    {
      name: 'area',
      label: 'airspace.area',
      kind: 'custom',
      render: ({ value, onChange, error }) => <AreaInput value={(value as Position[]) ?? []} onChange={onChange} error={error} />,
    },
  ];
  const detail = state.items.find((r) => r.id === detailId) ?? null;
  const corners = detail ? cornersOf(detail.area) : [];

  return (
    <PageFrame title={t('menu.airspaceApply')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[{ name: 'status', label: 'airspace.status', options: statusOptions }]}
        onCreate={canWrite ? () => setEditing('new') : undefined}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('airspace.application') })}
        fields={fields}
        schema={applicationSchema}
        defaultValues={editRow ? applicationToForm(editRow) : emptyApplication}
        onClose={close}
        preview={(values) => rules && <ApplicationPreview values={values} rules={rules} />}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? `${t('airspace.application')} #${detail.id}` : ''}
        onClose={() => setDetailId(null)}
        width={520}
        items={
          detail
            ? [
                { label: t('airspace.status'), value: <StatusChip status={detail.status} prefix="airspace.appStatuses" colors={APP_STATUS_COLORS} /> },
                { label: t('airspace.purpose'), value: detail.purpose },
                { label: t('airspace.purposeKind'), value: t(`airspace.purposeKinds.${detail.purpose_kind}`) },
                { label: t('airspace.late'), value: detail.late === 1 ? t('airspace.lateYes') : t('airspace.lateNo') },
                {
                  label: t('airspace.reviewReasons'),
                  value: detail.review_reasons.length ? detail.review_reasons.map((code) => t(`airspace.reviewReasonTexts.${code}`)).join('；') : '—',
                },
                { label: t('airspace.device'), value: refName(detail.device_name) },
                { label: `${t('airspace.minAlt')}–${t('airspace.maxAlt')}`, value: `${detail.min_alt}–${detail.max_alt}` },
                { label: t('airspace.startAt'), value: fmt.dateTime(detail.start_at) },
                { label: t('airspace.endAt'), value: fmt.dateTime(detail.end_at) },
                {
                  label: t('airspace.reviewNote'),
                  value: detail.decided_by_system === 1 ? t('airspace.approvedBySystem') : (detail.review_note ?? '—'),
                },
              ]
            : []
        }
      >
        {corners.length > 0 && (
          <Suspense fallback={<LinearProgress />}>
            <GeoMap label={t('airspace.areaMap')} polygons={[corners.map(([lng, lat]) => [lat, lng] as [number, number])]} height={280} />
          </Suspense>
        )}
      </DetailDrawer>
      {dialog}
      {noteDialog}
    </PageFrame>
  );
}

/** The verdict of the server's application rules on the form as typed, with the chosen device's kind loaded by id. */
function ApplicationPreview({ values, rules }: { values: ApplicationForm; rules: AirspaceRulesConfig }) {
  const { t } = useTranslation();
  const device = useChosenRow('device@applicationPreview', values.device_id);
  const verdict = applicationVerdict(values, rules, device ? device.kind : null, Date.now());
  return verdict && <RuleResults violations={verdict.violations} warnings={verdict.late ? [t('airspace.lateWarning')] : []} />;
}
