import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { previewOpened } from '../media';
import DefectTable from './DefectTable';
import { reportRequested, selectDefects } from './defectsSlice';

/** The defects of the task the media library is filtered by, with their workflow (each opens its photo), and its report. */
export default function TaskDefects() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { task, reporting } = useAppSelector(selectDefects);
  if (task.taskId === null) return null;
  const title = t('defects.taskTitle', { taskId: task.taskId });
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        {(['pdf', 'xlsx'] as const).map((format) => (
          <Button key={format} size="small" variant="outlined" disabled={reporting !== null} onClick={() => dispatch(reportRequested(format))}>
            {t(`defects.report.${format}`)}
          </Button>
        ))}
      </Box>
      <DefectTable items={task.items} label={title} onOpen={(defect) => dispatch(previewOpened(defect.media_id))} />
    </Box>
  );
}
