import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { LinearProgress } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { formatTime, refName } from '../../crud/format';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn, rowAllows, type RowAction } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { ResourceRow } from '../../crud/types';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { useRowAction } from '../../crud/useRowAction';
import AreaInput from './AreaInput';
import {
  APP_STATUS_COLORS,
  APPLICATION_STATUSES,
  applicationSchema,
  applicationToBody,
  applicationToForm,
  cornersOf,
  emptyApplication,
  type ApplicationForm,
  type Position,
} from './airspaceRules';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));
const RESOURCE = 'airspaceApplication';

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('airspace:write');
  const canApprove = useCan('airspace:approve');
  // Airspace is for aircraft only (not docks or RCs); loaded for those who may file, the table shows row.device_name.
  const { options: devices } = useResourceOptions('device', (r) => `${String(r.name)} (${String(r.serial)})`, { kind: 'aircraft' }, canWrite);
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | string | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE, (row) => String(row.purpose ?? row.id));
  const { run, ask: askNote, dialog: noteDialog } = useRowAction(RESOURCE, (step) => t(`airspace.steps.${step}`));
  const close = useCallback(() => setEditing(null), []);
  const statusOptions = APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`airspace.appStatuses.${s}`) }));

  const columns: GridColDef[] = [
    { field: 'id', headerName: 'ID', width: 70 },
    { field: 'purpose', headerName: t('airspace.purpose'), flex: 1, minWidth: 160, sortable: false },
    {
      field: 'status',
      headerName: t('airspace.status'),
      width: 100,
      renderCell: (p) => <StatusChip status={String(p.value)} prefix="airspace.appStatuses" colors={APP_STATUS_COLORS} />,
    },
    { field: 'device_name', headerName: t('airspace.device'), width: 150, sortable: false, valueFormatter: refName },
    {
      field: 'altitude',
      headerName: `${t('airspace.minAlt')}–${t('airspace.maxAlt')}`,
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => `${String(row.min_alt)}–${String(row.max_alt)}`,
    },
    { field: 'start_at', headerName: t('airspace.startAt'), width: 165, valueFormatter: (v) => formatTime(v) },
    { field: 'end_at', headerName: t('airspace.endAt'), width: 165, valueFormatter: (v) => formatTime(v) },
  ];
  const actions: RowAction[] = [];
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
  const fields: FieldSpec[] = [
    { name: 'purpose', label: 'airspace.purpose', kind: 'textarea', required: true },
    { name: 'device_id', label: 'airspace.device', kind: 'select', options: devices },
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
  const detail = state.items.find((r) => String(r.id) === String(detailId)) ?? null;
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
      <ResourceFormDialog<ApplicationForm>
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('airspace.application') })}
        fields={fields}
        schema={applicationSchema as never}
        defaultValues={editRow ? applicationToForm(editRow) : emptyApplication}
        transform={applicationToBody}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? `${t('airspace.application')} #${String(detail.id)}` : ''}
        onClose={() => setDetailId(null)}
        width={520}
        items={
          detail
            ? [
                { label: t('airspace.status'), value: <StatusChip status={String(detail.status)} prefix="airspace.appStatuses" colors={APP_STATUS_COLORS} /> },
                { label: t('airspace.purpose'), value: String(detail.purpose ?? '') },
                { label: t('airspace.device'), value: refName(detail.device_name) },
                { label: `${t('airspace.minAlt')}–${t('airspace.maxAlt')}`, value: `${String(detail.min_alt)}–${String(detail.max_alt)}` },
                { label: t('airspace.startAt'), value: formatTime(detail.start_at) },
                { label: t('airspace.endAt'), value: formatTime(detail.end_at) },
                { label: t('airspace.reviewNote'), value: detail.review_note ? String(detail.review_note) : '—' },
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
