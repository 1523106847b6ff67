import type { Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import App from '../../../src/app/App';
import type { RootState } from '../../../src/app/rootReducer';
import { createAppRouter, type AppRouter } from '../../../src/app/router';
import { createAppStore } from '../../../src/app/store';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { createI18n } from '../../../src/features/i18n/i18n';
import { menuLoaded } from '../../../src/features/menu/menuSlice';
import { MENU_TREE } from '../../../src/features/menu/menuTree';
import { fakeHttp, type Route } from './testStore';

export const demoUser = { id: 1, username: 'admin', name: '系统管理员', phone: null, email: null };
export const loggedInState: Partial<RootState> = { auth: { ...initialAuthState, token: 'tok', user: demoUser } };

/** The whole app as bootstrap builds it (real router, store, sagas, i18n), on a fake HTTP client, at a hash path. */
export function renderApp(path: string, { routes = {}, preloadedState, middleware = [] }: { routes?: Record<string, Route>; preloadedState?: Partial<RootState>; middleware?: Middleware[] } = {}) {
  window.location.hash = `#${path}`;
  const { http, calls } = fakeHttp(routes);
  const i18n = createI18n(preloadedState?.locale?.language ?? 'zh-cn');
  let router: AppRouter | null = null;
  const store = createAppStore({
    services: { http, navigator: { navigate: (to) => void router?.navigate(to) }, storage: window.localStorage, i18n, document },
    preloadedState,
    middleware,
  });
  store.dispatch(menuLoaded(MENU_TREE));
  router = createAppRouter(MENU_TREE);
  const view = render(<App store={store} router={router} i18n={i18n} />);
  return { ...view, store, router, calls };
}
