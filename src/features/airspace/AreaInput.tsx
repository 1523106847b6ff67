import { Box, Button, FormHelperText, LinearProgress, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPositions, parsePositions, type Position } from './airspaceRules';

const GeoMap = lazy(() => import(/* webpackChunkName: "geo-map" */ '../../crud/GeoMap'));

/** An area as corners ([lng, lat]): clicked on the map or typed one per line. */
export default function AreaInput({ value, onChange, error }: { value: Position[]; onChange: (value: Position[]) => void; error?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatPositions(value));
  // A new value from outside (a map click, a reset) replaces the text, unless the text already says it.
  const showValue = useEffectEvent(() => {
    if (JSON.stringify(parsePositions(text)) !== JSON.stringify(value)) setText(formatPositions(value));
  });
  useEffect(() => showValue(), [value]);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('airspace.area')} — {t('airspace.areaHint')}
      </Typography>
      <Suspense fallback={<LinearProgress />}>
        <GeoMap
          label={t('airspace.areaMap')}
          polygons={value.length ? [value.map(([lng, lat]) => [lat, lng] as [number, number])] : []}
          onMapClick={([lat, lng]) => onChange([...value, [Number(lng.toFixed(6)), Number(lat.toFixed(6))]])}
          height={220}
        />
      </Suspense>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('airspace.areaText')}
          value={text}
          multiline
          minRows={3}
          size="small"
          fullWidth
          onChange={(e) => {
            setText(e.target.value);
            onChange(parsePositions(e.target.value));
          }}
        />
        <Button onClick={() => onChange([])}>{t('airspace.areaClear')}</Button>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
