import { useTranslation } from 'react-i18next';
import { MapCanvas, AreaOverlays, LayerSwitcher } from '../map';
import AirTrafficLayer from './AirTrafficLayer';
import DroneLayer from './DroneLayer';
import FlightPathLayer from './FlightPathLayer';
import PlanOverlays from './PlanOverlays';
import TaskRouteLayer from './TaskRouteLayer';

/** The situational map (its own chunk: the page's list and counters show before Leaflet has loaded). */
export default function SituationMap() {
  const { t } = useTranslation();
  return (
    <>
      <MapCanvas label={t('menu.tas')}>
        <AreaOverlays />
        <PlanOverlays />
        <TaskRouteLayer />
        <DroneLayer />
        <FlightPathLayer />
        <AirTrafficLayer />
      </MapCanvas>
      <LayerSwitcher layers={['projects', 'plans', 'airspace']} />
    </>
  );
}
