import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import { DEFECT_SEVERITIES, type DefectSeverity } from '@shared/entities/defectStatus';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { categoryOptions, draftProblem, NOTE_MAX } from './defectRules';
import { defectSaveRequested, draftCancelled, draftChanged, selectDefects } from './defectsSlice';

/** The defect being marked: category, severity, note; saved once its region is drawn. */
export default function DefectForm() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { draft, categories, saving } = useAppSelector(selectDefects);
  if (!draft) return null;
  const problem = draftProblem(draft);
  return (
    <Box
      component="form"
      aria-label={t('defects.draw')}
      sx={{ display: 'grid', gap: 1.5, mt: 2 }}
      onSubmit={(e) => (e.preventDefault(), dispatch(defectSaveRequested()))}
    >
      <TextField
        select
        size="small"
        label={t('defects.category')}
        value={draft.category_id ?? ''}
        onChange={(e) => dispatch(draftChanged({ category_id: e.target.value === '' ? null : Number(e.target.value) }))}
      >
        <MenuItem value="">{t('defects.noCategory')}</MenuItem>
        {categoryOptions(categories, i18n.language).map((option) => (
          <MenuItem key={option.id} value={option.id} sx={{ pl: 2 + option.depth * 2 }}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('defects.severity')}
        value={draft.severity}
        onChange={(e) => dispatch(draftChanged({ severity: e.target.value as DefectSeverity }))}
      >
        {DEFECT_SEVERITIES.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {t(`defects.severities.${severity}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('defects.note')}
        value={draft.note}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        onChange={(e) => dispatch(draftChanged({ note: e.target.value }))}
      />
      {problem && <Alert severity="info">{t(`defects.problems.${problem}`)}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={problem !== null || saving}>
          {t('defects.save')}
        </Button>
        <Button onClick={() => dispatch(draftCancelled())}>{t('defects.cancel')}</Button>
      </Box>
    </Box>
  );
}
