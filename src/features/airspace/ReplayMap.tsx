import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, useMap } from 'react-leaflet';
import { BaseMap } from '../map';
import type { LatLng } from './flightReplay';

/** Frames the whole track once per track (the moving marker must not refit the view). */
function FitTrack({ track }: { track: LatLng[] }) {
  const map = useMap();
  useEffect(() => {
    const lats = track.map((p) => p[0]);
    const lngs = track.map((p) => p[1]);
    map.fitBounds(
      [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
      { padding: [24, 24], maxZoom: 17 },
    );
  }, [map, track]);
  return null;
}

/** The replay's map: the track and the aircraft's position at the replay time. */
export default function ReplayMap({ label, track, position, height = 320 }: { label: string; track: LatLng[]; position: LatLng; height?: number }) {
  const center = useMemo(() => track[0], [track]);
  return (
    <div role="region" aria-label={label} style={{ height }}>
      <MapContainer center={center} zoom={15} style={{ height: '100%', backgroundColor: '#eef2f5' }}>
        <BaseMap picker />
        {/* className is read when Leaflet creates the path (pathOptions only restyle it later). */}
        <Polyline positions={track} className="flight-track" pathOptions={{ color: '#d84315', weight: 4 }} />
        <CircleMarker center={position} radius={8} className="flight-position" pathOptions={{ color: '#0d47a1', fillColor: '#42a5f5', fillOpacity: 1 }} />
        <FitTrack track={track} />
      </MapContainer>
    </div>
  );
}
