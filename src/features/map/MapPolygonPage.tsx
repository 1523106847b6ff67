import MapPage from './MapPage';

export default function MapPolygonPage() {
  return <MapPage kind="polygon" />;
}
