import 'leaflet/dist/leaflet.css';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import type { RouteDetail } from '../../api/controller';
import { BaseMap } from '../map';
import { routeGeometry, type RouteGeometry } from './routeGeometry';

function FitBounds({ bounds }: { bounds: RouteGeometry['bounds'] }) {
  const map = useMap();
  useEffect(() => {
    if (bounds) map.fitBounds(bounds, { padding: [48, 48], maxZoom: 18 });
  }, [map, bounds]);
  return null;
}

// Shown until the base map's tiles arrive (the controller may have no internet: offline packages or the outlines then).
const gridBackground = {
  backgroundColor: '#eef2f5',
  backgroundImage: 'linear-gradient(#d5dde3 1px, transparent 1px), linear-gradient(90deg, #d5dde3 1px, transparent 1px)',
  backgroundSize: '48px 48px',
};

// Waypoint numbers sit on their markers; zoom buttons are touch-sized (≥ 48 px).
const mapStyles = {
  '.dji-waypoint-label': { background: 'transparent', border: 0, boxShadow: 'none', padding: 0, fontSize: 16, fontWeight: 700, color: '#0d47a1' },
  '.dji-waypoint-label::before': { display: 'none' },
  '.dji-route-map .leaflet-control-zoom a': { width: 56, height: 56, lineHeight: '56px', fontSize: 28 },
  '.dji-route-map .leaflet-control select': { minHeight: 48, fontSize: 18 },
};

/** A route's polyline and numbered waypoints on a plain Leaflet map, fitted to the route. */
export default function RouteMap({ route, label }: { route: RouteDetail; label: string }) {
  const geometry = useMemo(() => routeGeometry(route), [route]);
  const bounds = geometry.bounds;
  return (
    <div role="region" aria-label={label} className="dji-route-map" style={{ height: '100%', minHeight: 480 }}>
      <GlobalStyles styles={mapStyles} />
      <MapContainer
        key={route.id}
        bounds={bounds ?? undefined}
        center={bounds ? undefined : [22.54, 114.06]}
        zoom={bounds ? undefined : 12}
        boundsOptions={{ padding: [48, 48] }}
        style={{ height: '100%', minHeight: 480, ...gridBackground }}
      >
        <BaseMap picker />
        <Polyline positions={geometry.positions} pathOptions={{ color: '#1565c0', weight: 6 }} />
        {geometry.positions.map((position, index) => (
          <CircleMarker
            key={index}
            center={position}
            radius={16}
            pathOptions={{ color: '#0d47a1', fillColor: index === 0 ? '#a5d6a7' : '#ffffff', fillOpacity: 1, weight: 4 }}
          >
            <Tooltip permanent direction="center" className="dji-waypoint-label">
              {index + 1}
            </Tooltip>
          </CircleMarker>
        ))}
        <FitBounds bounds={bounds} />
      </MapContainer>
    </div>
  );
}
