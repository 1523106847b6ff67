import type { Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import App from '../../../src/app/App';
import type { RootState } from '../../../src/app/rootReducer';
import { loadSignedInSagas } from '../../../src/app/featureSagas';
import { createAppNavigator } from '../../../src/app/navigator';
import { buildRoutes } from '../../../src/app/router';
import { createAppStore } from '../../../src/app/store';
import controllerSaga from '../../../src/features/controller/controllerSaga';
import liveshareSaga from '../../../src/features/controller/liveshareSaga';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { createTestI18n } from './i18n';
import { menuLoaded } from '../../../src/features/menu/menuSlice';
import { MENU_TREE } from '../../../src/features/menu/menuTree';
import { FleetWorkerContext } from '../../../src/features/situation/fleetFeed';
import { inThreadFleetWorker } from './fleetWorker';
import { fakeHttp, type Route } from './testStore';

export const demoUser = { id: 1, username: 'admin', name: '系统管理员', phone: null, email: null };
export const loggedInState: Partial<RootState> = { auth: { ...initialAuthState, token: 'tok', user: demoUser } };

/** The whole app as bootstrap builds it (real router, store, sagas, i18n), on a fake HTTP client, at a hash path. */
export function renderApp(
  path: string,
  { routes = {}, preloadedState, middleware = [] }: { routes?: Record<string, Route>; preloadedState?: Partial<RootState>; middleware?: Middleware[] } = {},
) {
  window.location.hash = `#${path}`;
  const { http, calls } = fakeHttp(routes);
  const i18n = createTestI18n(preloadedState?.locale?.language ?? 'zh-cn');
  const navigator = createAppNavigator();
  const store = createAppStore({
    services: { http, navigator, storage: window.localStorage, i18n, document },
    preloadedState,
    middleware,
    // As bootstrap does inside the DJI bridge; the controller saga only acts on the controller's own actions.
    featureSagas: [controllerSaga, liveshareSaga],
    // As bootstrap does: started once signed in, fed every action from then on.
    loadSignedInSagas,
  });
  store.dispatch(menuLoaded(MENU_TREE));
  // The situational view's worker runs in-thread (jest cannot start the real one).
  const view = render(
    <FleetWorkerContext.Provider value={async () => inThreadFleetWorker()}>
      <App store={store} routes={buildRoutes(MENU_TREE)} navigator={navigator} i18n={i18n} />
    </FleetWorkerContext.Provider>,
  );
  // Where the app is, read from the hash as HashRouter keeps it, and navigation the way sagas do it.
  const router = {
    get location() {
      const url = new URL(window.location.hash.slice(1) || '/', 'http://console.test');
      return { pathname: url.pathname, search: url.search };
    },
    navigate: navigator.navigate,
  };
  return { ...view, store, router, calls };
}
