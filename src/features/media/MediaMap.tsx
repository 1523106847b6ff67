import 'leaflet/dist/leaflet.css';
import { Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BaseMap, FitPoints } from '../map';
import { mediaPoints, pointsBounds } from './mediaRules';
import { previewOpened, selectMedia } from './mediaSlice';

/** The page's photos and videos where they were taken (those with defects in red); a click opens the preview. */
export default function MediaMap() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items } = useAppSelector(selectMedia);
  const points = useMemo(() => mediaPoints(items), [items]);
  const bounds = useMemo(() => pointsBounds(points), [points]);
  if (!bounds) return <Typography>{t('media.noPositions')}</Typography>;
  return (
    <div role="region" aria-label={t('media.map')} style={{ height: 480 }}>
      <MapContainer center={bounds[0]} zoom={15} style={{ height: '100%', backgroundColor: '#eef2f5' }}>
        <BaseMap picker />
        {points.map((point) => (
          <CircleMarker
            key={point.id}
            center={point.position}
            radius={7}
            pathOptions={
              point.hasDefects ? { color: '#b71c1c', fillColor: '#e53935', fillOpacity: 0.9 } : { color: '#0d47a1', fillColor: '#42a5f5', fillOpacity: 0.9 }
            }
            eventHandlers={{ click: () => dispatch(previewOpened(point.id)) }}
          >
            <Tooltip>{point.name}</Tooltip>
          </CircleMarker>
        ))}
        <FitPoints bounds={bounds} />
      </MapContainer>
      <Typography variant="caption" color="text.secondary">
        {t('media.mapPageOnly', { shown: points.length, count: items.length })}
      </Typography>
    </div>
  );
}
