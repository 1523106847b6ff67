import MapPage from './MapPage';

export default function MapIndexPage() {
  return <MapPage />;
}
