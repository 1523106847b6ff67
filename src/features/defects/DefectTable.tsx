import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Defect } from '@shared/entities/defect';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { categoryName, SEVERITY_STROKES } from './defectRules';
import { assignOpened, defectStepRequested, selectDefects } from './defectsSlice';

/**
 * Defects with their category, severity, status, assignee and the workflow steps their status allows (for a user who
 * may change tasks); `onOpen` opens a defect's photo; `assignable`: each row offers to assign its defect (the page
 * shows the dialog).
 */
export default function DefectTable({
  items,
  onOpen,
  label,
  assignable = false,
}: {
  items: Defect[];
  onOpen?: (defect: Defect) => void;
  label: string;
  assignable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const canStep = useCan('task:write');
  const { categories, stepping } = useAppSelector(selectDefects);
  if (!items.length) return <Typography variant="body2">{t('defects.none')}</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>{t('defects.category')}</TableCell>
          <TableCell>{t('defects.severity')}</TableCell>
          <TableCell>{t('defects.status')}</TableCell>
          <TableCell>{t('defects.page.assignee')}</TableCell>
          <TableCell>{t('defects.note')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((defect) => (
          <TableRow key={defect.id} data-testid="defect-row">
            <TableCell>
              {onOpen ? (
                <Button size="small" onClick={() => onOpen(defect)} aria-label={`${t('defects.photo')} ${defect.id}`}>
                  {defect.id}
                </Button>
              ) : (
                defect.id
              )}
            </TableCell>
            <TableCell>{categoryName(categories, defect.category_id, i18n.language) ?? t('defects.noCategory')}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                label={t(`defects.severities.${defect.severity}`)}
                sx={{ borderColor: SEVERITY_STROKES[defect.severity], color: SEVERITY_STROKES[defect.severity] }}
              />
            </TableCell>
            <TableCell>{t(`defects.statuses.${defect.status}`)}</TableCell>
            <TableCell>{defect.assignee_name ?? t('defects.unassigned')}</TableCell>
            <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{defect.note ?? ''}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {canStep &&
                  defect.actions.map((action) => (
                    <Button
                      key={action}
                      size="small"
                      variant="outlined"
                      disabled={stepping.includes(defect.id)}
                      onClick={() => dispatch(defectStepRequested({ id: defect.id, action }))}
                    >
                      {t(`defects.actions.${action}`)}
                    </Button>
                  ))}
                {canStep && assignable && (
                  <Button size="small" onClick={() => dispatch(assignOpened(defect))} aria-label={t('defects.assignTitle', { id: defect.id })}>
                    {t('defects.assign')}
                  </Button>
                )}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
