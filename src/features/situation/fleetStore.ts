import { createContext, useContext, useSyncExternalStore } from 'react';
import { EMPTY_FRAME, type FleetFrame } from './fleetFrame';

/** The newest fleet frame, outside Redux (typed arrays are not serialisable): the view's canvas, list and card read it. */
export class FleetStore {
  private frame: FleetFrame = EMPTY_FRAME;
  private readonly listeners = new Set<() => void>();

  readonly getFrame = (): FleetFrame => this.frame;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  apply(frame: FleetFrame) {
    this.frame = frame;
    for (const listener of [...this.listeners]) listener();
  }
}

export const FleetStoreContext = createContext<FleetStore | null>(null);

export function useFleetStore(): FleetStore {
  const store = useContext(FleetStoreContext);
  if (!store) throw new Error('useFleetStore outside the situational view');
  return store;
}

/** The newest frame; re-renders once per snapshot (about once a second). */
export function useFleetFrame(): FleetFrame {
  const store = useFleetStore();
  return useSyncExternalStore(store.subscribe, store.getFrame);
}
