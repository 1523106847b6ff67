import type { Navigator } from './services';

export interface BindableNavigator extends Navigator {
  /** Connects the router's navigate function; returns the unbinding function. */
  bind(navigate: (path: string) => void): () => void;
}

/**
 * How sagas navigate: the router lives inside React, so its navigate function is bound once the router mounts.
 * A navigation asked for before that is kept and carried out on binding.
 */
export function createAppNavigator(): BindableNavigator {
  let target: ((path: string) => void) | null = null;
  let pending: string | null = null;
  return {
    navigate(path) {
      if (target) target(path);
      else pending = path;
    },
    bind(navigate) {
      target = navigate;
      if (pending !== null) {
        const path = pending;
        pending = null;
        navigate(path);
      }
      return () => {
        if (target === navigate) target = null;
      };
    },
  };
}
