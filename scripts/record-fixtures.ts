/**
 * npx tsx scripts/record-fixtures.ts [session…] — records the QA replay fixtures in __tests__/fixtures/replay/ (all
 * sessions, or the named ones) by driving the real reducers and the sagas these sessions exercise (auth, locale,
 * http errors, tabs, broker, project; fake HTTP, MQTT client, storage and navigation) with the action recorder
 * installed, as bootstrap does. For each session it writes <name>.log.json (the exported log) and
 * <name>.expected.json (the final state of replaying it, for `npm run replay -- … --expect`).
 * The clock and Math.random are fake, so regenerating gives the same files. __tests__/tools/replay-fixtures.test.ts
 * re-runs the sessions and checks the committed logs still replay to identical states.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { UserInfo } from '@shared/user';
import { ApiError, type Envelope, type HttpClient, type RequestOptions } from '../src/api/client';
import { rootReducer, type RootState } from '../src/app/rootReducer';
import type { AppServices } from '../src/app/services';
import authSaga from '../src/features/auth/authSaga';
import brokerSaga from '../src/features/broker/brokerSaga';
import type { MqttLike } from '../src/features/broker/mqttClient';
import localeSaga from '../src/features/i18n/localeSaga';
import httpErrorsSaga from '../src/features/notifications/httpErrorsSaga';
import projectSaga from '../src/features/project/projectSaga';
import tabsSaga from '../src/features/tabs/tabsSaga';
import { initialAuthState, loginRequested, logoutRequested, userInfoRequested } from '../src/features/auth/authSlice';
import { createI18n } from '../src/features/i18n/i18n';
import { languageChanged } from '../src/features/i18n/localeSlice';
import { menuLoaded, sidebarToggled, viewportResized } from '../src/features/menu/menuSlice';
import { MENU_TREE, menuLeaves } from '../src/features/menu/menuTree';
import { toastDismissed } from '../src/features/notifications/notificationsSlice';
import { toastShown } from '../src/shared/toasts';
import { platformConfigLoaded } from '../src/features/platform/platformSlice';
import { projectExited, projectJoinRequested } from '../src/features/project/projectSlice';
import type { ActionLog } from '../src/features/replay/logFormat';
import { createActionRecorder } from '../src/features/replay/recorder';
import { pageOpened, tabCloseRequested } from '../src/features/tabs/tabsSlice';
import { encodeFleet } from '../shared/fleet/codec';
import type { Telemetry } from '../shared/live';
import type { AppDispatch } from '../src/app/store';
import { brokerEvents } from '../src/features/broker/eventBus';
import { openFleetFeed } from '../src/features/situation/fleetFeed';
import { FleetStore } from '../src/features/situation/fleetStore';
import situationSaga from '../src/features/situation/situationSaga';
import { droneSearchChanged, droneSelected, followToggled, statusFilterChanged } from '../src/features/situation/situationSlice';
import { conformanceWatchStarted, conformanceWatchStopped } from '../src/features/situation/viewActions';
import { inThreadFleetWorker } from '../__tests__/client/support/fleetWorker';

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
const DEVICE_NAMES: Record<string, string> = { 'SIM-0001': '南山一号', 'SIM-0002': '南山二号' };
const ROUTES: Record<string, Route> = {
  'POST /auth/login/': (options) => {
    const body = options?.body as { password?: string } | undefined;
    if (body?.password !== 'correct horse')
      throw new ApiError('http', 'Wrong username or password', 401, {
        code: 401,
        msg: 'Wrong username or password',
        data: null,
        error_code: 'auth.wrong_credentials',
      });
    return { token: TOKEN, expiresAt: '2026-01-06T08:00:00.000Z', user: USER };
  },
  'GET /logininfo/': () => ({ ...USER, name: '管理员' }),
  'POST /auth/logout/': () => null,
  'GET /Project/7/': () => ({ id: 7, name: '河道巡检', area: { lng: 120.1, lat: 30.2 } }),
  'GET /Project/9/': () => {
    throw new ApiError('http', 'Not found.', 404, { code: 404, msg: 'Not found.', data: null });
  },
  'GET /Alert/': () => ({ items: [], total: 0 }),
  'GET /Airspace/Plan/': () => ({ items: [], total: 0 }),
  // The task SIM-0001 flies, and its route (the /Tas map draws it).
  'GET /Task/12/': () => ({
    id: 12,
    name: '南山巡检',
    project_id: 7,
    route_id: 4,
    device_id: 1,
    status: 'running',
    flight_id: 'f-12',
    progress: { status: 'in_progress', percent: 30, current_step: 1, waypoint_index: 1 },
  }),
  'GET /Route/4/': () => ({
    id: 4,
    name: '南山航线',
    waypoints: [
      { lat: 22.54, lng: 113.93, alt: 60, speed: 8 },
      { lat: 22.545, lng: 113.935, alt: 60, speed: 8 },
      { lat: 22.55, lng: 113.93, alt: 60, speed: 8 },
    ],
  }),
  // SIM-0003 is outside the user's data scope, SIM-0004 not registered: the server names neither.
  'POST /Device/names/': (options) => ({
    names: Object.fromEntries((options?.body as { serials: string[] }).serials.flatMap((sn) => (sn in DEVICE_NAMES ? [[sn, DEVICE_NAMES[sn]]] : []))),
  }),
};

/** The MQTT client the broker saga gets: the session fires its connection events. */
class FakeMqttClient extends EventEmitter implements MqttLike {
  connected = false;
  fire(event: 'connect' | 'reconnect' | 'close' | 'error', error?: Error) {
    this.connected = event === 'connect';
    if (event === 'error') this.emit(event, error);
    else this.emit(event);
  }
  subscribe() {}
  unsubscribe() {}
  publish() {}
  end() {
    this.connected = false;
  }
}

export interface Driver {
  dispatch(action: UnknownAction): void;
  /** Lets sagas waiting on (fake) HTTP or broker events finish. */
  settle(): Promise<void>;
  /** The broker connection (sessions that run the broker saga). */
  mqtt: FakeMqttClient;
}

type Saga = () => Generator;

export interface Session {
  name: string;
  description: string;
  preloadedState?: Partial<RootState>;
  /** Sagas beyond auth, locale, http errors and tabs. */
  sagas?: Saga[];
  run(driver: Driver): Promise<void>;
}

const loggedIn: Partial<RootState> = { auth: { ...initialAuthState, token: TOKEN, user: USER } };

/** A sysinfo/fleet snapshot as the broker hands it to the situational view (the bytes the server publishes). */
const fleetSnapshot = (at: number, drones: Array<Partial<Telemetry> & { sn: string }>) =>
  brokerEvents.emit('sysinfo/fleet', {
    topic: 'sysinfo/fleet',
    message: encodeFleet(
      at,
      drones.map((d) => ({ lat: 22.54, lng: 114.05, alt: 80, speed: 8, heading: 90, battery: 80, status: 'flying' as const, at, ...d })),
    ),
  });
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
    description: 'sign-in connects the broker; the link drops, a retry is refused, it reconnects; sign-out closes it',
    sagas: [brokerSaga],
    async run({ dispatch, settle, mqtt }) {
      dispatch(platformConfigLoaded(CONFIG));
      dispatch(loginRequested({ username: 'admin', password: 'correct horse' }));
      await settle();
      mqtt.fire('connect');
      await settle();
      mqtt.fire('close');
      mqtt.fire('reconnect');
      await settle();
      mqtt.fire('error', new Error('Connection refused: Bad username or password'));
      mqtt.fire('close');
      mqtt.fire('reconnect');
      await settle();
      mqtt.fire('connect');
      await settle();
      dispatch(logoutRequested());
      await settle();
    },
  },
  {
    name: 'tas',
    description:
      'opens /Tas: its fleet feed decodes two sysinfo/fleet snapshots (worker handler in-thread), the saga names the new aircraft and reads the task one flies with its route; search, filter, select, follow, close',
    preloadedState: loggedIn,
    sagas: [situationSaga],
    async run({ dispatch, settle }) {
      dispatch(menuLoaded(MENU_TREE));
      dispatch(pageOpened(tab({ name: 'menu.tas', path: '/Tas' })));
      // What the view does while mounted (SituationPage's effects and useFleetFeed), without React.
      dispatch(conformanceWatchStarted());
      const close = openFleetFeed(
        async () => inThreadFleetWorker(),
        new FleetStore(),
        dispatch as AppDispatch,
        () => [],
        () => undefined,
      );
      await settle();
      fleetSnapshot(START + 1000, [
        { sn: 'SIM-0001', taskId: 12 },
        { sn: 'SIM-0002', status: 'online' },
        { sn: 'SIM-0003', status: 'maintenance' },
      ]);
      await settle();
      fleetSnapshot(START + 2000, [
        { sn: 'SIM-0001', taskId: 12, lat: 22.55 },
        { sn: 'SIM-0004', battery: 30 },
      ]);
      await settle();
      dispatch(droneSearchChanged('南山'));
      dispatch(statusFilterChanged('flying'));
      dispatch(droneSelected('SIM-0004'));
      dispatch(followToggled());
      dispatch(droneSelected(null));
      dispatch(conformanceWatchStopped());
      close();
      dispatch(tabCloseRequested('/Tas'));
      await settle();
    },
  },
  {
    name: 'project-join-exit',
    description: 'joins a project and exits; joining a missing one fails quietly and keeps none; joins again and exits',
    preloadedState: loggedIn,
    sagas: [projectSaga],
    async run({ dispatch, settle }) {
      dispatch(projectJoinRequested(7));
      await settle();
      dispatch(projectExited());
      dispatch(projectJoinRequested(9));
      await settle();
      dispatch(projectJoinRequested(7));
      await settle();
      dispatch(projectExited());
    },
  },
];

/** A seeded Math.random (mulberry32) for the length of a session: toast ids (nanoid) and the broker client id repeat. */
async function withSeededRandom<T>(seed: number, run: () => Promise<T>): Promise<T> {
  const original = Math.random;
  let a = seed;
  Math.random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  try {
    return await run();
  } finally {
    Math.random = original;
  }
}

/** Runs a session on a real store with the recorder installed; returns the exported log and the live final state. */
export function recordSession(session: Session, options: { checkpointEvery?: number } = {}): Promise<{ log: ActionLog; liveState: RootState }> {
  return withSeededRandom(START, () => runSession(session, options));
}

async function runSession(session: Session, options: { checkpointEvery?: number }): Promise<{ log: ActionLog; liveState: RootState }> {
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
  // The store as createAppStore builds it (recorder before the saga middleware), running the sagas the session
  // exercises rather than rootSaga: the controller saga needs a browser window that Node does not have.
  const mqtt = new FakeMqttClient();
  const sagaMiddleware = createSagaMiddleware({ context: { ...services, mqttConnect: () => mqtt } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: session.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(recorder.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(function* sessionSagas() {
    yield all([authSaga, localeSaga, httpErrorsSaga, tabsSaga, ...(session.sagas ?? [])].map((saga) => fork(saga)));
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
    mqtt,
  });
  return { log: recorder.exportLog(), liveState: store.getState() };
}

export const logPath = (name: string) => path.join(FIXTURE_DIR, `${name}.log.json`);
export const expectedPath = (name: string) => path.join(FIXTURE_DIR, `${name}.expected.json`);

async function main(names: string[]) {
  const { buildTimeline } = await import('../src/features/replay/replayEngine');
  const unknown = names.filter((name) => !SESSIONS.some((s) => s.name === name));
  if (unknown.length) throw new Error(`no session named ${unknown.join(', ')} (sessions: ${SESSIONS.map((s) => s.name).join(', ')})`);
  fs.mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const session of SESSIONS.filter((s) => names.length === 0 || names.includes(s.name))) {
    const { log } = await recordSession(session);
    const timeline = buildTimeline(rootReducer, log);
    fs.writeFileSync(logPath(session.name), `${JSON.stringify(log, null, 2)}\n`);
    fs.writeFileSync(expectedPath(session.name), `${JSON.stringify(timeline.states[timeline.applied], null, 2)}\n`);
    console.log(`${session.name}: ${log.entries.length} entries, ${log.checkpoints.length} checkpoints`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
