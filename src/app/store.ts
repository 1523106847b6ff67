import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { runSaga, type Saga } from 'redux-saga';
import { rootReducer, type RootState } from './rootReducer';
import rootSaga, { type RunOnChannel } from './rootSaga';
import type { AppServices } from './services';

export type { RootState };

export interface StoreOptions {
  services: AppServices;
  preloadedState?: Partial<RootState>;
  /** Extra middleware placed before the saga middleware (e.g. the QA action recorder). */
  middleware?: Middleware[];
  runSagas?: boolean;
  /**
   * Sagas started with the store beside the root saga's own: those the host loaded before start (loadFeatureSagas),
   * or the signed-in sagas themselves when the host has them at hand (tests).
   */
  featureSagas?: Saga[];
  /** Loads the signed-in app's sagas (`import('./signedInSagas')`), started once a user is signed in (startWhenSignedIn). */
  loadSignedInSagas?: () => Promise<{ default: Saga }>;
}

export function createAppStore({ services, preloadedState, middleware = [], runSagas = true, featureSagas = [], loadSignedInSagas }: StoreOptions) {
  const context = { ...services };
  const sagaMiddleware = createSagaMiddleware({ context });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // A device photo, the media library's dropped files or a firmware package travel to the saga as Files; they never
        // reach the state.
        serializableCheck: { ignoredActionPaths: ['payload.file.file', 'payload.files', 'payload.file'] },
      }).concat(...middleware, sagaMiddleware),
  });
  const runOnChannel: RunOnChannel = (channel, saga) => runSaga({ channel, dispatch: store.dispatch, getState: store.getState, context }, saga);
  if (runSagas) sagaMiddleware.run(rootSaga, { featureSagas, signedIn: loadSignedInSagas && { load: loadSignedInSagas, runOnChannel } });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
