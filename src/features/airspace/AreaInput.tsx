import { Box, Button, FormHelperText, LinearProgress, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestrictingZones } from '../map';
import { cornersOf, formatPositions, parseAreaText, type Position } from './airspaceRules';

const AreaMap = lazy(() => import(/* webpackChunkName: "airspace-area-map" */ './AreaMap'));

/** The no-fly and restricted zones, shown so the area can keep clear of them. */
function useRestrictingShapes() {
  const zones = useRestrictingZones();
  return useMemo(() => zones.map(({ id, name, polygon }) => ({ id, name, ring: cornersOf(polygon) })), [zones]);
}

/** An area as corners ([lng, lat]): drawn and edited on the map, or typed one per line (every bad line is named). */
export default function AreaInput({ value, onChange, error }: { value: Position[]; onChange: (value: Position[]) => void; error?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatPositions(value));
  const restricting = useRestrictingShapes();
  const { bad } = parseAreaText(text);
  // A new value from outside (a map edit, a reset) replaces the text, unless the text already says it.
  const showValue = useEffectEvent(() => {
    if (JSON.stringify(parseAreaText(text).positions) !== JSON.stringify(value)) setText(formatPositions(value));
  });
  useEffect(() => showValue(), [value]);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('airspace.area')} — {t('airspace.areaHint')}
      </Typography>
      <Suspense fallback={<LinearProgress />}>
        <AreaMap label={t('airspace.areaMap')} ring={value} onChange={onChange} restricting={restricting} />
      </Suspense>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('airspace.areaText')}
          value={text}
          multiline
          minRows={3}
          size="small"
          fullWidth
          error={bad.length > 0}
          onChange={(e) => {
            setText(e.target.value);
            onChange(parseAreaText(e.target.value).positions);
          }}
        />
        <Button onClick={() => onChange([])}>{t('airspace.areaClear')}</Button>
      </Box>
      {bad.map((b) => (
        <FormHelperText key={b.line} error>
          {t('airspace.badLine', { line: b.line, text: b.text })}
        </FormHelperText>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
