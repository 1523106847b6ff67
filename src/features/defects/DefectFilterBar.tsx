import { Box, Button, MenuItem, TextField } from '@mui/material';
import { DEFECT_SEVERITIES, DEFECT_STATUSES } from '@shared/entities/defectStatus';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LookupField from '../../crud/LookupField';
import { EMPTY_DEFECT_FILTERS, type DefectFilters } from './defectDefaults';
import { categoryOptions } from './defectRules';
import { defectFiltersChanged, selectDefects } from './defectsSlice';

const FIELD = { size: 'small', sx: { minWidth: 150 } } as const;

/** The /Defect page's filters (the API's): each change reloads the first page. */
export default function DefectFilterBar() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { list, categories } = useAppSelector(selectDefects);
  const { filters } = list;
  const set = (patch: Partial<DefectFilters>) => dispatch(defectFiltersChanged(patch));
  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <LookupField
        resource="project"
        name="defect-project"
        label={t('defects.page.project')}
        value={filters.project_id}
        onChange={(project_id) => set({ project_id })}
        size="small"
        sx={{ minWidth: 200 }}
      />
      <TextField {...FIELD} label={t('defects.page.taskId')} value={filters.task_id} onChange={(e) => set({ task_id: e.target.value })} />
      <TextField {...FIELD} select label={t('defects.category')} value={filters.category_id} onChange={(e) => set({ category_id: e.target.value })}>
        <MenuItem value="">{t('defects.page.any')}</MenuItem>
        {categoryOptions(categories, i18n.language).map((option) => (
          <MenuItem key={option.id} value={String(option.id)} sx={{ pl: 2 + option.depth * 2 }}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...FIELD}
        select
        label={t('defects.severity')}
        value={filters.severity}
        onChange={(e) => set({ severity: e.target.value as DefectFilters['severity'] })}
      >
        <MenuItem value="">{t('defects.page.any')}</MenuItem>
        {DEFECT_SEVERITIES.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {t(`defects.severities.${severity}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...FIELD}
        select
        label={t('defects.status')}
        value={filters.status}
        onChange={(e) => set({ status: e.target.value as DefectFilters['status'] })}
      >
        <MenuItem value="">{t('defects.page.any')}</MenuItem>
        {DEFECT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`defects.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <LookupField
        resource="user"
        name="defect-assignee"
        label={t('defects.page.assignee')}
        value={filters.assignee_id}
        onChange={(assignee_id) => set({ assignee_id })}
        size="small"
        sx={{ minWidth: 200 }}
      />
      <Button onClick={() => set(EMPTY_DEFECT_FILTERS)}>{t('defects.page.reset')}</Button>
    </Box>
  );
}
