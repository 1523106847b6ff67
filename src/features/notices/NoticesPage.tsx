import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../i18n';
import { PageFrame } from '../pages';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { saveRequested } from '../../crud/resourcesSlice';
import { actionsColumn } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { Notice } from '@shared/entities/notice';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import {
  emptyNotice,
  LEVEL_COLORS,
  NOTICE_LEVELS,
  noticeSchema,
  noticeState,
  noticeText,
  noticeToBody,
  noticeToForm,
  WITHDRAWN_AT,
  type NoticeForm,
} from './noticeRules';
import { dateTimeColumn } from '../../crud/dateColumns';
import { noticeDefectColumn } from './NoticeDefectLink';
import { useFormat } from '../../shared/format';

const RESOURCE = 'notice';

/** /sys/notice: write, edit, publish, withdraw and delete notices (notice:write). */
export default function NoticesPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const state = useResourceList(RESOURCE);
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE, (row) => noticeText(row, language).title);
  const close = useCallback(() => setEditing(null), []);
  const levelOptions = NOTICE_LEVELS.map((l) => ({ value: l, label: t(`notices.levels.${l}`) }));
  const setPublishAt = (row: Notice, at: string, failureToast: string) =>
    dispatch(saveRequested({ resource: RESOURCE, id: row.id, values: { publish_at: at }, failureToast }));

  const columns: Array<GridColDef<Notice>> = [
    {
      field: 'title',
      headerName: t('notices.title'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: (p) => noticeText(p.row, language).title,
    },
    {
      field: 'level',
      headerName: t('notices.level'),
      width: 100,
      renderCell: (p) => <StatusChip status={p.row.level} prefix="notices.levels" colors={LEVEL_COLORS} />,
    },
    {
      field: 'state',
      headerName: t('notices.state'),
      width: 100,
      sortable: false,
      renderCell: (p) => <Chip size="small" variant="outlined" label={t(`notices.${noticeState(p.row)}`)} />,
    },
    noticeDefectColumn(t),
    dateTimeColumn('publish_at', t('notices.publishAt'), fmt, {
      valueFormatter: (_value, row) => (noticeState(row) === 'withdrawn' ? '—' : fmt.dateTime(row.publish_at)),
    }),
    actionsColumn<Notice>(
      t('resources.actions'),
      [
        { key: 'edit', label: t('resources.edit'), icon: <EditIcon fontSize="small" />, onClick: (row) => setEditing(row) },
        {
          key: 'publish',
          label: t('notices.publish'),
          show: (row) => noticeState(row) !== 'published',
          onClick: (row) => setPublishAt(row, new Date().toISOString(), 'notices.publishFailed'),
        },
        {
          key: 'withdraw',
          label: t('notices.withdraw'),
          color: 'warning',
          show: (row) => noticeState(row) === 'published',
          onClick: (row) => setPublishAt(row, WITHDRAWN_AT, 'notices.withdrawFailed'),
        },
        { key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error', onClick: ask },
      ],
      state.busyIds,
    ),
  ];
  const editRow = editing && editing !== 'new' ? editing : null;
  const fields: Array<FieldSpec<NoticeForm>> = [
    { name: 'title', label: 'notices.title', required: true },
    { name: 'level', label: 'notices.level', kind: 'select', options: levelOptions },
    { name: 'content', label: 'notices.content', kind: 'textarea', required: true },
    { name: 'publish_at', label: 'notices.publishAt', kind: 'datetime' },
  ];
  return (
    <PageFrame title={t('menu.notice')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[{ name: 'level', label: 'notices.level', options: levelOptions }]}
        onCreate={() => setEditing('new')}
      />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('notices.what') })}
        fields={fields}
        schema={noticeSchema}
        defaultValues={editRow ? noticeToForm(editRow) : emptyNotice}
        transform={noticeToBody}
        onClose={close}
      />
      {dialog}
    </PageFrame>
  );
}
