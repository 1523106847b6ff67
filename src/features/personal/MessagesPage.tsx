import DoneIcon from '@mui/icons-material/Done';
import { Box, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../i18n';
import { INBOX_RESOURCE, LEVEL_COLORS, NOTICE_LEVELS, NoticeDefectLink, noticeDefectColumn, noticeText, UNREAD_RESOURCE } from '../notices';
import { PageFrame } from '../pages';
import DetailDrawer from '../../crud/DetailDrawer';
import ResourceTable from '../../crud/ResourceTable';
import { rowActionRequested } from '../../crud/resourcesSlice';
import { actionsColumn } from '../../crud/RowActions';
import StatusChip from '../../crud/StatusChip';
import type { Notice } from '@shared/entities/notice';
import { DEFAULT_QUERY, type ResourceQuery } from '../../crud/types';
import { useResourceList } from '../../crud/useResourceList';
import { dateTimeColumn } from '../../crud/dateColumns';
import { useFormat } from '../../shared/format';

const RESOURCE = INBOX_RESOURCE;
// The server leaves out scheduled and withdrawn notices, so pages and totals count messages only.
const INBOX_QUERY: ResourceQuery = { ...DEFAULT_QUERY, filters: { published: '1' } };

/**
 * /personal/message: the notices published to the user, in the console's language; opening one or "mark read" marks
 * it read; an urgent defect's notice links to the defect (#/Defect?id=…) from its row and its detail.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const state = useResourceList(RESOURCE, INBOX_QUERY);
  const [openId, setOpenId] = useState<number | null>(null);
  // A read mark changes the bell's count.
  const markRead = (row: Notice) => {
    if (!row.read) dispatch(rowActionRequested({ resource: RESOURCE, id: row.id, action: 'read', reload: [UNREAD_RESOURCE] }));
  };

  const columns: Array<GridColDef<Notice>> = [
    {
      field: 'read',
      headerName: t('notices.readState'),
      width: 90,
      sortable: false,
      renderCell: (p) => <Chip size="small" color={p.value ? 'default' : 'error'} label={t(p.value ? 'notices.read' : 'notices.unread')} />,
    },
    {
      field: 'title',
      headerName: t('notices.title'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: (p) => (
        <Box component="span" sx={{ fontWeight: p.row.read ? 400 : 700 }}>
          {noticeText(p.row, language).title}
        </Box>
      ),
    },
    {
      field: 'level',
      headerName: t('notices.level'),
      width: 100,
      renderCell: (p) => <StatusChip status={p.row.level} prefix="notices.levels" colors={LEVEL_COLORS} />,
    },
    // Opening the defect from the list reads the notice, as opening the notice does.
    noticeDefectColumn(t, markRead),
    dateTimeColumn('publish_at', t('notices.publishAt'), fmt),
    actionsColumn(
      t('resources.actions'),
      [{ key: 'read', label: t('notices.markRead'), icon: <DoneIcon fontSize="small" />, show: (row) => !row.read, onClick: markRead }],
      state.busyIds,
      140,
    ),
  ];
  const open = state.items.find((r) => r.id === openId) ?? null;
  const openText = open ? noticeText(open, language) : null;

  return (
    <PageFrame title={t('route.personalMessage')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('personal.messagesIntro')}
      </Typography>
      <ResourceTable
        state={state}
        columns={columns}
        // The intro line above the table takes its height from the list, so the pager stays on screen at 1920×1080.
        height="calc(100vh - 260px)"
        // The server filters by read state (unread=1|0) and level, with the total.
        filters={[
          {
            name: 'unread',
            label: 'notices.readState',
            options: [
              { value: '1', label: t('notices.unread') },
              { value: '0', label: t('notices.read') },
            ],
          },
          { name: 'level', label: 'notices.level', options: NOTICE_LEVELS.map((l) => ({ value: l, label: t(`notices.levels.${l}`) })) },
        ]}
        onRowClick={(row) => {
          setOpenId(row.id);
          markRead(row);
        }}
      />
      <DetailDrawer
        open={open !== null}
        title={openText?.title ?? ''}
        onClose={() => setOpenId(null)}
        items={open ? [{ label: t('notices.publishAt'), value: fmt.dateTime(open.publish_at) }] : []}
      >
        {openText && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{openText.content}</Typography>}
        {open && <NoticeDefectLink row={open} variant="button" />}
      </DetailDrawer>
    </PageFrame>
  );
}
