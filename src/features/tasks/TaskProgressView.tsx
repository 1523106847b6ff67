import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TaskProgress } from '@shared/entities/task';

/** A dispatched task's progress: bar, percent (Intl, app language), the aircraft's status and waypoint. */
export default function TaskProgressView({ progress, compact = false }: { progress: TaskProgress | null; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!progress) return <Typography color="text.secondary">—</Typography>;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(progress.percent / 100);
  const status = progress.status ? t(`tasks.flight.${progress.status}`) : '';
  const waypoint = progress.waypoint_index === null ? '' : t('tasks.waypoint', { index: progress.waypoint_index + 1 });
  return (
    <Box sx={{ width: '100%' }} data-testid="task-progress" aria-label={t('tasks.progress')} data-percent={progress.percent}>
      <LinearProgress variant="determinate" value={progress.percent} aria-valuetext={percent} />
      <Typography variant={compact ? 'caption' : 'body2'} component="div">
        {[percent, status, waypoint].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}
