import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/rootReducer';

/**
 * A selector's value re-read at most every `intervalMs` (for lists and counters fed by telemetry: the broker slice
 * changes many times a second, a list of 1,000 drones need not).
 */
export function useSampled<T>(selector: (state: RootState) => T, intervalMs: number): T {
  const store = useStore<RootState>();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    let last = selector(store.getState());
    setValue(() => last);
    const timer = setInterval(() => {
      const next = selector(store.getState());
      if (next !== last) {
        last = next;
        setValue(() => next);
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [store, selector, intervalMs]);
  return value;
}
