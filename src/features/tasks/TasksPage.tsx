import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { LinearProgress, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { formatTime, refName } from '../../crud/format';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceDetail, useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn, rowAllows, type RowAction } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { ResourceRow } from '../../crud/types';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { useRowAction } from '../../crud/useRowAction';
import { emptyTask, TASK_KINDS, TASK_STATUS_COLORS, TASK_ACTIONS, TASK_STATUSES, taskSchema, taskToBody, taskToForm, type TaskForm } from './taskRules';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));
const RESOURCE = 'task';

function RouteOnMap({ routeId }: { routeId: number | null }) {
  const { t } = useTranslation();
  const { detail } = useResourceDetail<{ id: number; name: string; waypoints: Array<{ lat: number; lng: number }>; length_m?: number }>('route', routeId);
  if (!routeId) return <Typography color="text.secondary">{t('tasks.noRoute')}</Typography>;
  if (!detail) return <LinearProgress />;
  const line = detail.waypoints.map((w) => [w.lat, w.lng] as [number, number]);
  return (
    <Suspense fallback={<LinearProgress />}>
      <Typography variant="body2">{`${detail.name}${detail.length_m ? ` · ${t('tasks.routeLength')} ${Math.round(detail.length_m)} m` : ''}`}</Typography>
      <GeoMap label={t('tasks.routeMap')} polylines={[line]} markers={line.length ? [{ position: line[0], label: '1' }] : []} height={280} />
    </Suspense>
  );
}

export default function TasksPage() {
  const { t } = useTranslation();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('task:write');
  // The form's pick lists, only for those who may save a task: aircraft (not docks or RCs), and pilots = users whose
  // roles grant device:pilot. The table shows the names the API sends with each row.
  const { options: projects } = useResourceOptions('project', undefined, {}, canWrite);
  const { rows: routeRows } = useResourceOptions('route', (r) => String(r.name), {}, canWrite);
  const { options: devices } = useResourceOptions('device', (r) => `${String(r.name)} (${String(r.serial)})`, { kind: 'aircraft' }, canWrite);
  const { options: users } = useResourceOptions('user', (r) => String(r.name ?? r.username), { permission: 'device:pilot', is_active: '1' }, canWrite);
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | string | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE);
  const { run } = useRowAction(RESOURCE, (step) => t(`tasks.steps.${step}`));
  const close = useCallback(() => setEditing(null), []);

  const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }));
  const kindOptions = TASK_KINDS.map((k) => ({ value: k, label: t(`tasks.kinds.${k}`) }));

  const columns: GridColDef[] = [
    { field: 'name', headerName: t('tasks.name'), flex: 1, minWidth: 150 },
    { field: 'kind', headerName: t('tasks.kind'), width: 90, sortable: false, valueFormatter: (v) => t(`tasks.kinds.${String(v)}`) },
    {
      field: 'status',
      headerName: t('tasks.status'),
      width: 110,
      renderCell: (p) => <StatusChip status={String(p.value)} prefix="tasks.statuses" colors={TASK_STATUS_COLORS} />,
    },
    { field: 'project_name', headerName: t('tasks.project'), width: 130, sortable: false, valueFormatter: refName },
    { field: 'device_name', headerName: t('tasks.device'), width: 150, sortable: false, valueFormatter: refName },
    { field: 'pilot_name', headerName: t('tasks.pilot'), width: 100, sortable: false, valueFormatter: refName },
    { field: 'scheduled_at', headerName: t('tasks.scheduledAt'), width: 170, valueFormatter: (v) => formatTime(v) },
  ];
  if (canWrite) {
    const steps: RowAction[] = TASK_ACTIONS.map((step) => ({
      key: step,
      label: t(`tasks.steps.${step}`),
      color: step === 'cancel' || step === 'fail' ? 'warning' : 'primary',
      show: (row) => rowAllows(row, step),
      onClick: (row) => run(row, step),
    }));
    columns.push(
      actionsColumn(
        t('resources.actions'),
        [
          {
            key: 'edit',
            label: t('resources.edit'),
            icon: <EditIcon fontSize="small" />,
            show: (row) => ['pending', 'scheduled'].includes(String(row.status)),
            onClick: (row) => setEditing(row),
          },
          ...steps,
          {
            key: 'delete',
            label: t('resources.delete'),
            icon: <DeleteIcon fontSize="small" />,
            color: 'error',
            show: (row) => row.status !== 'running',
            onClick: ask,
          },
        ],
        state.busyIds,
      ),
    );
  }

  const editRow = editing && editing !== 'new' ? editing : null;
  const fields: FieldSpec[] = [
    { name: 'name', label: 'tasks.name', required: true },
    { name: 'kind', label: 'tasks.kind', kind: 'select', options: kindOptions, required: true },
    { name: 'project_id', label: 'tasks.project', kind: 'select', options: projects, required: true },
    {
      name: 'route_id',
      label: 'tasks.route',
      kind: 'select',
      // Only the chosen project's routes (the API refuses a route of another project).
      optionsFrom: (v) =>
        routeRows.filter((r) => !v.project_id || String(r.project_id) === String(v.project_id)).map((r) => ({ value: String(r.id), label: String(r.name) })),
    },
    { name: 'device_id', label: 'tasks.device', kind: 'select', options: devices },
    { name: 'pilot_id', label: 'tasks.pilot', kind: 'select', options: users },
    { name: 'scheduled_at', label: 'tasks.scheduledAt', kind: 'datetime' },
  ];
  const detail = state.items.find((r) => String(r.id) === String(detailId)) ?? null;

  return (
    <PageFrame title={t('menu.taskUav')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[
          { name: 'status', label: 'tasks.status', options: statusOptions },
          { name: 'kind', label: 'tasks.kind', options: kindOptions },
          { name: 'project_id', label: 'tasks.project', options: projects },
        ]}
        onCreate={canWrite ? () => setEditing('new') : undefined}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <ResourceFormDialog<TaskForm>
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('tasks.what') })}
        fields={fields}
        schema={taskSchema}
        defaultValues={editRow ? taskToForm(editRow) : emptyTask}
        transform={taskToBody}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? String(detail.name) : ''}
        onClose={() => setDetailId(null)}
        width={520}
        items={
          detail
            ? [
                { label: t('tasks.status'), value: <StatusChip status={String(detail.status)} prefix="tasks.statuses" colors={TASK_STATUS_COLORS} /> },
                { label: t('tasks.kind'), value: t(`tasks.kinds.${String(detail.kind)}`) },
                { label: t('tasks.project'), value: refName(detail.project_name) },
                { label: t('tasks.device'), value: refName(detail.device_name) },
                { label: t('tasks.pilot'), value: refName(detail.pilot_name) },
                { label: t('tasks.scheduledAt'), value: formatTime(detail.scheduled_at) },
                { label: t('tasks.startedAt'), value: formatTime(detail.started_at) },
                { label: t('tasks.finishedAt'), value: formatTime(detail.finished_at) },
              ]
            : []
        }
      >
        {detail && <RouteOnMap routeId={(detail.route_id as number | null) ?? null} />}
      </DetailDrawer>
      {dialog}
    </PageFrame>
  );
}
