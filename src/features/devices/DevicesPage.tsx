import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSelector } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { selectLiveSamples, subscriptionsChanged } from '../broker';
import { DeviceLiveDetails, fieldText, pairingOf } from '../devicelink';
import { LivePanel } from '../live';
import { DockDebugPanel, FirmwarePanel, FlightAreaPanel, FlightPanel, LogsPanel, SettingsPanel } from '../remote';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import ConfirmDialog from '../../crud/ConfirmDialog';
import { refName } from '../../crud/format';
import DetailDrawer from '../../crud/DetailDrawer';
import { useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { Device } from '@shared/entities/device';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { secretRotationRequested } from '../../crud/resourcesSlice';
import { useResourceList } from '../../crud/useResourceList';
import { useSampled } from '../situation';
import {
  DEVICE_FORM_MESSAGES,
  DEVICE_KINDS,
  DEVICE_STATUSES,
  deviceSchema,
  deviceToBody,
  deviceToForm,
  emptyDevice,
  STATUS_COLORS,
  telemetryTopics,
  withLiveStatus,
  type DeviceForm,
  type LiveDevice,
} from './deviceRules';
import IssuedSecretDialog from './IssuedSecretDialog';
import { dateTimeColumn } from '../../crud/dateColumns';
import { useFormat } from '../../shared/format';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));

const RESOURCE = 'device';

const selectLive = createSelector([selectLiveSamples, (s: RootState) => s.broker.online?.summary.statuses ?? null], (telemetry, statuses) => ({
  telemetry,
  statuses,
}));

export default function DevicesPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('device:write');
  const dispatch = useAppDispatch();
  // The table follows the broker once a second, not on every message.
  const live = useSampled(selectLive, 1000);
  // Departments to filter and assign by, for those who may read them; the table shows row.dept_name.
  const canReadOrg = useCan('org:read');
  const { options: deptOptions } = useResourceOptions('department', undefined, {}, canReadOrg);
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE);
  const [rotating, setRotating] = useState<Device | null>(null);
  const close = useCallback(() => setEditing(null), []);

  // Telemetry of the devices on this page only, while the page is open.
  const topicsKey = telemetryTopics(state.items).join(',');
  useEffect(() => {
    if (!topicsKey) return undefined;
    const topics = topicsKey.split(',');
    dispatch(subscriptionsChanged({ add: topics }));
    return () => void dispatch(subscriptionsChanged({ remove: topics }));
  }, [dispatch, topicsKey]);

  const rows = useMemo(() => {
    const now = Date.now();
    return state.items.map((row) => withLiveStatus(row, live, now));
  }, [state.items, live]);
  const stateWithLive = useMemo(() => ({ ...state, items: rows }), [state, rows]);

  const kindOptions = DEVICE_KINDS.map((k) => ({ value: k, label: t(`devices.kinds.${k}`) }));
  const statusOptions = DEVICE_STATUSES.map((s) => ({ value: s, label: t(`devices.statuses.${s}`) }));

  const columns: Array<GridColDef<LiveDevice>> = [
    { field: 'serial', headerName: t('devices.serial'), width: 170 },
    { field: 'name', headerName: t('devices.name'), flex: 1, minWidth: 140 },
    { field: 'model', headerName: t('devices.model'), width: 130 },
    { field: 'kind', headerName: t('devices.kind'), width: 110, sortable: false, valueFormatter: (_value, row) => t(`devices.kinds.${row.kind}`) },
    {
      field: 'status',
      headerName: t('devices.status'),
      width: 130,
      renderCell: (p) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          <StatusChip status={p.row.status} prefix="devices.statuses" colors={STATUS_COLORS} />
          {p.row.live && <Chip size="small" color="success" label={t('devices.live')} />}
        </Box>
      ),
    },
    {
      field: 'gateway_sn',
      headerName: t('devicelink.pairedWith'),
      width: 170,
      sortable: false,
      valueGetter: (_value, row) => {
        const pairing = pairingOf(row, state.items);
        return pairing ? fieldText(t, pairing) : '—';
      },
    },
    { field: 'dept_name', headerName: t('devices.department'), width: 130, sortable: false, valueFormatter: refName },
    {
      field: 'firmware',
      headerName: t('devices.firmware'),
      width: 200,
      sortable: false,
      renderCell: (p) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          {p.row.firmware ?? '—'}
          {p.row.needs_consistency_upgrade === 1 && <Chip size="small" color="warning" label={t('devices.needsConsistencyUpgrade')} />}
        </Box>
      ),
    },
    {
      field: 'battery',
      headerName: t('devices.battery'),
      width: 90,
      valueFormatter: (_value, row) => (row.battery === null ? '—' : `${row.battery}%`),
    },
    dateTimeColumn('last_seen_at', t('devices.lastSeen'), fmt),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn<Device>(
        t('resources.actions'),
        [
          { key: 'edit', label: t('resources.edit'), icon: <EditIcon fontSize="small" />, onClick: (row) => setEditing(row) },
          { key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error', onClick: ask },
          {
            key: 'rotateSecret',
            label: t('devices.rotateSecret'),
            icon: <KeyIcon fontSize="small" />,
            color: 'warning',
            show: (row) => row.kind === 'dock',
            onClick: setRotating,
          },
        ],
        state.busyIds,
      ),
    );
  }

  const editRow = editing && editing !== 'new' ? editing : null;
  const fields: Array<FieldSpec<DeviceForm>> = [
    { name: 'serial', label: 'devices.serial', required: true },
    { name: 'name', label: 'devices.name', required: true },
    { name: 'model', label: 'devices.model', required: true },
    { name: 'kind', label: 'devices.kind', kind: 'select', options: kindOptions, required: true },
    { name: 'status', label: 'devices.status', kind: 'select', options: statusOptions },
    { name: 'dept_id', label: 'devices.department', kind: 'select', options: deptOptions },
    { name: 'firmware', label: 'devices.firmware' },
    { name: 'photo', label: 'devices.photo', kind: 'image', currentUrl: editRow?.photo ?? null },
  ];

  const detail = rows.find((r) => r.id === detailId) ?? null;
  const detailPairing = detail ? pairingOf(detail, state.items) : null;
  const position: [number, number] | null = detail && detail.last_lat !== null && detail.last_lng !== null ? [detail.last_lat, detail.last_lng] : null;

  return (
    <PageFrame title={t('menu.uav')}>
      <ResourceTable
        state={stateWithLive}
        columns={columns}
        searchLabel={t('devices.searchLabel')}
        filters={[
          { name: 'kind', label: 'devices.kind', options: kindOptions },
          { name: 'status', label: 'devices.status', options: statusOptions },
          { name: 'needs_consistency_upgrade', label: 'devices.firmwareFilter', options: [{ value: '1', label: t('devices.needsConsistencyUpgrade') }] },
          ...(canReadOrg ? [{ name: 'dept_id', label: 'devices.department', options: deptOptions }] : []),
        ]}
        onCreate={canWrite ? () => setEditing('new') : undefined}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('devices.what') })}
        fields={fields}
        schema={deviceSchema}
        messages={DEVICE_FORM_MESSAGES}
        defaultValues={editRow ? deviceToForm(editRow) : emptyDevice}
        transform={deviceToBody}
        onClose={close}
      />
      <DetailDrawer
        open={detail !== null}
        title={detail ? `${detail.name} (${detail.serial})` : ''}
        onClose={() => setDetailId(null)}
        items={
          detail
            ? [
                { label: t('devices.model'), value: detail.model },
                { label: t('devices.kind'), value: t(`devices.kinds.${detail.kind}`) },
                { label: t('devices.status'), value: <StatusChip status={detail.status} prefix="devices.statuses" colors={STATUS_COLORS} /> },
                { label: t('devices.department'), value: refName(detail.dept_name) },
                { label: t('devicelink.pairedWith'), value: detailPairing ? fieldText(t, detailPairing) : '—' },
                { label: t('devices.firmware'), value: detail.firmware ?? '—' },
                { label: t('devices.lastSeen'), value: fmt.dateTime(detail.last_seen_at) },
                {
                  label: t('devices.battery'),
                  value:
                    typeof detail.battery === 'number' ? (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={detail.battery}
                          sx={{ flexGrow: 1 }}
                          color={detail.battery < 20 ? 'error' : 'primary'}
                          aria-label={t('devices.battery')}
                        />
                        {`${detail.battery}%`}
                      </Box>
                    ) : (
                      '—'
                    ),
                },
              ]
            : []
        }
      >
        {detail?.photo ? (
          <Box component="img" src={detail.photo} alt={t('devices.photo')} sx={{ width: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1 }} />
        ) : null}
        {detail ? <DeviceLiveDetails sn={detail.serial} /> : null}
        {detail?.kind === 'dock' ? <DockDebugPanel deviceId={detail.id} /> : null}
        {detail?.kind === 'dock' ? <FlightAreaPanel deviceId={detail.id} /> : null}
        {detail?.kind === 'dock' ? <LogsPanel deviceId={detail.id} /> : null}
        {detail?.kind === 'dock' || (detail?.kind === 'aircraft' && detail.gateway_sn) ? <FirmwarePanel deviceId={detail.id} sn={detail.serial} /> : null}
        {detail?.kind === 'dock' || (detail?.kind === 'aircraft' && detail.gateway_sn) ? <SettingsPanel deviceId={detail.id} /> : null}
        {detail?.kind === 'dock' || detail?.kind === 'aircraft' ? <FlightPanel deviceId={detail.id} /> : null}
        {detail ? <LivePanel deviceId={detail.id} /> : null}
        <Typography variant="subtitle2">{t('devices.lastPosition')}</Typography>
        {detail && position ? (
          <Suspense fallback={<LinearProgress />}>
            <GeoMap label={t('devices.mapLabel')} markers={[{ position, label: detail.name }]} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{t('devices.noPosition')}</Typography>
        )}
      </DetailDrawer>
      {dialog}
      <ConfirmDialog
        open={rotating !== null}
        title={t('devices.rotateTitle')}
        body={rotating ? t('devices.rotateBody', { name: `${rotating.name} (${rotating.serial})` }) : ''}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (rotating) dispatch(secretRotationRequested({ resource: RESOURCE, id: rotating.id }));
          setRotating(null);
        }}
      />
      <IssuedSecretDialog resource={RESOURCE} />
    </PageFrame>
  );
}
