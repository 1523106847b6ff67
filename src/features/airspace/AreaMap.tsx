import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, Polygon, Tooltip } from 'react-leaflet';
import { useAppDispatch } from '../../app/hooks';
import { AreaOverlays, BaseMap, overlaysRequested, PolygonEditLayer, type Ring } from '../map';
import type { Position } from './airspaceRules';

export interface RestrictingShape {
  id: number;
  name: string;
  /** Outer ring, [lng, lat]. */
  ring: Position[];
}

const RESTRICTING_STYLE = { color: '#d32f2f', weight: 2, fillColor: '#ef5350', fillOpacity: 0.2 };
const DEFAULT_CENTER: [number, number] = [22.54, 114.06];

/**
 * The application's area, drawn and edited with the GIS pages' geoman editor, over the project areas and approved
 * airspace (the map feature's overlays) and the no-fly / restricted features the area must keep clear of.
 */
export default function AreaMap({
  label,
  ring,
  onChange,
  restricting,
}: {
  label: string;
  ring: Ring;
  onChange: (ring: Ring) => void;
  restricting: RestrictingShape[];
}) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(overlaysRequested());
  }, [dispatch]);
  const centre: [number, number] = ring.length ? [ring[0][1], ring[0][0]] : DEFAULT_CENTER;
  return (
    <div role="region" aria-label={label} style={{ height: 280 }}>
      <MapContainer center={centre} zoom={13} style={{ height: '100%' }}>
        <BaseMap picker />
        <AreaOverlays />
        {restricting.map((r) => (
          <Polygon key={r.id} positions={r.ring.map(([lng, lat]) => [lat, lng] as [number, number])} interactive pathOptions={RESTRICTING_STYLE}>
            <Tooltip sticky>{r.name}</Tooltip>
          </Polygon>
        ))}
        <PolygonEditLayer ring={ring} onChange={onChange} />
      </MapContainer>
    </div>
  );
}
