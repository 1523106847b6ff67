import DoneIcon from '@mui/icons-material/Done';
import { Button, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@shared/entities/alert';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dateTimeColumn } from '../../crud/dateColumns';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import { useResourceList } from '../../crud/useResourceList';
import { DEFAULT_QUERY } from '../../crud/types';
import { useFormat } from '../../shared/format';
import { selectLanguage } from '../i18n';
import { PageFrame } from '../pages';
import { ackableIds, ALERT_FILTERS, ALERT_RESOURCE, alertText, deviceLabel, LEVEL_COLORS } from './alertRules';
import { acknowledgeRequested, selectionChanged } from './alertsSlice';
import { selectAcknowledging, selectAlertSelection } from './selectors';

/** Open alerts first: the page opens on what needs handling; history is the "over" filter. */
const OPEN_ALERTS = { ...DEFAULT_QUERY, ordering: '-last_seen_at', filters: { active: '1' } };

/** /Alert (告警中心): HMS, conformance and flight safety alerts with filters; acknowledge one or many; history. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const state = useResourceList(ALERT_RESOURCE, OPEN_ALERTS);
  const selected = useAppSelector(selectAlertSelection);
  const acknowledging = useAppSelector(selectAcknowledging);
  const toAcknowledge = ackableIds(state.items, selected);
  const options = (name: keyof typeof ALERT_FILTERS, prefix: string) => ALERT_FILTERS[name].map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  const columns: GridColDef[] = [
    {
      field: 'level',
      headerName: t('alerts.level'),
      width: 90,
      renderCell: (p) => <StatusChip status={String(p.value)} prefix="alerts.levels" colors={LEVEL_COLORS} />,
    },
    dateTimeColumn('last_seen_at', t('alerts.lastSeen'), fmt),
    {
      field: 'device_sn',
      headerName: t('alerts.device'),
      minWidth: 200,
      flex: 1,
      valueGetter: (_value, row) => deviceLabel(row as Alert),
    },
    { field: 'kind', headerName: t('alerts.kind'), width: 110, sortable: false, valueFormatter: (value) => t(`alerts.kinds.${String(value)}`) },
    { field: 'code', headerName: t('alerts.code'), width: 150 },
    {
      field: 'message',
      headerName: t('alerts.message'),
      minWidth: 240,
      flex: 2,
      sortable: false,
      valueGetter: (_value, row) => alertText(row as Alert, language),
    },
    { field: 'count', headerName: t('alerts.count'), width: 80, type: 'number' },
    {
      field: 'active',
      headerName: t('alerts.state'),
      width: 90,
      sortable: false,
      renderCell: (p) => <Chip size="small" variant="outlined" color={p.value ? 'error' : 'default'} label={t(`alerts.states.${String(p.value)}`)} />,
    },
    {
      field: 'acked_at',
      headerName: t('alerts.acked'),
      width: 200,
      sortable: false,
      valueFormatter: (value) => (value ? t('alerts.ackedAt', { time: fmt.dateTime(value) }) : t('alerts.notAcked')),
    },
    actionsColumn(
      t('resources.actions'),
      [
        {
          key: 'acknowledge',
          label: t('alerts.acknowledge'),
          icon: <DoneIcon fontSize="small" />,
          show: (row) => !row.acked_at,
          onClick: (row) => dispatch(acknowledgeRequested([row.id])),
        },
      ],
      acknowledging,
    ),
  ];

  return (
    <PageFrame title={t('menu.alert')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[
          { name: 'kind', label: 'alerts.kind', options: options('kind', 'alerts.kinds') },
          { name: 'level', label: 'alerts.level', options: options('level', 'alerts.levels') },
          { name: 'active', label: 'alerts.state', options: options('active', 'alerts.states') },
        ]}
        selection={{ ids: selected, onChange: (ids) => dispatch(selectionChanged(ids)) }}
        toolbarExtra={
          <Button
            variant="contained"
            startIcon={<DoneIcon />}
            disabled={toAcknowledge.length === 0 || acknowledging.length > 0}
            onClick={() => dispatch(acknowledgeRequested(toAcknowledge))}
          >
            {t('alerts.acknowledgeSelected', { count: toAcknowledge.length })}
          </Button>
        }
      />
    </PageFrame>
  );
}
