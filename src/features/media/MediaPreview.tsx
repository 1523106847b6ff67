import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { Media } from '@shared/entities/media';
import { useEffect, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormat } from '../../shared/format';
import { useCan } from '../auth';
import {
  DefectForm,
  DefectOverlay,
  DefectTable,
  defectSaveRequested,
  draftCancelled,
  draftChanged,
  drawingToggled,
  reviewShortcut,
  selectDefects,
  useFinishPolygon,
  vertexRemoved,
} from '../defects';
import { flightNeighbours, formatBytes } from './mediaRules';
import { downloadRequested, previewOpened, selectMedia, selectPreview } from './mediaSlice';

const ZOOM_STEP = 1.5;
const ZOOM_MAX = 8;

const joined = (...values: Array<number | null>) => (values.some((v) => v !== null) ? values.map((v) => (v === null ? '—' : v.toFixed(1))).join(' / ') : '—');

/** The photo's (or video's) metadata, as read from the file or its upload callback. */
function MetadataTable({ item }: { item: Media }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: Array<[string, ReactNode]> = [
    [t('media.takenAt'), format.dateTime(item.taken_at)],
    [t('media.size'), formatBytes(item.size)],
    [t('media.position'), item.lat !== null && item.lng !== null ? `${item.lat.toFixed(6)}, ${item.lng.toFixed(6)}` : '—'],
    [t('media.absoluteAlt'), format.decimal(item.absolute_alt)],
    [t('media.relativeAlt'), format.decimal(item.relative_alt)],
    [t('media.gimbal'), joined(item.gimbal_yaw, item.gimbal_pitch, item.gimbal_roll)],
    [t('media.flightYaw'), format.decimal(item.flight_yaw)],
    [t('media.camera'), [item.drone_model, item.payload_model, item.lens && t(`media.lenses.${item.lens}`)].filter(Boolean).join(' · ') || '—'],
    [t('media.device'), item.device_sn ?? '—'],
    [t('media.task'), item.task_id ?? '—'],
    [t('media.flightRecord'), item.flight_record_id ?? '—'],
    [t('media.source'), t(`media.sources.${item.source}`)],
  ];
  return (
    <Table size="small" aria-label={t('media.preview')}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th">{label}</TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
        {item.metadata_error && (
          <TableRow>
            <TableCell colSpan={2}>{t('media.metadataError', { reason: item.metadata_error })}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

/** Keys typed into a form field are text, not shortcuts. */
const inField = (target: EventTarget) => target instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable);

/**
 * The photo at full size with zoom (buttons, wheel, + and -) and pan (drag); ← and → step through the flight. A
 * reviewer marks defects on it (D, then drag a rectangle; or P, then click a polygon's vertices, Backspace taking the
 * last back, a double-click, Enter or its first vertex closing it; 1–4 severity, Enter saves, Esc cancels) and moves
 * them through their workflow.
 */
export default function MediaPreview() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const item = useAppSelector(selectPreview);
  const { items } = useAppSelector(selectMedia);
  const defects = useAppSelector(selectDefects);
  const canMark = useCan('task:write');
  const finishPolygon = useFinishPolygon();
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const { previous, next } = item ? flightNeighbours(items, item.id) : { previous: null, next: null };
  const zoomBy = (factor: number) => setZoom((z) => Math.min(ZOOM_MAX, Math.max(1, z * factor)));

  useEffect(() => {
    setZoom(1);
    setPan({ x: 0, y: 0 });
  }, [item?.id]);

  if (!item) return null;
  const go = (id: number | null) => id !== null && dispatch(previewOpened(id));
  const marking = canMark && item.type === 'photo';
  const onKey = (event: React.KeyboardEvent) => {
    const shortcut = reviewShortcut(event.key, inField(event.target));
    if (!shortcut) return;
    if (shortcut.kind === 'previous') go(previous);
    else if (shortcut.kind === 'next') go(next);
    else if (shortcut.kind === 'zoomIn') zoomBy(ZOOM_STEP);
    else if (shortcut.kind === 'zoomOut') zoomBy(1 / ZOOM_STEP);
    else if (shortcut.kind === 'cancel') dispatch(draftCancelled());
    else if (!marking) return;
    else if (shortcut.kind === 'draw') dispatch(drawingToggled(shortcut.shape));
    else if (shortcut.kind === 'severity') dispatch(draftChanged({ severity: shortcut.severity }));
    else if (shortcut.kind === 'removeVertex' && defects.drawing === 'polygon') {
      event.preventDefault();
      dispatch(vertexRemoved());
    } else if (shortcut.kind === 'save' && defects.drawing === 'polygon') finishPolygon();
    else if (shortcut.kind === 'save' && defects.draft) dispatch(defectSaveRequested());
  };
  const onClose = (_event: unknown, reason?: string) => {
    // Esc while marking cancels the marking (onKey), not the preview.
    if (reason === 'escapeKeyDown' && (defects.draft || defects.drawing)) return;
    dispatch(previewOpened(null));
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    setPan({ x: event.clientX - drag.x, y: event.clientY - drag.y });
  };
  const transform = `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`;
  return (
    <Dialog open fullWidth maxWidth="lg" onClose={onClose} onKeyDown={onKey} aria-label={item.name}>
      <DialogTitle>{item.name}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <Box
          sx={{
            flex: 3,
            overflow: 'hidden',
            bgcolor: 'grey.900',
            minHeight: 360,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            touchAction: 'none',
          }}
          onWheel={(e) => zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP)}
          onPointerDown={(e) => setDrag({ x: e.clientX - pan.x, y: e.clientY - pan.y })}
          onPointerMove={onPointerMove}
          onPointerUp={() => setDrag(null)}
          onPointerLeave={() => setDrag(null)}
        >
          {item.type === 'video' ? (
            <video src={item.url} controls style={{ maxWidth: '100%', maxHeight: '70vh' }} />
          ) : (
            <Box sx={{ position: 'relative', transform, transformOrigin: 'center', cursor: drag ? 'grabbing' : 'grab' }}>
              <img src={item.url} alt={item.name} draggable={false} style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }} />
              <DefectOverlay />
            </Box>
          )}
        </Box>
        <Box sx={{ flex: 2, minWidth: 280 }}>
          <MetadataTable item={item} />
          {marking && (
            <Box sx={{ mt: 2 }}>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button variant={defects.drawing === 'rect' ? 'contained' : 'outlined'} onClick={() => dispatch(drawingToggled('rect'))}>
                  {t('defects.draw')}
                </Button>
                <Button variant={defects.drawing === 'polygon' ? 'contained' : 'outlined'} onClick={() => dispatch(drawingToggled('polygon'))}>
                  {t('defects.drawPolygon')}
                </Button>
              </Box>
              {defects.drawing && <Typography variant="body2">{t(defects.drawing === 'rect' ? 'defects.drawing' : 'defects.drawingPolygon')}</Typography>}
              {defects.polygon.problem && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {t(`defects.polygonProblems.${defects.polygon.problem}`)}
                </Alert>
              )}
              <Typography variant="caption" color="text.secondary" component="p">
                {t('defects.shortcuts')}
              </Typography>
            </Box>
          )}
          <DefectForm />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('defects.title')}
          </Typography>
          <DefectTable items={defects.photo.items} label={t('defects.title')} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => zoomBy(1 / ZOOM_STEP)}>{t('media.zoomOut')}</Button>
        <Button onClick={() => zoomBy(ZOOM_STEP)}>{t('media.zoomIn')}</Button>
        <Button disabled={previous === null} onClick={() => go(previous)}>
          {t('media.previous')}
        </Button>
        <Button disabled={next === null} onClick={() => go(next)}>
          {t('media.next')}
        </Button>
        <Button onClick={() => dispatch(downloadRequested([item.id]))}>{t('media.download')}</Button>
        <Button onClick={() => onClose(null)}>{t('media.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
