import type { ComponentType } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

export class ChunkLoadError extends Error {
  constructor(readonly cause: unknown) {
    super(`A part of the app failed to load: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * A route `lazy` loader for a page module. A chunk that fails to load fires a cancelable "preload-error" event on
 * window; unless a listener cancels it, the failure is rethrown and the route's error page offers a reload.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await load();
      return { Component: module.default };
    } catch (error) {
      const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: error });
      window.dispatchEvent(event);
      if (event.defaultPrevented) return { Component: () => null };
      throw new ChunkLoadError(error);
    }
  };
}
