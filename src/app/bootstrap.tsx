import { createRoot } from 'react-dom/client';
import { createHttpClient } from '../api/client';
import { connectWithMqttJs } from '../features/broker/mqttClient';
import { initialAuthState, userInfoRequested } from '../features/auth/authSlice';
import { createI18n } from '../features/i18n/i18n';
import { loadTranslation } from '../features/i18n/resources';
import { initialMapState } from '../features/map/mapSlice';
import { DEFAULT_LANGUAGE, htmlLang } from '../features/i18n/languages';
import { menuLoaded } from '../features/menu/menuSlice';
import { MENU_TREE } from '../features/menu/menuTree';
import { selectMenuTree } from '../features/menu/selectors';
import { loadPlatformConfig, simulatedBridgeAllowed } from '../features/platform/platformConfig';
import { platformConfigLoaded } from '../features/platform/platformSlice';
import { insideControllerBridge } from '../features/controller';
import { createQaConsole, QaPanelHost } from '../features/replay/qaConsole';
import App from './App';
import { developmentBuild } from './buildConfig';
import { loadFeatureSagas, loadSignedInSagas } from './featureSagas';
import { readPersistedSession } from './persistence';
import { rootReducer } from './rootReducer';
import { createAppNavigator } from './navigator';
import { buildRoutes } from './router';
import { createAppStore } from './store';

export async function bootstrap(container: HTMLElement): Promise<void> {
  const persisted = readPersistedSession(window.localStorage);
  const config = await loadPlatformConfig();
  // ?djibridge=sim: a simulated DJI bridge (docs/controller.md), installed before the router's guard looks for one.
  if (/[?&]djibridge=sim(&|$)/.test(window.location.search)) {
    if (simulatedBridgeAllowed(developmentBuild, config)) {
      const simulator = await import(/* webpackChunkName: "dji-simulator" */ '../features/controller/simulatedBridge');
      simulator.installSimulatedBridge(simulator.simulatorOptionsFromQuery(window.location.search) ?? {});
    } else {
      console.warn('?djibridge=sim is ignored: this deployment does not offer the simulated bridge ("simulatedBridge": true in config.json turns it on).');
    }
  }
  const [translation, featureSagas] = await Promise.all([
    // zh-cn's first-paint texts are bundled. Offline or a lost chunk: the page still works, showing them until the table loads.
    persisted.language === DEFAULT_LANGUAGE ? null : loadTranslation(persisted.language).catch(() => null),
    // A lost chunk here leaves the controller pages to show their own reload message.
    loadFeatureSagas(insideControllerBridge()).catch((error: unknown) => {
      console.error(error);
      return [];
    }),
  ]);
  const i18n = createI18n(persisted.language, translation ? { [persisted.language]: translation } : {});
  document.documentElement.lang = htmlLang(persisted.language);

  const navigator = createAppNavigator();
  const http = createHttpClient({ baseURL: config.baseURL || '/api', getToken: () => store.getState().auth.token });
  // QA: while a user with the qa permission is signed in, every action is recorded (redacted, bounded) for the QA
  // panel (user menu or Ctrl+Shift+Q); for everyone else the recorder does nothing.
  const qa = createQaConsole({ reducer: rootReducer });
  const store = createAppStore({
    middleware: [qa.middleware],
    featureSagas,
    loadSignedInSagas,
    services: { http, navigator, storage: window.localStorage, i18n, document, mqttConnect: connectWithMqttJs },
    preloadedState: {
      auth: { ...initialAuthState, token: persisted.token, user: persisted.user },
      locale: { language: persisted.language },
      map: { ...initialMapState, baseLayer: persisted.mapBaseLayer },
    },
  });
  store.dispatch(platformConfigLoaded(config));
  store.dispatch(menuLoaded(MENU_TREE));
  const routes = buildRoutes(selectMenuTree(store.getState()));
  if (persisted.token) store.dispatch(userInfoRequested());

  createRoot(container).render(
    <>
      <App store={store} routes={routes} navigator={navigator} i18n={i18n} />
      <QaPanelHost qa={qa} i18n={i18n} store={store} />
    </>,
  );
}
