import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Marker, Polyline, useMap } from 'react-leaflet';
import { BaseMap } from '../map';
import type { MediaPoint } from '../media';
import type { LatLng } from './flightReplay';

// A camera glyph (Material "PhotoCamera") on a small disc, red for a photo with defects.
const cameraIcon = (hasDefects: boolean) =>
  L.divIcon({
    className: hasDefects ? 'replay-photo replay-photo-defects' : 'replay-photo',
    iconSize: [22, 22],
    html: `<span style="display:flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;background:${hasDefects ? '#e53935' : '#1e88e5'};border:2px solid #fff;box-shadow:0 0 3px rgba(0,0,0,.4);box-sizing:border-box"><svg viewBox="0 0 24 24" width="13" height="13" fill="#fff" aria-hidden="true"><circle cx="12" cy="12" r="3.2"/><path d="M9 2 7.17 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2h-3.17L15 2zm3 15c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5"/></svg></span>`,
  });
const CAMERA_ICONS = { plain: cameraIcon(false), defects: cameraIcon(true) };

/** Where the record's photos were taken, each a camera marker titled `labelOf` that `onOpen` opens. */
export interface ReplayPhotoMarkers {
  points: MediaPoint[];
  labelOf: (point: MediaPoint) => string;
  onOpen: (point: MediaPoint) => void;
}

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

/** The replay's map: the track, the aircraft's position at the replay time and where each photo was taken. */
export default function ReplayMap({
  label,
  track,
  position,
  photos,
  height = 320,
}: {
  label: string;
  track: LatLng[];
  position: LatLng;
  photos: ReplayPhotoMarkers;
  height?: number;
}) {
  const center = useMemo(() => track[0], [track]);
  return (
    <div role="region" aria-label={label} style={{ height }}>
      <MapContainer center={center} zoom={15} style={{ height: '100%', backgroundColor: '#eef2f5' }}>
        <BaseMap picker />
        {/* className is read when Leaflet creates the path (pathOptions only restyle it later). */}
        <Polyline positions={track} className="flight-track" pathOptions={{ color: '#d84315', weight: 4 }} />
        {photos.points.map((point) => (
          <Marker
            key={point.id}
            position={point.position}
            icon={point.hasDefects ? CAMERA_ICONS.defects : CAMERA_ICONS.plain}
            title={photos.labelOf(point)}
            eventHandlers={{ click: () => photos.onOpen(point) }}
          />
        ))}
        <CircleMarker center={position} radius={8} className="flight-position" pathOptions={{ color: '#0d47a1', fillColor: '#42a5f5', fillOpacity: 1 }} />
        <FitTrack track={track} />
      </MapContainer>
    </div>
  );
}
