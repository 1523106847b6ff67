import { Box, Button, Chip, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filesDropped, selectMedia, uploadsCleared } from './mediaSlice';

const STATUS_COLOR = { waiting: 'default', sending: 'info', done: 'success', duplicate: 'default', failed: 'error', refused: 'warning' } as const;

/** Drop zone (and file picker) for photos and videos, many at once, into the project chosen in the filters. */
export default function MediaUpload() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { filters, uploads } = useAppSelector(selectMedia);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const send = (list: FileList | null) => {
    if (list?.length) dispatch(filesDropped({ project_id: filters.project_id, files: [...list] }));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        role="button"
        tabIndex={0}
        aria-label={t('media.upload')}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 1, p: 2, textAlign: 'center', cursor: 'pointer' }}
      >
        <Typography color="text.secondary">{filters.project_id ? t('media.dropHere') : t('media.chooseProject')}</Typography>
        <input
          ref={input}
          type="file"
          multiple
          accept="image/*,video/*"
          hidden
          data-testid="media-file-input"
          onChange={(e) => {
            send(e.target.files);
            e.target.value = '';
          }}
        />
      </Box>
      {uploads.length > 0 && (
        <Box aria-label={t('media.upload')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
          {uploads.map((u) => (
            <Chip
              key={u.key}
              size="small"
              color={STATUS_COLOR[u.status]}
              label={`${u.name}: ${t(`media.uploadStatus.${u.status}`)}${u.refusal ? ` (${t(`media.refusals.${u.refusal}`)})` : ''}`}
            />
          ))}
          <Button size="small" onClick={() => dispatch(uploadsCleared())}>
            {t('media.clearUploads')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
