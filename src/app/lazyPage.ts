import { isValidElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

export class ChunkLoadError extends Error {
  constructor(readonly cause: unknown) {
    super(`A part of the app failed to load: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

/**
 * Loads a page module. A chunk that fails to load fires a cancelable "preload-error" event on window; unless a
 * listener cancels it, the failure is rethrown as a ChunkLoadError and the route's error boundary offers a reload.
 */
export async function loadPage(load: () => Promise<PageModule>): Promise<PageModule> {
  try {
    return await load();
  } catch (error) {
    const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: error });
    window.dispatchEvent(event);
    if (event.defaultPrevented) return { default: () => null };
    throw new ChunkLoadError(error);
  }
}

export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/**
 * A page component whose code is split off and loaded on first render (inside a Suspense boundary), or earlier
 * through `preload`.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | null = null;
  const preload = () => (loading ??= loadPage(load));
  return Object.assign(lazy(preload), { preload });
}

/** Starts loading the code of a route element that is a lazy page; anything else is left alone. */
export function preloadElement(element: ReactNode): void {
  if (isValidElement(element) && typeof (element.type as Partial<LazyPage>).preload === 'function')
    void (element.type as LazyPage).preload().catch(() => undefined);
}
