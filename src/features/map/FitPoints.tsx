import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Frames `bounds` ([[south, west], [north, east]]) whenever they change: a map of the loaded page's points. */
export default function FitPoints({ bounds }: { bounds: [[number, number], [number, number]] }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 18 });
  }, [map, bounds]);
  return null;
}
