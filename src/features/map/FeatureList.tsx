import { Alert, Box, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { featureSelected, flyToRequested, searchChanged, type MapPage } from './mapSlice';
import { categoryLabel } from './categories';
import type { Formatter } from '../../shared/format';
import { useFormat } from '../../shared/format';
import { boundsOf } from './measure';
import { matchesSearch, selectFeatures, selectMap, selectSelectedFeatureId } from './selectors';
import { circleOf } from '@shared/circle';
import { kindOfFeature, type MapFeature } from './types';

/** Rows rendered at most (the search narrows a longer list). */
export const LIST_LIMIT = 300;

function summary(f: MapFeature, t: (key: string) => string, fmt: Formatter): string {
  const p = f.properties ?? {};
  const kind = circleOf(f) ? 'circle' : kindOfFeature(f);
  const parts = [categoryLabel(f.category, t), kind ? t(`map.kind.${kind}`) : ''];
  if (typeof p.area_m2 === 'number') parts.push(fmt.area(p.area_m2));
  else if (typeof p.length_m === 'number') parts.push(fmt.distance(p.length_m));
  return parts.filter(Boolean).join(' · ');
}

/** The searchable feature list of a map page; a click flies to the feature and selects it (and edits it on an editor page). */
export default function FeatureList({ page }: { page: MapPage }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dispatch = useAppDispatch();
  const all = useAppSelector(selectFeatures);
  const { featuresStatus, featuresError, search } = useAppSelector(selectMap);
  const selectedId = useAppSelector(selectSelectedFeatureId);
  const text = search[page];
  const rows = useMemo(
    () => all.filter((f) => (page === 'index' || kindOfFeature(f) === page) && matchesSearch(f, text, categoryLabel(f.category, t))),
    [all, page, text, t],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <TextField
        size="small"
        label={t('map.search')}
        value={text}
        onChange={(e) => dispatch(searchChanged({ page, text: e.target.value }))}
        slotProps={{ htmlInput: { 'aria-label': t('map.search') } }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {featuresStatus === 'loading' && all.length === 0 ? t('map.loading') : t('map.count', { count: rows.length })}
      </Typography>
      {featuresStatus === 'failed' && <Alert severity="error">{t('map.loadFailed', { message: featuresError })}</Alert>}
      <List dense aria-label={t('map.layers')} sx={{ overflowY: 'auto', flex: 1, minHeight: 120 }}>
        {rows.slice(0, LIST_LIMIT).map((f) => (
          <ListItemButton
            key={f.id}
            selected={f.id === selectedId}
            onClick={() => {
              dispatch(featureSelected({ id: f.id, edit: page !== 'index' }));
              dispatch(flyToRequested({ bounds: boundsOf(f.geometry) }));
            }}
          >
            <ListItemText primary={f.name} secondary={summary(f, t, fmt)} />
          </ListItemButton>
        ))}
        {featuresStatus === 'ready' && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {t('map.empty')}
          </Typography>
        )}
      </List>
    </Box>
  );
}
