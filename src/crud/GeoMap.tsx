import 'leaflet/dist/leaflet.css';
import { Suspense, useEffect, useEffectEvent, useMemo } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { useCrudEnvironment } from './environment';

export type LatLng = [number, number];

export interface GeoMapProps {
  /** Accessible name of the map region. */
  label: string;
  markers?: Array<{ position: LatLng; label?: string }>;
  polygons?: LatLng[][];
  polylines?: LatLng[][];
  /** Clicking the map reports the position (e.g. to draw an area). */
  onMapClick?: (position: LatLng) => void;
  height?: number;
}

// Shown until the base map's tiles arrive.
const gridBackground = {
  backgroundColor: '#eef2f5',
  backgroundImage: 'linear-gradient(#d5dde3 1px, transparent 1px), linear-gradient(90deg, #d5dde3 1px, transparent 1px)',
  backgroundSize: '32px 32px',
};

const DEFAULT_CENTER: LatLng = [22.54, 114.06];

function boundsOf(points: LatLng[]): [LatLng, LatLng] | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

/** Frames the shapes when they change (not when the parent passes equal ones anew). */
function Fit({ bounds }: { bounds: [LatLng, LatLng] | null }) {
  const map = useMap();
  const frame = useEffectEvent(() => {
    if (!bounds) return;
    if (bounds[0][0] === bounds[1][0] && bounds[0][1] === bounds[1][1]) map.setView(bounds[0], 15);
    else map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
  });
  // Refitted when the bounds' values change, not on every new array.
  const key = JSON.stringify(bounds);
  useEffect(() => frame(), [map, key]);
  return null;
}

function Clicks({ onMapClick }: { onMapClick: (position: LatLng) => void }) {
  useMapEvents({ click: (e) => onMapClick([e.latlng.lat, e.latlng.lng]) });
  return null;
}

/** A small Leaflet map of markers, areas and tracks (positions as [lat, lng]), fitted to what it shows. */
export default function GeoMap({ label, markers = [], polygons = [], polylines = [], onMapClick, height = 240 }: GeoMapProps) {
  const { BaseMap } = useCrudEnvironment();
  const bounds = useMemo(() => boundsOf([...markers.map((m) => m.position), ...polygons.flat(), ...polylines.flat()]), [markers, polygons, polylines]);
  return (
    <div role="region" aria-label={label} style={{ height }}>
      <MapContainer center={bounds ? bounds[0] : DEFAULT_CENTER} zoom={13} style={{ height: '100%', ...gridBackground }}>
        <Suspense fallback={null}>
          <BaseMap />
        </Suspense>
        {polygons.map((ring, i) => (
          <Polygon key={`pg${i}`} positions={ring} pathOptions={{ color: '#1565c0', fillOpacity: 0.2 }} />
        ))}
        {polylines.map((line, i) => (
          <Polyline key={`pl${i}`} positions={line} pathOptions={{ color: '#d84315', weight: 4 }} />
        ))}
        {markers.map((m, i) => (
          <CircleMarker key={`m${i}`} center={m.position} radius={8} pathOptions={{ color: '#0d47a1', fillColor: '#42a5f5', fillOpacity: 1 }}>
            {m.label && <Tooltip>{m.label}</Tooltip>}
          </CircleMarker>
        ))}
        <Fit bounds={bounds} />
        {onMapClick && <Clicks onMapClick={onMapClick} />}
      </MapContainer>
    </div>
  );
}

/** GeoJSON [lng, lat] positions → Leaflet [lat, lng]. */
export const toLatLngs = (coordinates: unknown): LatLng[] =>
  Array.isArray(coordinates)
    ? coordinates.filter((c): c is number[] => Array.isArray(c) && c.length >= 2).map((c) => [Number(c[1]), Number(c[0])] as LatLng)
    : [];
