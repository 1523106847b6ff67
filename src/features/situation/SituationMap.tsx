import { useTranslation } from 'react-i18next';
import { MapCanvas, AreaOverlays, LayerSwitcher } from '../map';
import DroneLayer from './DroneLayer';

/** The situational map (its own chunk: the page's list and counters show before Leaflet has loaded). */
export default function SituationMap({ flagged }: { flagged: ReadonlySet<string> }) {
  const { t } = useTranslation();
  return (
    <>
      <MapCanvas label={t('menu.tas')}>
        <AreaOverlays />
        <DroneLayer flagged={flagged} />
      </MapCanvas>
      <LayerSwitcher layers={['projects', 'airspace']} />
    </>
  );
}
