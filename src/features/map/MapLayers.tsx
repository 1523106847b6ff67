import { Box, Checkbox, FormControlLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, Polygon, Polyline, Tooltip } from 'react-leaflet';
import { circleOf } from '@shared/circle';
import type { Polygon as GeoPolygon, Position } from 'geojson';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { baseLayerChanged, featureSelected, flyToRequested, layerToggled, LAYER_IDS, type LayerId } from './mapSlice';
import { boundsOf } from './measure';
import { useBaseLayers } from './BaseMap';
import { selectEditor, selectFeatures, selectLayers, selectOverlays, selectSelectedFeatureId } from './selectors';
import { DEFAULT_STYLE, kindOfFeature, type FeatureKind, type MapFeature } from './types';

const latLng = (p: Position): [number, number] => [p[1], p[0]];
const rings = (polygon: GeoPolygon) => polygon.coordinates.map((ring) => ring.map(latLng));

const LAYER_OF_KIND: Record<FeatureKind, LayerId> = { point: 'points', polyline: 'lines', polygon: 'polygons' };
const layerOf = (f: MapFeature): LayerId | null => {
  const kind = kindOfFeature(f);
  return kind && LAYER_OF_KIND[kind];
};

/** The layer switcher: the base map (online providers, offline packages, the outlines) and the overlay layers. */
export function LayerSwitcher({ layers = LAYER_IDS }: { layers?: LayerId[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(selectLayers);
  const base = useBaseLayers();
  return (
    <Paper
      elevation={3}
      role="group"
      aria-label={t('map.layers')}
      sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1000, px: 1.5, py: 1, minWidth: 180 }}
    >
      {base.options.length > 1 && (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('map.baseMap')}
          </Typography>
          <RadioGroup aria-label={t('map.baseMap')} value={base.active.id} onChange={(e) => dispatch(baseLayerChanged(e.target.value))}>
            {base.options.map((option) => (
              <FormControlLabel key={option.id} value={option.id} control={<Radio size="small" />} label={base.label(option)} />
            ))}
          </RadioGroup>
        </>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('map.layers')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {layers.map((id) => (
          <FormControlLabel
            key={id}
            control={<Checkbox size="small" checked={visible[id]} onChange={() => dispatch(layerToggled({ layer: id }))} />}
            label={t(`map.layer.${id}`)}
          />
        ))}
      </Box>
    </Paper>
  );
}

const FeatureShape = memo(function FeatureShape({
  feature,
  selected,
  onSelect,
}: {
  feature: MapFeature;
  selected: boolean;
  onSelect: (f: MapFeature) => void;
}) {
  const color = feature.style?.color ?? DEFAULT_STYLE.color;
  const weight = (feature.style?.weight ?? DEFAULT_STYLE.weight) + (selected ? 2 : 0);
  const pathOptions = { color: selected ? '#ff6f00' : color, weight, fillColor: color, fillOpacity: 0.2 };
  const eventHandlers = { click: () => onSelect(feature) };
  const tooltip = <Tooltip sticky>{feature.name}</Tooltip>;
  const g = feature.geometry;
  const circle = circleOf(feature);
  if (circle)
    return (
      <Circle center={latLng(circle.centre)} radius={circle.radius} pathOptions={pathOptions} eventHandlers={eventHandlers}>
        {tooltip}
      </Circle>
    );
  if (g.type === 'Point')
    return (
      <CircleMarker
        center={latLng(g.coordinates)}
        radius={selected ? 9 : 7}
        pathOptions={{ ...pathOptions, fillOpacity: 0.8, weight: 2 }}
        eventHandlers={eventHandlers}
      >
        {tooltip}
      </CircleMarker>
    );
  if (g.type === 'LineString')
    return (
      <Polyline positions={g.coordinates.map(latLng)} pathOptions={pathOptions} eventHandlers={eventHandlers}>
        {tooltip}
      </Polyline>
    );
  return (
    <Polygon positions={rings(g)} pathOptions={pathOptions} eventHandlers={eventHandlers}>
      {tooltip}
    </Polygon>
  );
});

/** The saved features (of one kind on an editor page), minus the one being edited; a click selects. */
export function FeatureLayers({ kind, edit }: { kind?: FeatureKind; edit?: boolean }) {
  const dispatch = useAppDispatch();
  const features = useAppSelector(selectFeatures);
  const layers = useAppSelector(selectLayers);
  const selectedId = useAppSelector(selectSelectedFeatureId);
  const editor = useAppSelector(selectEditor);
  // Stable, so the memoised shapes skip rendering when only the selection or the editor changed.
  const onSelect = useCallback(
    (f: MapFeature) => {
      dispatch(featureSelected({ id: f.id, edit }));
      dispatch(flyToRequested({ bounds: boundsOf(f.geometry) }));
    },
    [dispatch, edit],
  );
  return (
    <>
      {features.map((f) => {
        const layer = layerOf(f);
        if (!layer || !layers[layer] || (kind && LAYER_OF_KIND[kind] !== layer)) return null;
        if (editor.mode === 'editing' && editor.featureId === f.id) return null;
        return <FeatureShape key={f.id} feature={f} selected={f.id === selectedId} onSelect={onSelect} />;
      })}
    </>
  );
}

/** Project areas and approved airspace, as dashed outlines. */
export function AreaOverlays() {
  const overlays = useAppSelector(selectOverlays);
  const layers = useAppSelector(selectLayers);
  return (
    <>
      {layers.projects &&
        overlays.projects.map((p) => (
          <Polygon
            key={`p${p.id}`}
            positions={rings(p.area)}
            interactive={false}
            pathOptions={{ color: '#6a1b9a', weight: 2, dashArray: '6 6', fillOpacity: 0.04 }}
          />
        ))}
      {layers.airspace &&
        overlays.airspace.map((a) => (
          <Polygon
            key={`a${a.id}`}
            positions={rings(a.area)}
            pathOptions={{ color: '#2e7d32', weight: 2, dashArray: '4 4', fillColor: '#66bb6a', fillOpacity: 0.08 }}
          >
            <Tooltip sticky>{a.name}</Tooltip>
          </Polygon>
        ))}
    </>
  );
}
