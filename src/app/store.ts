import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer, type RootState } from './rootReducer';
import type { Saga } from 'redux-saga';
import rootSaga from './rootSaga';
import type { AppServices } from './services';

export type { RootState };

export interface StoreOptions {
  services: AppServices;
  preloadedState?: Partial<RootState>;
  /** Extra middleware placed before the saga middleware (e.g. the QA action recorder). */
  middleware?: Middleware[];
  runSagas?: boolean;
  /** Sagas started beside the root saga's own (see loadFeatureSagas). */
  featureSagas?: Saga[];
}

export function createAppStore({ services, preloadedState, middleware = [], runSagas = true, featureSagas = [] }: StoreOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // A device photo or the media library's dropped files travel to the saga as Files; they never reach the state.
        serializableCheck: { ignoredActionPaths: ['payload.file.file', 'payload.files'] },
      }).concat(...middleware, sagaMiddleware),
  });
  if (runSagas) sagaMiddleware.run(rootSaga, featureSagas);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
