import MapPage from './MapPage';

export default function MapPointPage() {
  return <MapPage kind="point" />;
}
