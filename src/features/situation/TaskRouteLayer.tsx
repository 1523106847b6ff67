import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useAppSelector } from '../../app/hooks';
import { selectTasksLive } from '../tasks';
import { flownRoutes, flownSplit, type FlownRoute } from './droneTask';
import { useFleetFrame } from './fleetStore';
import { selectDroneTasks, selectSelectedDrone } from './selectors';

const line = (points: Array<{ lat: number; lng: number }>) => points.map((p) => [p.lat, p.lng] as [number, number]);
const ROUTE_COLOUR = '#1565c0';
const SELECTED_COLOUR = '#ff6f00';

type LinesProps = Pick<FlownRoute, 'route' | 'waypoint' | 'selected'> & { label: string };

/**
 * One route being flown: the part flown solid, the rest dashed, a ring on the current waypoint; the selected aircraft's
 * wider and in its colour. Rendered again only when its progress or emphasis changes, not with every fleet frame.
 */
const FlownRouteLines = memo(function FlownRouteLines({ route, waypoint, selected, label }: LinesProps) {
  const colour = selected ? SELECTED_COLOUR : ROUTE_COLOUR;
  const weight = selected ? 5 : 3;
  const { done, remaining, current } = useMemo(() => {
    const split = flownSplit(route, waypoint);
    return { done: line(split.done), remaining: line(split.remaining), current: waypoint === null ? null : split.remaining[0] };
  }, [route, waypoint]);
  // A class of its own (react-leaflet sets pathOptions with setStyle, which leaves the element's classes as they are).
  const emphasis = selected ? ' skyline-task-route-selected' : '';
  const tooltip = <Tooltip sticky>{label}</Tooltip>;
  return (
    <>
      {done.length > 1 && (
        <Polyline positions={done} className={`skyline-task-route-done${emphasis}`} pathOptions={{ color: colour, weight, opacity: 0.9 }}>
          {tooltip}
        </Polyline>
      )}
      {remaining.length > 1 && (
        <Polyline
          positions={remaining}
          className={`skyline-task-route-remaining${emphasis}`}
          pathOptions={{ color: colour, weight: weight - 1, opacity: selected ? 0.9 : 0.6, dashArray: '6 6' }}
        >
          {tooltip}
        </Polyline>
      )}
      {current && (
        <CircleMarker
          center={[current.lat, current.lng]}
          radius={selected ? 7 : 5}
          className={`skyline-task-route-current${emphasis}`}
          pathOptions={{ color: colour, weight: 2, fillColor: '#ffffff', fillOpacity: 1 }}
        >
          {tooltip}
        </CircleMarker>
      )}
    </>
  );
});

/**
 * The route of every task an aircraft on the view flies (each task and route read once while the view is open, by the
 * situation saga), split where the aircraft reported it is (sysinfo/task); the selected aircraft's on top, emphasised.
 */
export default function TaskRouteLayer() {
  const { t } = useTranslation();
  const selectedSn = useAppSelector(selectSelectedDrone);
  const tasks = useAppSelector(selectDroneTasks);
  const live = useAppSelector(selectTasksLive);
  const frame = useFleetFrame();
  const routes = useMemo(() => flownRoutes(frame, tasks, live, selectedSn), [frame, tasks, live, selectedSn]);
  const label = t('situation.droneTask.route');
  return (
    <>
      {routes.map((route) => (
        <FlownRouteLines
          key={`${route.taskId}-${route.selected}`}
          route={route.route}
          waypoint={route.waypoint}
          selected={route.selected}
          label={`${route.name} · ${label}`}
        />
      ))}
    </>
  );
}
