import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { LinearProgress, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Task, TaskCommand, TaskLive } from '@shared/entities/task';
import { cancelDispatched, commandApplies } from '@shared/missions/rules';
import { useAppSelector } from '../../app/hooks';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { useTranslation } from 'react-i18next';
import { SafetyChips, useOpenSafetyAlerts } from '../alerts';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { refName } from '../../crud/format';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceDetail } from '../../crud/hooks';
import { AIRCRAFT_LOOKUP, PILOT_LOOKUP } from '../../crud/lookups';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn, rowAllows, type RowAction } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { focusedId } from '../../crud/queryRules';
import { useResourceList } from '../../crud/useResourceList';
import { useRowAction } from '../../crud/useRowAction';
import { LivePanel } from '../live';
import TaskProgressView from './TaskProgressView';
import { selectTasksLive } from './tasksSlice';
import { emptyTask, TASK_KINDS, TASK_STATUS_COLORS, TASK_ACTIONS, TASK_STATUSES, taskSchema, taskActionTextKey, taskToForm, type TaskForm } from './taskRules';
import { dateTimeColumn } from '../../crud/dateColumns';
import { useFormat } from '../../shared/format';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));
const RESOURCE = 'task';
/** Commands to the aircraft, each confirmed first; cancel is the workflow step, confirmed the same way. */
const COMMANDS: Array<TaskCommand | 'cancel'> = ['execute', 'pause', 'resume', 'return_home', 'cancel'];

/** The row with what sysinfo/task pushed since the list loaded. */
const withLive = (row: Task, live: TaskLive | undefined): Task =>
  live ? { ...row, status: live.status, progress: live.progress, dispatch_error: live.dispatch_error } : row;

/** Whether a command button applies to the row (cancel: the server lists it in row.actions). */
function commandShown(row: Task, command: TaskCommand | 'cancel'): boolean {
  // The listed actions may predate the newest progress: once it flies a task can no longer be withdrawn.
  if (command === 'cancel') return rowAllows(row, 'cancel') && (row.status !== 'running' || cancelDispatched(row.progress).ok);
  return commandApplies(command, row).ok;
}

function RouteOnMap({ routeId }: { routeId: number | null }) {
  const { t } = useTranslation();
  const { detail } = useResourceDetail('route', routeId);
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
  const fmt = useFormat();
  const list = useResourceList(RESOURCE);
  const live = useAppSelector(selectTasksLive);
  const safety = useOpenSafetyAlerts();
  const state = useMemo(() => ({ ...list, items: list.items.map((row) => withLive(row, live[row.id])) }), [list, live]);
  const [confirming, setConfirming] = useState<{ row: Task; command: TaskCommand | 'cancel' } | null>(null);
  const canWrite = useCan('task:write');
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE);
  const { run } = useRowAction(RESOURCE, (action) => t(taskActionTextKey(action)));
  const close = useCallback(() => setEditing(null), []);
  // A link to one task (`?id=`, e.g. from the /Tas drone card): the list holds it, its details open.
  const focused = focusedId(list.query);
  useEffect(() => {
    if (focused !== null) setDetailId(focused);
  }, [focused]);

  const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }));
  const kindOptions = TASK_KINDS.map((k) => ({ value: k, label: t(`tasks.kinds.${k}`) }));

  const columns: Array<GridColDef<Task>> = [
    { field: 'name', headerName: t('tasks.name'), flex: 1, minWidth: 150 },
    { field: 'kind', headerName: t('tasks.kind'), width: 90, sortable: false, valueFormatter: (v) => t(`tasks.kinds.${String(v)}`) },
    {
      field: 'status',
      headerName: t('tasks.status'),
      width: 110,
      renderCell: (p) => <StatusChip status={String(p.value)} prefix="tasks.statuses" colors={TASK_STATUS_COLORS} />,
    },
    {
      field: 'progress',
      headerName: t('tasks.progress'),
      width: 190,
      sortable: false,
      renderCell: (p) => <TaskProgressView progress={p.row.progress} compact />,
    },
    { field: 'project_name', headerName: t('tasks.project'), width: 130, sortable: false, valueFormatter: refName },
    { field: 'device_name', headerName: t('tasks.device'), width: 150, sortable: false, valueFormatter: refName },
    {
      field: 'safety',
      headerName: t('tasks.safety'),
      width: 180,
      sortable: false,
      renderCell: (p) => <SafetyChips alerts={p.row.device_id === null ? undefined : safety[p.row.device_id]} />,
    },
    { field: 'pilot_name', headerName: t('tasks.pilot'), width: 100, sortable: false, valueFormatter: refName },
    dateTimeColumn('scheduled_at', t('tasks.scheduledAt'), fmt),
  ];
  if (canWrite) {
    const commands: Array<RowAction<Task>> = COMMANDS.map((command) => ({
      key: command,
      label: t(`tasks.commands.${command}`),
      color: command === 'cancel' || command === 'return_home' ? 'warning' : 'primary',
      show: (row) => commandShown(row, command),
      onClick: (row) => setConfirming({ row, command }),
    }));
    const steps: Array<RowAction<Task>> = TASK_ACTIONS.filter((step) => step !== 'cancel').map((step) => ({
      key: step,
      label: t(`tasks.steps.${step}`),
      color: step === 'fail' ? 'warning' : 'primary',
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
            show: (row) => row.editable,
            onClick: (row) => setEditing(row),
          },
          ...commands,
          ...steps,
          {
            key: 'delete',
            label: t('resources.delete'),
            icon: <DeleteIcon fontSize="small" />,
            color: 'error',
            show: (row) => row.deletable,
            onClick: ask,
          },
        ],
        state.busyIds,
        420,
      ),
    );
  }

  const editRow = editing && editing !== 'new' ? editing : null;
  // Pick lists searched on the server, each showing the edited row's current names: aircraft (not docks or RCs),
  // and pilots = active users whose roles grant device:pilot.
  const fields: Array<FieldSpec<TaskForm>> = [
    { name: 'name', label: 'tasks.name', required: true },
    { name: 'kind', label: 'tasks.kind', kind: 'select', options: kindOptions, required: true },
    { name: 'project_id', label: 'tasks.project', kind: 'lookup', lookup: { resource: 'project', currentLabel: editRow?.project_name }, required: true },
    {
      name: 'route_id',
      label: 'tasks.route',
      kind: 'lookup',
      lookup: { resource: 'route', currentLabel: editRow?.route_name },
      // Only the chosen project's routes (the API refuses a route of another project).
      lookupFiltersFrom: (v): Record<string, string> => (v.project_id ? { project_id: v.project_id } : {}),
    },
    { name: 'device_id', label: 'tasks.device', kind: 'lookup', lookup: { ...AIRCRAFT_LOOKUP, currentLabel: editRow?.device_name } },
    { name: 'pilot_id', label: 'tasks.pilot', kind: 'lookup', lookup: { ...PILOT_LOOKUP, currentLabel: editRow?.pilot_name } },
    { name: 'scheduled_at', label: 'tasks.scheduledAt', kind: 'datetime' },
  ];
  const detail = state.items.find((r) => r.id === detailId) ?? null;

  return (
    <PageFrame title={t('menu.taskUav')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[
          { name: 'status', label: 'tasks.status', options: statusOptions },
          { name: 'kind', label: 'tasks.kind', options: kindOptions },
          { name: 'project_id', label: 'tasks.project', lookup: { resource: 'project' } },
        ]}
        onCreate={canWrite ? () => setEditing('new') : undefined}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('tasks.what') })}
        fields={fields}
        schema={taskSchema}
        defaultValues={editRow ? taskToForm(editRow) : emptyTask}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? detail.name : ''}
        onClose={() => setDetailId(null)}
        width={520}
        items={
          detail
            ? [
                { label: t('tasks.status'), value: <StatusChip status={detail.status} prefix="tasks.statuses" colors={TASK_STATUS_COLORS} /> },
                { label: t('tasks.kind'), value: t(`tasks.kinds.${detail.kind}`) },
                { label: t('tasks.project'), value: refName(detail.project_name) },
                { label: t('tasks.device'), value: refName(detail.device_name) },
                { label: t('tasks.pilot'), value: refName(detail.pilot_name) },
                { label: t('tasks.scheduledAt'), value: fmt.dateTime(detail.scheduled_at) },
                { label: t('tasks.startedAt'), value: fmt.dateTime(detail.started_at) },
                { label: t('tasks.finishedAt'), value: fmt.dateTime(detail.finished_at) },
                { label: t('tasks.progress'), value: <TaskProgressView progress={detail.progress} /> },
                ...(detail.dispatch_error ? [{ label: t('tasks.dispatchError'), value: detail.dispatch_error }] : []),
              ]
            : []
        }
      >
        {detail && <RouteOnMap routeId={detail.route_id} />}
        {/* The aircraft's video while the task flies. */}
        {detail?.status === 'running' && detail.device_id ? <LivePanel deviceId={detail.device_id} /> : null}
      </DetailDrawer>
      {dialog}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `${t(`tasks.commands.${confirming.command}`)} · ${confirming.row.name}` : ''}
        body={confirming ? t(`tasks.confirm.${confirming.command}`) : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) run(confirming.row, confirming.command);
          setConfirming(null);
        }}
      />
    </PageFrame>
  );
}
