import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { refName } from '../../crud/format';
import { AIRCRAFT_LOOKUP } from '../../crud/lookups';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn, rowAllows, type RowAction } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { Application, Plan } from '@shared/entities/airspace';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { useRowAction } from '../../crud/useRowAction';
import PlanPreview from './PlanPreview';
import { emptyPlan, PLAN_STATUS_COLORS, PLAN_STATUSES, planSchema, planToForm, type PlanForm } from './airspaceRules';
import { dateTimeColumn } from '../../crud/dateColumns';
import { useFormat } from '../../shared/format';

const RESOURCE = 'flightPlan';
/** An application as a plan's pick list names it: its number and purpose. */
const applicationLabel = (row: Application) => `#${row.id} ${row.purpose}`;

export default function PlansPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('airspace:write');
  const canApprove = useCan('airspace:approve');
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE, (row) => `#${row.id}`);
  const { run, ask: askNote, dialog: noteDialog } = useRowAction(RESOURCE, (step) => t(`airspace.steps.${step}`));
  const close = useCallback(() => setEditing(null), []);
  const statusOptions = PLAN_STATUSES.map((s) => ({ value: s, label: t(`airspace.planStatuses.${s}`) }));

  const columns: Array<GridColDef<Plan>> = [
    { field: 'id', headerName: 'ID', width: 70 },
    {
      field: 'application_id',
      headerName: t('airspace.applicationId'),
      width: 130,
      sortable: false,
      valueFormatter: (_value, row) => `#${row.application_id}`,
    },
    {
      field: 'status',
      headerName: t('airspace.status'),
      width: 100,
      renderCell: (p) => <StatusChip status={p.row.status} prefix="airspace.planStatuses" colors={PLAN_STATUS_COLORS} />,
    },
    { field: 'device_name', headerName: t('airspace.device'), width: 150, sortable: false, valueFormatter: refName },
    dateTimeColumn('planned_start_at', t('airspace.plannedStart'), fmt),
    dateTimeColumn('planned_end_at', t('airspace.plannedEnd'), fmt, { sortable: false }),
    { field: 'note', headerName: t('airspace.note'), flex: 1, minWidth: 120, sortable: false },
  ];
  const actions: Array<RowAction<Plan>> = [];
  if (canWrite)
    actions.push({
      key: 'edit',
      label: t('resources.edit'),
      icon: <EditIcon fontSize="small" />,
      show: (row) => row.status === 'filed',
      onClick: (row) => setEditing(row),
    });
  if (canApprove) {
    actions.push(
      {
        key: 'accept',
        label: t('airspace.steps.accept'),
        color: 'success',
        show: (row) => rowAllows(row, 'accept'),
        onClick: (row) => askNote(row, 'accept', t('airspace.acceptTitle')),
      },
      {
        key: 'reject',
        label: t('airspace.steps.reject'),
        color: 'error',
        show: (row) => rowAllows(row, 'reject'),
        onClick: (row) => askNote(row, 'reject', t('airspace.rejectPlanTitle')),
      },
    );
  }
  if (canWrite) {
    actions.push(
      { key: 'end', label: t('airspace.steps.end'), show: (row) => rowAllows(row, 'end'), onClick: (row) => run(row, 'end') },
      { key: 'cancel', label: t('airspace.steps.cancel'), color: 'warning', show: (row) => rowAllows(row, 'cancel'), onClick: (row) => run(row, 'cancel') },
      {
        key: 'delete',
        label: t('resources.delete'),
        icon: <DeleteIcon fontSize="small" />,
        color: 'error',
        show: (row) => row.status === 'filed',
        onClick: ask,
      },
    );
  }
  if (actions.length) columns.push(actionsColumn(t('resources.actions'), actions, state.busyIds));

  const editRow = editing && editing !== 'new' ? editing : null;
  // A plan is filed against an approved application only, for an aircraft (not a dock or RC).
  const fields: Array<FieldSpec<PlanForm>> = [
    {
      name: 'application_id',
      label: 'airspace.applicationId',
      kind: 'lookup',
      lookup: {
        resource: 'airspaceApplication',
        filters: { status: 'approved' },
        labelOf: applicationLabel,
        currentLabel: editRow && `#${editRow.application_id}`,
      },
      required: true,
    },
    { name: 'device_id', label: 'airspace.device', kind: 'lookup', lookup: { ...AIRCRAFT_LOOKUP, currentLabel: editRow?.device_name } },
    { name: 'route_id', label: 'airspace.route', kind: 'lookup', lookup: { resource: 'route', currentLabel: editRow?.route_name } },
    { name: 'planned_start_at', label: 'airspace.plannedStart', kind: 'datetime', required: true },
    { name: 'planned_end_at', label: 'airspace.plannedEnd', kind: 'datetime', required: true },
    { name: 'note', label: 'airspace.note', kind: 'textarea' },
  ];

  return (
    <PageFrame title={t('menu.airspacePlan')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[{ name: 'status', label: 'airspace.status', options: statusOptions }]}
        onCreate={canWrite ? () => setEditing('new') : undefined}
      />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('airspace.plan') })}
        fields={fields}
        schema={planSchema}
        defaultValues={editRow ? planToForm(editRow) : emptyPlan}
        onClose={close}
        preview={(values) => <PlanPreview values={values} />}
      />
      {dialog}
      {noteDialog}
    </PageFrame>
  );
}
