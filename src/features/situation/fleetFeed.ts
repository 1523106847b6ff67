import { createContext, useContext, useEffect, useState } from 'react';
import { TOPIC_FLEET } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { subscriptionsChanged } from '../broker/brokerSlice';
import { brokerEvents } from '../broker/eventBus';
import type { FleetWorkerPort } from './fleetFrame';
import type { FleetStore } from './fleetStore';
import { selectApprovedAirspace } from './selectors';
import { fleetClosed, fleetSnapshotApplied } from './situationSlice';

export type FleetWorkerFactory = () => Promise<FleetWorkerPort>;

/** How the view gets its worker: the real one (loaded with the view), or what a test provides. */
export const FleetWorkerContext = createContext<FleetWorkerFactory>(() =>
  import(/* webpackChunkName: "page-tas-map" */ './createFleetWorker').then((m) => m.createFleetWorker()),
);

/**
 * While the view is open: subscribes to sysinfo/fleet, hands each snapshot's bytes to the worker, and puts each
 * frame it answers into the FleetStore (and its summary into Redux). The worker also gets the approved airspace.
 */
export function useFleetFeed(store: FleetStore) {
  const createWorker = useContext(FleetWorkerContext);
  const dispatch = useAppDispatch();
  const airspace = useAppSelector(selectApprovedAirspace);
  const [worker, setWorker] = useState<FleetWorkerPort | null>(null);

  useEffect(() => {
    let port: FleetWorkerPort | null = null;
    let live = true;
    void createWorker().then(
      (created) => {
        if (!live) return created.terminate();
        port = created;
        port.onmessage = ({ data }) => {
          if (data.type === 'dropped') return console.warn(`situation: dropped a sysinfo/fleet snapshot (${data.error}: ${data.detail})`);
          const { frame } = data;
          store.apply(frame);
          dispatch(fleetSnapshotApplied({ version: frame.version, at: frame.at, reporting: frame.count, counts: frame.counts, dropped: frame.dropped }));
        };
        setWorker(port);
      },
      (error: unknown) => console.error('situation: the fleet worker did not start', error),
    );
    // Not transferred: other listeners on the bus may read the same bytes.
    const off = brokerEvents.on(TOPIC_FLEET, ({ message }) => {
      if (message instanceof Uint8Array) port?.postMessage({ type: 'snapshot', bytes: message }, []);
    });
    dispatch(subscriptionsChanged({ add: [TOPIC_FLEET] }));
    return () => {
      live = false;
      off();
      port?.terminate();
      dispatch(subscriptionsChanged({ remove: [TOPIC_FLEET] }));
      dispatch(fleetClosed());
    };
  }, [createWorker, dispatch, store]);

  useEffect(() => worker?.postMessage({ type: 'airspace', areas: airspace }, []), [worker, airspace]);
}
