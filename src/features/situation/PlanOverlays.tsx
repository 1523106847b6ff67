import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Polygon, Tooltip } from 'react-leaflet';
import { useAppSelector } from '../../app/hooks';
import { selectLayers, selectOverlays, type AreaOverlay } from '../map';
import { activePlans } from './conformance';
import { selectConformance } from './selectors';

const rings = (polygon: AreaOverlay['area']) => polygon.coordinates.map((ring) => ring.map(([lng, lat]) => [lat, lng] as [number, number]));
/** How often "active now" is re-evaluated (windows open and close by the minute). */
const CLOCK_MS = 30_000;

/** The flight plans active now, each over its approved area: solid green, red while nonconforming (layer "plans"). */
export default function PlanOverlays() {
  const { t } = useTranslation();
  const { plans } = useAppSelector(selectConformance);
  const areas = useAppSelector(selectOverlays).airspace;
  const visible = useAppSelector(selectLayers).plans;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const shown = useMemo(() => activePlans(plans, areas, now), [plans, areas, now]);
  if (!visible) return null;
  return (
    <>
      {shown.map(({ plan, area }) => (
        <Polygon
          key={plan.id}
          positions={rings(area)}
          pathOptions={
            plan.status === 'nonconforming'
              ? { color: '#c62828', weight: 3, fillColor: '#ef5350', fillOpacity: 0.15 }
              : { color: '#2e7d32', weight: 3, fillColor: '#66bb6a', fillOpacity: 0.15 }
          }
        >
          <Tooltip sticky>{t('situation.planTooltip', { id: plan.id, status: t(`airspace.planStatuses.${plan.status}`) })}</Tooltip>
        </Polygon>
      ))}
    </>
  );
}
