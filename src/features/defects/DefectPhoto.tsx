import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import DefectOverlay from './DefectOverlay';
import DefectTable from './DefectTable';
import { defectClosed, selectDefects } from './defectsSlice';

/** The photo of the defect opened on the /Defect page, its defects outlined on it and listed beside it. */
export default function DefectPhoto() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { viewer, photo } = useAppSelector(selectDefects);
  if (!viewer) return null;
  const title = t('defects.page.photoOf', { id: viewer.defectId });
  return (
    <Dialog open fullWidth maxWidth="lg" onClose={() => dispatch(defectClosed())} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      {viewer.missing ? (
        <DialogContent>
          <Alert severity="warning">{t('defects.page.notFound', { id: viewer.defectId })}</Alert>
        </DialogContent>
      ) : (
        <DialogContent sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <Box sx={{ flex: 3, bgcolor: 'grey.900', minHeight: 360, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {viewer.media ? (
              <Box sx={{ position: 'relative' }}>
                <img src={viewer.media.url} alt={viewer.media.name} draggable={false} style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }} />
                <DefectOverlay />
              </Box>
            ) : (
              <CircularProgress aria-label={t('app.loading')} />
            )}
          </Box>
          <Box sx={{ flex: 2, minWidth: 280 }}>
            <DefectTable items={photo.items} label={t('defects.title')} />
          </Box>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => dispatch(defectClosed())}>{t('defects.page.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
