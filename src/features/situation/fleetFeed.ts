import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { TOPIC_FLEET } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { brokerEvents, subscriptionsChanged, type BrokerEvents, type EventBus } from '../broker';
import type { AreaOverlay } from '../map';
import type { FleetWorkerPort } from './fleetFrame';
import type { FleetStore } from './fleetStore';
import { selectApprovedAirspace } from './selectors';
import { fleetClosed, fleetSnapshotApplied } from './situationSlice';

export type FleetWorkerFactory = () => Promise<FleetWorkerPort>;

/** How the view gets its worker: the real one (its own chunk, loaded with the view), or what a test provides. */
export const FleetWorkerContext = createContext<FleetWorkerFactory>(() =>
  import(/* webpackChunkName: "page-tas-worker-start" */ './createFleetWorker').then((m) => m.createFleetWorker()),
);

/**
 * The fleet feed while the view is open: subscribes to sysinfo/fleet at once, hands each snapshot's bytes to the
 * worker (the newest one waits while the worker starts), and puts each frame it answers into the FleetStore and its
 * summary into Redux. The worker starts with `airspace()`; `onWorker` gets its port for later changes. Returns the teardown.
 */
export function openFleetFeed(
  createWorker: FleetWorkerFactory,
  store: FleetStore,
  dispatch: AppDispatch,
  airspace: () => AreaOverlay[],
  onWorker: (port: FleetWorkerPort) => void,
  bus: EventBus<BrokerEvents> = brokerEvents,
): () => void {
  let port: FleetWorkerPort | null = null;
  let waiting: Uint8Array | null = null;
  let open = true;
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
        dispatch(fleetSnapshotApplied({ version: frame.version, at: frame.at, reporting: frame.count, counts: frame.counts, dropped: frame.dropped }));
      };
      port.onerror = (event) => console.error(`situation: the fleet worker failed: ${event.message ?? 'unknown error'}`);
      port.postMessage({ type: 'airspace', areas: airspace() }, []);
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

/** The feed for as long as the view is mounted; the worker gets the approved airspace whenever it changes. */
export function useFleetFeed(store: FleetStore) {
  const createWorker = useContext(FleetWorkerContext);
  const dispatch = useAppDispatch();
  const airspace = useAppSelector(selectApprovedAirspace);
  const latestAirspace = useRef(airspace);
  const [worker, setWorker] = useState<FleetWorkerPort | null>(null);
  useEffect(() => openFleetFeed(createWorker, store, dispatch, () => latestAirspace.current, setWorker), [createWorker, dispatch, store]);
  useEffect(() => {
    latestAirspace.current = airspace;
    worker?.postMessage({ type: 'airspace', areas: airspace }, []);
  }, [worker, airspace]);
}
