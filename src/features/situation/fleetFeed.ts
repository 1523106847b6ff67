import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { TOPIC_FLEET } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { brokerEvents, subscriptionsChanged, type BrokerEvents, type EventBus } from '../broker';
import type { FleetWorkerPort } from './fleetFrame';
import type { FleetStore } from './fleetStore';
import { selectFlaggedSerials } from './selectors';
import { fleetClosed, fleetSnapshotApplied } from './situationSlice';
import { newTaskIds } from './droneTask';
import { fleetSerialsAppeared, fleetTasksAppeared } from './viewActions';

export type FleetWorkerFactory = () => Promise<FleetWorkerPort>;

/** How the view gets its worker: the real one (its own chunk, loaded with the view), or what a test provides. */
export const FleetWorkerContext = createContext<FleetWorkerFactory>(() =>
  import(/* webpackChunkName: "page-tas-worker-start" */ './createFleetWorker').then((m) => m.createFleetWorker()),
);

/**
 * The fleet feed while the view is open: subscribes to sysinfo/fleet at once, hands each snapshot's bytes to the
 * worker (the newest one waits while the worker starts), and puts each frame it answers into the FleetStore and its
 * summary into Redux, with the serials seen for the first time (slots only grow: those past the previous count) for
 * the saga to name, and the platform tasks reported for the first time (the saga reads each and its route once). The
 * worker starts with `flagged()` (serials with an open conformance alert); `onWorker` gets its port for later changes.
 * Returns the teardown.
 */
export function openFleetFeed(
  createWorker: FleetWorkerFactory,
  store: FleetStore,
  dispatch: AppDispatch,
  flagged: () => string[],
  onWorker: (port: FleetWorkerPort) => void,
  bus: EventBus<BrokerEvents> = brokerEvents,
): () => void {
  let port: FleetWorkerPort | null = null;
  let waiting: Uint8Array | null = null;
  let open = true;
  let named = 0;
  const askedTasks = new Set<number>();
  // Not transferred: other listeners on the bus may read the same bytes.
  const off = bus.on(TOPIC_FLEET, ({ message }) => {
    if (!(message instanceof Uint8Array)) return;
    if (port) port.postMessage({ type: 'snapshot', bytes: message }, []);
    else waiting = message;
  });
  dispatch(subscriptionsChanged({ add: [TOPIC_FLEET] }));
  createWorker().then(
    (created) => {
      if (!open) return created.terminate();
      port = created;
      port.onmessage = ({ data }) => {
        if (data.type === 'dropped') return console.warn(`situation: dropped a sysinfo/fleet snapshot (${data.error}: ${data.detail})`);
        const { frame } = data;
        store.apply(frame);
        dispatch(
          fleetSnapshotApplied({
            version: frame.version,
            at: frame.at,
            reporting: frame.count - frame.counts.offline,
            counts: frame.counts,
            dropped: frame.dropped,
          }),
        );
        if (frame.count > named) dispatch(fleetSerialsAppeared(frame.sn.slice(named, frame.count)));
        named = frame.count;
        const tasks = newTaskIds(frame.taskId, askedTasks);
        if (tasks.length) {
          tasks.forEach((id) => askedTasks.add(id));
          dispatch(fleetTasksAppeared(tasks));
        }
      };
      port.onerror = (event) => console.error(`situation: the fleet worker failed: ${event.message ?? 'unknown error'}`);
      port.postMessage({ type: 'flagged', serials: flagged() }, []);
      onWorker(port);
      if (waiting) port.postMessage({ type: 'snapshot', bytes: waiting }, []);
      waiting = null;
    },
    (error: unknown) => console.error('situation: the fleet worker did not start', error),
  );
  return () => {
    open = false;
    off();
    port?.terminate();
    dispatch(subscriptionsChanged({ remove: [TOPIC_FLEET] }));
    dispatch(fleetClosed());
  };
}

/** The feed for as long as the view is mounted; the worker gets the flagged aircraft whenever they change. */
export function useFleetFeed(store: FleetStore) {
  const createWorker = useContext(FleetWorkerContext);
  const dispatch = useAppDispatch();
  const flagged = useAppSelector(selectFlaggedSerials);
  const latestFlagged = useRef(flagged);
  const [worker, setWorker] = useState<FleetWorkerPort | null>(null);
  useEffect(() => openFleetFeed(createWorker, store, dispatch, () => latestFlagged.current, setWorker), [createWorker, dispatch, store]);
  useEffect(() => {
    latestFlagged.current = flagged;
    worker?.postMessage({ type: 'flagged', serials: flagged }, []);
  }, [worker, flagged]);
}
