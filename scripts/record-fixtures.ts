/**
 * npx tsx scripts/record-fixtures.ts — records the QA replay fixtures in __tests__/fixtures/replay/ by driving the
 * real reducers and the sagas these sessions exercise (auth, locale, http errors, tabs; fake HTTP/storage/navigation) through real sessions with the action recorder
 * installed, as bootstrap does. For each session it writes <name>.log.json (the exported log) and
 * <name>.expected.json (the final state of replaying it, for `npm run replay -- … --expect`).
 * The clock is fake, so regenerating gives the same files. __tests__/tools/replay-fixtures.test.ts re-runs the
 * sessions and checks the committed logs still replay to identical states.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import fs from 'node:fs';
import path from 'node:path';
import type { UserInfo } from '../src/api/auth';
import { ApiError, type Envelope, type HttpClient, type RequestOptions } from '../src/api/client';
import { rootReducer, type RootState } from '../src/app/rootReducer';
import type { AppServices } from '../src/app/services';
import authSaga from '../src/features/auth/authSaga';
import localeSaga from '../src/features/i18n/localeSaga';
import httpErrorsSaga from '../src/features/notifications/httpErrorsSaga';
import tabsSaga from '../src/features/tabs/tabsSaga';
import { initialAuthState, loginRequested, logoutRequested, userInfoRequested } from '../src/features/auth/authSlice';
import { brokerStatusChanged } from '../src/features/broker/brokerSlice';
import { aircraftBound } from '../src/features/controller/controllerSlice';
import { createI18n } from '../src/features/i18n/i18n';
import { languageChanged } from '../src/features/i18n/localeSlice';
import { menuLoaded, sidebarToggled, viewportResized } from '../src/features/menu/menuSlice';
import { MENU_TREE, menuLeaves } from '../src/features/menu/menuTree';
import { toastDismissed, toastShown } from '../src/features/notifications/notificationsSlice';
import { platformConfigLoaded } from '../src/features/platform/platformSlice';
import { projectExited, projectJoinRequested, projectLoaded, projectLoadFailed } from '../src/features/project/projectSlice';
import type { ActionLog } from '../src/features/replay/logFormat';
import { createActionRecorder } from '../src/features/replay/recorder';
import { pageOpened, tabCloseRequested } from '../src/features/tabs/tabsSlice';

export const FIXTURE_DIR = path.join(__dirname, '../__tests__/fixtures/replay');
const START = Date.parse('2026-01-05T08:00:00.000Z');

const USER: UserInfo = { id: 1, username: 'admin', name: '系统管理员', phone: '13800000000', email: 'admin@example.com' };
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const CONFIG = {
  platformName: '智慧巡检',
  appId: '123456',
  appKey: 'app-key-0123456789',
  appLicense: 'LICENSE-abcdef',
  baseURL: '/api',
  mqtt_host: 'ws://broker.local:8083/mqtt',
  mqtt_user: 'console',
  mqtt_passwd: 'mqtt-pass-xyz',
};

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

type Route = (options?: RequestOptions) => unknown;
const ROUTES: Record<string, Route> = {
  'POST /auth/login/': (options) => {
    const body = options?.body as { password?: string } | undefined;
    if (body?.password !== 'correct horse') throw new ApiError('http', '用户名或密码错误', 401, { code: 401, msg: '用户名或密码错误', data: null });
    return { token: TOKEN, expiresAt: '2026-01-06T08:00:00.000Z', user: USER };
  },
  'GET /logininfo/': () => ({ ...USER, name: '管理员' }),
  'POST /auth/logout/': () => null,
};

export interface Driver {
  dispatch(action: UnknownAction): void;
  /** Lets sagas waiting on (fake) HTTP finish. */
  settle(): Promise<void>;
}

export interface Session {
  name: string;
  description: string;
  preloadedState?: Partial<RootState>;
  run(driver: Driver): Promise<void>;
}

const loggedIn: Partial<RootState> = { auth: { ...initialAuthState, token: TOKEN, user: USER } };
const tab = (item: { name: string; path: string }) => ({ name: item.path.slice(1).replace(/\//g, '-'), title: item.name, path: item.path });

export const SESSIONS: Session[] = [
  {
    name: 'login',
    description: 'app start, a wrong password, sign-in, user info refresh, first page, sign-out',
    async run({ dispatch, settle }) {
      dispatch(platformConfigLoaded(CONFIG));
      dispatch(menuLoaded(MENU_TREE));
      dispatch(loginRequested({ username: 'admin', password: 'wrong' }));
      await settle();
      dispatch(loginRequested({ username: 'admin', password: 'correct horse' }));
      await settle();
      dispatch(pageOpened(tab(menuLeaves(MENU_TREE)[0])));
      dispatch(userInfoRequested());
      await settle();
      dispatch(logoutRequested());
      await settle();
    },
  },
  {
    name: 'tab-overflow',
    description: 'signed in; opens every menu page (more than 8), revisits one, closes the active tab',
    preloadedState: loggedIn,
    async run({ dispatch, settle }) {
      dispatch(platformConfigLoaded(CONFIG));
      dispatch(menuLoaded(MENU_TREE));
      const leaves = menuLeaves(MENU_TREE);
      for (const leaf of leaves) dispatch(pageOpened(tab(leaf)));
      dispatch(pageOpened(tab(leaves[leaves.length - 3])));
      dispatch(tabCloseRequested(leaves[leaves.length - 3].path));
      await settle();
      dispatch(tabCloseRequested('/no/such/tab'));
      await settle();
    },
  },
  {
    name: 'language-switch',
    description: 'switches to English and back, with sidebar and viewport changes and a toast in between',
    preloadedState: loggedIn,
    async run({ dispatch, settle }) {
      dispatch(menuLoaded(MENU_TREE));
      dispatch(viewportResized(1440));
      dispatch(languageChanged('en'));
      await settle();
      dispatch(sidebarToggled());
      dispatch(viewportResized(900));
      dispatch(toastShown({ messageKey: 'errors.network', severity: 'error', id: 'toast-1' }));
      dispatch(toastDismissed('toast-1'));
      dispatch(languageChanged('zh-cn'));
      await settle();
    },
  },
  {
    name: 'broker-reconnect',
    description: 'broker connects, drops, retries with an error, reconnects',
    preloadedState: loggedIn,
    async run({ dispatch }) {
      dispatch(platformConfigLoaded(CONFIG));
      dispatch(brokerStatusChanged({ status: 'connecting' }));
      dispatch(brokerStatusChanged({ status: 'connected' }));
      dispatch(brokerStatusChanged({ status: 'reconnecting', error: 'connack timeout' }));
      dispatch(brokerStatusChanged({ status: 'error', error: 'Connection refused: Bad username or password' }));
      dispatch(brokerStatusChanged({ status: 'reconnecting' }));
      dispatch(brokerStatusChanged({ status: 'connected', error: '' }));
      dispatch(brokerStatusChanged({ status: 'closed' }));
    },
  },
  {
    name: 'project-join-exit',
    description: 'joins a project, binds an aircraft, exits; a second join fails and keeps no project',
    preloadedState: loggedIn,
    async run({ dispatch }) {
      dispatch(projectJoinRequested(7));
      dispatch(projectLoaded({ id: 7, name: '河道巡检', area: { lng: 120.1, lat: 30.2 } }));
      dispatch(aircraftBound({ aircraftSn: '1581F5BKD', remoteControllerSn: '5YSZK7' }));
      dispatch(projectExited());
      dispatch(projectJoinRequested(9));
      dispatch(projectLoadFailed());
      dispatch(projectJoinRequested(7));
      dispatch(projectLoaded({ id: 7, name: '河道巡检' }));
      dispatch(projectExited());
    },
  },
];

/** Runs a session on a real store with the recorder installed; returns the exported log and the live final state. */
export async function recordSession(session: Session, options: { checkpointEvery?: number } = {}): Promise<{ log: ActionLog; liveState: RootState }> {
  let clock = START;
  const recorder = createActionRecorder({ reducer: rootReducer, now: () => clock, checkpointEvery: options.checkpointEvery ?? 5 });
  const http: HttpClient = {
    async request<T>(method: string, p: string, opts?: RequestOptions): Promise<Envelope<T>> {
      const handler = ROUTES[`${method} ${p}`];
      if (!handler) throw new ApiError('http', `no fake for ${method} ${p}`, 404, null);
      return { code: 200, msg: 'ok', data: handler(opts) as T };
    },
  };
  const services: AppServices = {
    http,
    navigator: { navigate: () => undefined },
    storage: new MemoryStorage(),
    i18n: createI18n('zh-cn'),
    document: { documentElement: { lang: 'zh-CN' } } as unknown as Document,
  };
  // The store as createAppStore builds it (recorder before the saga middleware), running the sagas these sessions
  // exercise rather than rootSaga: sagas of other features need a browser (window, MQTT) that Node does not have.
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: session.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(recorder.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(function* sessionSagas() {
    yield all([fork(authSaga), fork(localeSaga), fork(httpErrorsSaga), fork(tabsSaga)]);
  });
  await session.run({
    dispatch: (action) => {
      clock += 40;
      store.dispatch(action);
    },
    settle: async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      clock += 250;
    },
  });
  return { log: recorder.exportLog(), liveState: store.getState() };
}

export const logPath = (name: string) => path.join(FIXTURE_DIR, `${name}.log.json`);
export const expectedPath = (name: string) => path.join(FIXTURE_DIR, `${name}.expected.json`);

async function main() {
  const { buildTimeline } = await import('../src/features/replay/replayEngine');
  fs.mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const session of SESSIONS) {
    const { log } = await recordSession(session);
    const timeline = buildTimeline(rootReducer, log);
    fs.writeFileSync(logPath(session.name), `${JSON.stringify(log, null, 2)}\n`);
    fs.writeFileSync(expectedPath(session.name), `${JSON.stringify(timeline.states[timeline.applied], null, 2)}\n`);
    console.log(`${session.name}: ${log.entries.length} entries, ${log.checkpoints.length} checkpoints`);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
