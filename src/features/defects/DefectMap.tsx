import 'leaflet/dist/leaflet.css';
import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BaseMap, FitPoints } from '../map';
import { pointsBounds } from '../media';
import { defectPoints, SEVERITY_STROKES } from './defectRules';
import { defectOpened, selectDefects } from './defectsSlice';

/** The page's defects where they are, coloured by severity (the most severe on top); a click opens the photo. */
export default function DefectMap() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items } = useAppSelector(selectDefects).list;
  const points = useMemo(() => defectPoints(items), [items]);
  const bounds = useMemo(() => pointsBounds(points), [points]);
  if (!bounds) return <Typography>{t('defects.page.noPositions')}</Typography>;
  return (
    <div role="region" aria-label={t('defects.page.map')} style={{ height: 480 }}>
      <MapContainer center={bounds[0]} zoom={15} style={{ height: '100%', backgroundColor: '#eef2f5' }}>
        <BaseMap picker />
        {points.map((point) => (
          <CircleMarker
            key={point.id}
            center={point.position}
            radius={8}
            pathOptions={{ color: SEVERITY_STROKES[point.severity], fillColor: SEVERITY_STROKES[point.severity], fillOpacity: 0.9 }}
            eventHandlers={{ click: () => dispatch(defectOpened(point.id)) }}
          >
            <Tooltip>{t('defects.outline', { severity: t(`defects.severities.${point.severity}`), id: point.id })}</Tooltip>
          </CircleMarker>
        ))}
        <FitPoints bounds={bounds} />
      </MapContainer>
      <Typography variant="caption" color="text.secondary">
        {t('defects.page.mapPageOnly', { shown: points.length, count: items.length })}
      </Typography>
    </div>
  );
}
