import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { ApiError, type Envelope, type HttpClient, type RequestOptions } from '../../../src/api/client';
import type { RootState } from '../../../src/app/rootReducer';
import signedInSagas from '../../../src/app/signedInSagas';
import { createAppStore } from '../../../src/app/store';
import controllerSaga from '../../../src/features/controller/controllerSaga';
import liveshareSaga from '../../../src/features/controller/liveshareSaga';
import { createTestI18n } from './i18n';

export type Route = (options: RequestOptions | undefined) => unknown;

/** An HttpClient answering from a table of "METHOD /path" handlers; a handler may throw an ApiError or answer later (a promise). */
export function fakeHttp(routes: Record<string, Route>) {
  const calls: Array<{ method: string; path: string; options?: RequestOptions }> = [];
  const http: HttpClient = {
    async request<T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>> {
      calls.push({ method, path, options });
      const handler = routes[`${method} ${path}`];
      if (!handler) throw new ApiError('http', `no fake for ${method} ${path}`, 404, null);
      return { code: 200, msg: 'ok', data: (await handler(options)) as T };
    },
  };
  return { http, calls };
}

/** A failed request as the server sends it: the English msg and, optionally, the stable reason (error_code, params). */
export const httpError = (status: number, msg: string, reason?: { error_code: string; params?: Record<string, string | number> }) => () => {
  throw new ApiError('http', msg, status, { code: status, msg, data: null, ...reason });
};

export function createTestStore(routes: Record<string, Route> = {}, preloadedState?: Partial<RootState>) {
  const { http, calls } = fakeHttp(routes);
  const navigations: string[] = [];
  const actions: UnknownAction[] = [];
  const recordActions: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = createAppStore({
    middleware: [recordActions],
    // As bootstrap does inside the DJI bridge (the controller saga only acts on the controller's own actions); the
    // signed-in sagas run from the start, so a test drives any saga at once (renderApp loads them as bootstrap does).
    featureSagas: [controllerSaga, liveshareSaga, signedInSagas],
    services: { http, navigator: { navigate: (path) => navigations.push(path) }, storage: window.localStorage, i18n: createTestI18n('zh-cn'), document },
    preloadedState,
  });
  return { store, calls, navigations, actions };
}

/** Lets pending saga promises settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves once `holds()` is true: checked now and after every action the store handles (the test's timeout bounds it). */
export function whenStore(store: { subscribe(listener: () => void): () => void }, holds: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (holds()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!holds()) return;
      unsubscribe();
      resolve();
    });
  });
}
