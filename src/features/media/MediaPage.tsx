import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Media } from '@shared/entities/media';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { TaskDefects } from '../defects';
import { useFormat } from '../../shared/format';
import MediaFilterBar from './MediaFilterBar';
import MediaMap from './MediaMap';
import MediaPreview from './MediaPreview';
import MediaUpload from './MediaUpload';
import { formatBytes, MEDIA_PAGE_SIZE } from './mediaRules';
import { downloadRequested, mediaPageOpened, pageChanged, previewOpened, selectionToggled, selectMedia, viewChanged, type MediaView } from './mediaSlice';

function Thumb({ item, height }: { item: Media; height: number }) {
  const { t } = useTranslation();
  return item.thumb_url ? (
    <Box component="img" src={item.thumb_url} alt={item.name} loading="lazy" sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />
  ) : (
    <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover' }}>
      <Typography variant="caption">{t('media.noThumb')}</Typography>
    </Box>
  );
}

function MediaGrid() {
  const dispatch = useAppDispatch();
  const format = useFormat();
  const { t } = useTranslation();
  const { items, selected } = useAppSelector(selectMedia);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 }}>
      {items.map((item) => (
        <Card key={item.id} variant="outlined" data-testid="media-card" sx={{ position: 'relative' }}>
          <Checkbox
            size="small"
            checked={selected.includes(item.id)}
            onChange={() => dispatch(selectionToggled(item.id))}
            slotProps={{ input: { 'aria-label': `${t('media.select')} ${item.name}` } }}
            sx={{ position: 'absolute', top: 0, left: 0, zIndex: 1, bgcolor: 'background.paper', borderRadius: 0 }}
          />
          <CardActionArea onClick={() => dispatch(previewOpened(item.id))} aria-label={`${t('media.preview')} ${item.name}`}>
            <Thumb item={item} height={140} />
            <CardContent sx={{ p: 1 }}>
              <Typography variant="body2" noWrap title={item.name}>
                {item.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {format.dateTime(item.taken_at)} · {t(`media.types.${item.type}`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function MediaList() {
  const dispatch = useAppDispatch();
  const format = useFormat();
  const { t } = useTranslation();
  const { items, selected } = useAppSelector(selectMedia);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell />
          <TableCell>{t('media.name')}</TableCell>
          <TableCell>{t('media.type')}</TableCell>
          <TableCell>{t('media.takenAt')}</TableCell>
          <TableCell>{t('media.device')}</TableCell>
          <TableCell>{t('media.task')}</TableCell>
          <TableCell>{t('media.size')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} hover onClick={() => dispatch(previewOpened(item.id))} sx={{ cursor: 'pointer' }}>
            <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
              <Checkbox
                size="small"
                checked={selected.includes(item.id)}
                onChange={() => dispatch(selectionToggled(item.id))}
                slotProps={{ input: { 'aria-label': `${t('media.select')} ${item.name}` } }}
              />
            </TableCell>
            <TableCell sx={{ width: 72 }}>
              <Thumb item={item} height={40} />
            </TableCell>
            <TableCell>{item.name}</TableCell>
            <TableCell>{t(`media.types.${item.type}`)}</TableCell>
            <TableCell>{format.dateTime(item.taken_at)}</TableCell>
            <TableCell>{item.device_sn ?? '—'}</TableCell>
            <TableCell>{item.task_id ?? '—'}</TableCell>
            <TableCell>{formatBytes(item.size)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const VIEWS: Record<MediaView, () => React.JSX.Element> = { grid: MediaGrid, list: MediaList, map: MediaMap };
function MediaItems({ view }: { view: MediaView }) {
  const View = VIEWS[view];
  return <View />;
}

/** 媒体库 / Media (/Media): every photo and video the user's data scope shows, filtered, previewed, downloaded, uploaded. */
export default function MediaPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canUpload = useCan('task:write');
  const { view, items, total, page, loading, failed, selected } = useAppSelector(selectMedia);
  useEffect(() => {
    dispatch(mediaPageOpened());
  }, [dispatch]);
  const pages = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));
  return (
    <PageFrame
      title={t('menu.media')}
      actions={
        <>
          <Button variant="outlined" disabled={!selected.length} onClick={() => dispatch(downloadRequested(selected))}>
            {t('media.downloadSelected', { count: selected.length })}
          </Button>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next: MediaView | null) => next && dispatch(viewChanged(next))}>
            <ToggleButton value="grid">{t('media.grid')}</ToggleButton>
            <ToggleButton value="list">{t('media.list')}</ToggleButton>
            <ToggleButton value="map">{t('media.map')}</ToggleButton>
          </ToggleButtonGroup>
        </>
      }
    >
      <MediaFilterBar />
      {canUpload && <MediaUpload />}
      {failed && <Alert severity="error">{t('media.loadFailed')}</Alert>}
      <TaskDefects />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {t('media.total', { count: total })}
      </Typography>
      {!loading && !failed && items.length === 0 ? <Typography>{t('media.empty')}</Typography> : <MediaItems view={view} />}
      {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, next) => dispatch(pageChanged(next))} />}
      <MediaPreview />
    </PageFrame>
  );
}
