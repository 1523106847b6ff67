import MapPage from './MapPage';

export default function MapPolylinePage() {
  return <MapPage kind="polyline" />;
}
