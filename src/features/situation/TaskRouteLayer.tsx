import { useTranslation } from 'react-i18next';
import { Polyline, Tooltip } from 'react-leaflet';
import { useAppSelector } from '../../app/hooks';
import { selectTaskLive } from '../tasks';
import { flownSplit, platformTaskId } from './droneTask';
import { useFleetFrame } from './fleetStore';
import { selectDroneTask, selectSelectedDrone } from './selectors';

const line = (points: Array<{ lat: number; lng: number }>) => points.map((p) => [p.lat, p.lng] as [number, number]);

/**
 * The route of the task the selected aircraft flies (loaded with its card): the part flown solid, the rest dashed, split
 * at the waypoint the aircraft reported last (sysinfo/task).
 */
export default function TaskRouteLayer() {
  const { t } = useTranslation();
  const sn = useAppSelector(selectSelectedDrone);
  const frame = useFleetFrame();
  const slot = sn === null ? -1 : frame.sn.indexOf(sn);
  const taskId = slot < 0 ? null : platformTaskId(frame.taskId[slot]);
  const loaded = useAppSelector((state) => selectDroneTask(state, taskId));
  const live = useAppSelector((state) => (taskId === null ? undefined : selectTaskLive(state, taskId)));
  if (!loaded?.route) return null;
  const progress = live ? live.progress : loaded.task.progress;
  const { done, remaining } = flownSplit(loaded.route, progress?.waypoint_index ?? null);
  const label = t('situation.droneTask.route');
  return (
    <>
      {done.length > 1 && (
        <Polyline positions={line(done)} pathOptions={{ color: '#1565c0', weight: 4, className: 'skyline-task-route-done' }}>
          <Tooltip sticky>{`${loaded.task.name} · ${label}`}</Tooltip>
        </Polyline>
      )}
      {remaining.length > 1 && (
        <Polyline positions={line(remaining)} pathOptions={{ color: '#1565c0', weight: 3, dashArray: '6 6', className: 'skyline-task-route-remaining' }}>
          <Tooltip sticky>{`${loaded.task.name} · ${label}`}</Tooltip>
        </Polyline>
      )}
    </>
  );
}
