import { Box, Button, MenuItem, TextField } from '@mui/material';
import { MEDIA_LENSES, MEDIA_TYPES } from '@shared/entities/media';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LookupField from '../../crud/LookupField';
import type { MediaFilters } from './mediaRules';
import { filtersChanged, filtersReset, selectMedia } from './mediaSlice';

const FIELD = { size: 'small', sx: { minWidth: 150 } } as const;

/** The library's filters (docs/media.md): each change reloads the first page. */
export default function MediaFilterBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { filters } = useAppSelector(selectMedia);
  const set = (patch: Partial<MediaFilters>) => dispatch(filtersChanged(patch));
  const text = (key: 'search' | 'task_id' | 'flight_record_id' | 'device_sn', label: string) => (
    <TextField {...FIELD} label={label} value={filters[key]} onChange={(e) => set({ [key]: e.target.value })} />
  );
  const time = (key: 'taken_from' | 'taken_to', label: string) => (
    <TextField
      {...FIELD}
      type="datetime-local"
      label={label}
      value={filters[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {text('search', t('media.search'))}
      <LookupField
        resource="project"
        name="media-project"
        label={t('media.project')}
        value={filters.project_id}
        onChange={(project_id) => set({ project_id })}
        size="small"
        sx={{ minWidth: 200 }}
      />
      {text('task_id', t('media.taskId'))}
      {text('flight_record_id', t('media.flightRecordId'))}
      {text('device_sn', t('media.deviceSn'))}
      <TextField {...FIELD} select label={t('media.type')} value={filters.type} onChange={(e) => set({ type: e.target.value as MediaFilters['type'] })}>
        <MenuItem value="">{t('media.any')}</MenuItem>
        {MEDIA_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`media.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...FIELD} select label={t('media.lens')} value={filters.lens} onChange={(e) => set({ lens: e.target.value as MediaFilters['lens'] })}>
        <MenuItem value="">{t('media.any')}</MenuItem>
        {MEDIA_LENSES.map((lens) => (
          <MenuItem key={lens} value={lens}>
            {t(`media.lenses.${lens}`)}
          </MenuItem>
        ))}
      </TextField>
      {time('taken_from', t('media.takenFrom'))}
      {time('taken_to', t('media.takenTo'))}
      <TextField
        {...FIELD}
        select
        label={t('media.hasDefects')}
        value={filters.has_defects}
        onChange={(e) => set({ has_defects: e.target.value as MediaFilters['has_defects'] })}
      >
        <MenuItem value="">{t('media.any')}</MenuItem>
        <MenuItem value="true">{t('media.withDefects')}</MenuItem>
        <MenuItem value="false">{t('media.withoutDefects')}</MenuItem>
      </TextField>
      <Button onClick={() => dispatch(filtersReset())}>{t('media.reset')}</Button>
    </Box>
  );
}
