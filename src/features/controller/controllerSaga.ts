import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, getContext, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Credentials } from '../../api/auth';
import { callApi, requestFailed } from '../../api/callApi';
import { toFailedRequest } from '../../api/errorCatalogue';
import { ApiError, type Envelope, type HttpClient } from '../../api/client';
import {
  fetchDjiConfig,
  fetchProjects,
  fetchRoute,
  fetchTasks,
  type DjiConfig,
  type ProjectSummary,
  type RouteDetail,
  type TaskSummary,
} from '../../api/controller';
import type { ListResult } from '../../crud/types';
import { loggedOut, loginFailed, loginRequested, loginSucceeded, logoutRequested, sessionExpired, selectToken, selectUser } from '../auth';
import { projectLoaded, selectCurrentProjectId } from '../project';
import { getBridge, THING_CONNECT_CALLBACK, toBridgeFailure, type ComponentName, type DjiBridge } from './bridge';
import { CLOUD_COMPONENTS, componentPlan } from './components';
import { insideControllerBridge } from './bridgePresence';
import {
  aircraftBound,
  bridgeStepFailed,
  componentFailed,
  componentLoaded,
  controllerLoginOpened,
  controllerRefreshRequested,
  controllerSessionCleared,
  controllerSignInRequested,
  licenseFailed,
  licenseVerificationStarted,
  licenseVerified,
  projectsFailed,
  projectsLoaded,
  projectsRequested,
  routeFailed,
  routeLoaded,
  sdkConfigDeferred,
  sdkConfigFailed,
  sdkConfigLoaded,
  selectApiComponent,
  selectBridgeStatus,
  selectComponents,
  selectSdkConfig,
  selectThingState,
  taskSelected,
  tasksFailed,
  tasksLoaded,
  tasksRequested,
  thingStateChanged,
  type BridgeStatus,
  type ComponentState,
  type ThingState,
} from './controllerSlice';
import { DEFAULT_WORKSPACE_ID, normalizeDjiConfig } from './djiConfig';
import type { Saga } from '../../app/saga';

/** Inside Pilot 2, the remote controller's serial (null elsewhere or when the bridge cannot tell). */
function* remoteControllerSn(): Saga<string | null> {
  if (!insideControllerBridge()) return null;
  try {
    const bridge: DjiBridge = yield call(getBridge);
    return (yield call([bridge, bridge.getRemoteControllerSn])) as string | null;
  } catch {
    return null;
  }
}

/**
 * GET /api/djiconf/{id}/ into the slice (id: the project whose workspace the controller works in). A project id
 * that does not exist (404) falls back to the first project. Null when it failed; callApi has shown the toast.
 */
function* loadSdkConfig(workspaceId: number | string): Saga<DjiConfig | null> {
  const client: HttpClient = yield getContext('http');
  const gatewaySn: string | null = yield* remoteControllerSn();
  let id = workspaceId;
  let response: Envelope<unknown>;
  try {
    try {
      response = yield call(fetchDjiConfig, client, id, gatewaySn);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      const projects: Envelope<ListResult<ProjectSummary>> = yield call(fetchProjects, client, { page_size: 1 });
      const first = projects.data.items?.[0];
      if (!first) throw error;
      id = first.id;
      response = yield call(fetchDjiConfig, client, id, gatewaySn);
    }
  } catch (error) {
    // Reported once, like callApi does (toast; a 401 ends the session).
    yield put(requestFailed(toFailedRequest(error)));
    yield put(sdkConfigFailed());
    return null;
  }
  const config = normalizeDjiConfig(response.data, id);
  yield put(sdkConfigLoaded(config));
  return config;
}

/**
 * Before sign-in the configuration may not be readable (the server asks for a login): try quietly, no toast and no
 * session handling; the sign-in loads it otherwise.
 */
function* loadSdkConfigQuietly(workspaceId: number | string): Saga<DjiConfig | null> {
  try {
    const client: HttpClient = yield getContext('http');
    const gatewaySn: string | null = yield* remoteControllerSn();
    const response: Envelope<unknown> = yield call(fetchDjiConfig, client, workspaceId, gatewaySn);
    const config = normalizeDjiConfig(response.data, workspaceId);
    yield put(sdkConfigLoaded(config));
    return config;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) yield put(sdkConfigDeferred());
    else yield put(sdkConfigFailed());
    return null;
  }
}

/** Verifies the licence and tells the bridge which platform and workspace it works for; true when verified. */
export function* verifyLicense(config: DjiConfig): Saga<boolean> {
  yield put(licenseVerificationStarted());
  try {
    const bridge: DjiBridge = yield call(getBridge);
    const already: boolean = yield call([bridge, bridge.isVerified]);
    if (!already) yield call([bridge, bridge.verifyLicense], config.appId, config.appKey, config.appLicense);
    yield call([bridge, bridge.setWorkspaceId], config.workspaceId);
    yield call([bridge, bridge.setInformation], config.platformName, config.workspaceName, config.desc ?? '');
    yield put(licenseVerified());
    return true;
  } catch (error) {
    yield put(licenseFailed(toBridgeFailure(error)));
    return false;
  }
}

/** Reads both serials; "connected" (spec §4) follows from the aircraft serial. */
export function* readSerials() {
  try {
    const bridge: DjiBridge = yield call(getBridge);
    const remoteControllerSn: string | null = yield call([bridge, bridge.getRemoteControllerSn]);
    const aircraftSn: string | null = yield call([bridge, bridge.getAircraftSn]);
    yield put(aircraftBound({ aircraftSn, remoteControllerSn }));
  } catch (error) {
    yield put(bridgeStepFailed(toBridgeFailure(error)));
  }
}

/** The workspace the controller works in: the current project, else the one the login page names. */
function* workspaceFor(requested: number | string): Saga<number | string> {
  const current: number | null = yield select(selectCurrentProjectId);
  return current ?? requested;
}

/** Licence check unless the bridge has it already; true when verified. */
function* ensureLicense(config: DjiConfig): Saga<boolean> {
  const status: BridgeStatus = yield select(selectBridgeStatus);
  if (status === 'verified') return true;
  const verified: boolean = yield* verifyLicense(config);
  return verified;
}

/** The login page opened: configuration (if readable before sign-in) and licence, so a refused licence shows at once. */
function* openLogin(action: PayloadAction<{ workspaceId: number | string }>) {
  if (!insideControllerBridge()) return;
  const workspaceId: number | string = yield* workspaceFor(action.payload.workspaceId);
  let config: DjiConfig | null = yield select(selectSdkConfig);
  if (!config) config = yield* loadSdkConfigQuietly(workspaceId);
  if (config) yield* ensureLicense(config);
}

/**
 * Loads the cloud components the bridge does not have yet, one after the other in DJI's order (components.ts): `api`
 * at once, the others once `thing` is connected; what needs a component that failed is not tried. The bridge's own
 * answer decides what is loaded already (Pilot 2 keeps components across page loads, and drops them on a 401).
 */
export function* loadCloudComponents(): Saga<void> {
  const token: string | null = yield select(selectToken);
  if (!token || !insideControllerBridge()) return;
  const user: { username?: string; name?: string } | null = yield select(selectUser);
  const thingState: ThingState = yield select(selectThingState);
  const known: Partial<Record<string, ComponentState>> = yield select(selectComponents);
  const doc: Document = yield getContext('document');
  const loaded = new Set<ComponentName>();
  const failed = new Set<ComponentName>();
  try {
    const bridge: DjiBridge = yield call(getBridge);
    for (const name of CLOUD_COMPONENTS) {
      const isLoaded: boolean = yield call([bridge, bridge.isComponentLoaded], name);
      if (!isLoaded) continue;
      loaded.add(name);
      if (known[name] !== 'loaded') yield put(componentLoaded(name));
    }
    const context = { origin: doc.location.origin, token, userName: user?.name || user?.username || '', thingConnected: thingState === 'connected' };
    for (let [step] = componentPlan({ ...context, loaded, failed }); step; [step] = componentPlan({ ...context, loaded, failed })) {
      // Signed out meanwhile: the session's components are being unloaded, none is loaded again.
      const current: string | null = yield select(selectToken);
      if (current !== token) return;
      try {
        yield call([bridge, bridge.loadComponent], step.name, step.param);
        loaded.add(step.name);
        yield put(componentLoaded(step.name));
      } catch (error) {
        failed.add(step.name);
        yield put(componentFailed({ component: step.name, failure: toBridgeFailure(error) }));
      }
    }
  } catch (error) {
    yield put(bridgeStepFailed(toBridgeFailure(error)));
  }
}

/**
 * Hands the platform token to the bridge: the API component (with the token), then the thing component (broker
 * address, account, token as password), which reports its connection through the callback; the other components
 * follow once it is connected (componentsAfterThing).
 */
export function* handTokenToBridge(token: string, config: DjiConfig, username: string): Saga<void> {
  const bridge: DjiBridge = yield call(getBridge);
  try {
    yield call([bridge, bridge.setApiToken], token);
  } catch (error) {
    yield put(componentFailed({ component: 'api', failure: toBridgeFailure(error) }));
  }
  yield* loadCloudComponents();
  if (config.mqttHost) {
    yield put(thingStateChanged('connecting'));
    try {
      const params = { host: config.mqttHost, username: config.mqttUsername || username, password: token, connectCallback: THING_CONNECT_CALLBACK };
      yield call([bridge, bridge.loadThingComponent], params);
    } catch (error) {
      yield put(componentFailed({ component: 'thing', failure: toBridgeFailure(error) }));
    }
  }
  yield call(readSerials);
}

/** Tells the bridge which workspace it works in (DJI's step 6, after the components): the map, tsa and mission calls name it. */
function* announceWorkspace(config: DjiConfig): Saga<void> {
  try {
    const bridge: DjiBridge = yield call(getBridge);
    yield call([bridge, bridge.setWorkspaceId], config.workspaceId);
    yield call([bridge, bridge.setInformation], config.platformName, config.workspaceName, config.desc ?? '');
  } catch (error) {
    yield put(bridgeStepFailed(toBridgeFailure(error)));
  }
}

/** The thing component connected: the components that need it, then the workspace again. */
function* componentsAfterThing(action: PayloadAction<ThingState>) {
  if (action.payload !== 'connected') return;
  yield* loadCloudComponents();
  const config: DjiConfig | null = yield select(selectSdkConfig);
  if (config) yield* announceWorkspace(config);
}

/**
 * The controller login: the licence first when the configuration could be read before sign-in; then the platform
 * login (the auth saga); then configuration and licence if still missing — a refused licence signs out again, so
 * the login page shows why — and finally the token goes to the bridge.
 */
function* signIn(action: PayloadAction<Credentials & { workspaceId: number | string }>) {
  const { workspaceId: requested, ...credentials } = action.payload;
  const early: DjiConfig | null = yield select(selectSdkConfig);
  if (early && insideControllerBridge()) {
    const verified: boolean = yield* ensureLicense(early);
    if (!verified) return;
  }
  yield put(loginRequested(credentials));
  const result: ReturnType<typeof loginSucceeded> | ReturnType<typeof loginFailed> = yield take([loginSucceeded.type, loginFailed.type]);
  if (!loginSucceeded.match(result)) return;
  yield* setUpBridge(result.payload.token, credentials.username, requested);
}

/** After sign-in (or on a controller reopened with a stored session): configuration, licence, token to the bridge. */
function* setUpBridge(token: string, username: string, requested: number | string): Saga<void> {
  if (!insideControllerBridge()) return;
  let config: DjiConfig | null = yield select(selectSdkConfig);
  if (!config) {
    const workspaceId: number | string = yield* workspaceFor(requested);
    config = yield* loadSdkConfig(workspaceId);
  }
  if (!config) return;
  const verified: boolean = yield* ensureLicense(config);
  if (!verified) {
    yield put(logoutRequested());
    return;
  }
  yield* handTokenToBridge(token, config, username);
}

/** Home screen: serials and the broker state, as the bridge sees them now. */
function* refresh() {
  if (!insideControllerBridge()) return;
  const token: string | null = yield select(selectToken);
  const apiComponent: string = yield select(selectApiComponent);
  const bridge: DjiBridge = yield call(getBridge);
  let apiLoaded: boolean;
  try {
    apiLoaded = yield call([bridge, bridge.isComponentLoaded], 'api');
  } catch {
    apiLoaded = false;
  }
  if (token && apiComponent === 'idle' && !apiLoaded) {
    // Reopened with a stored session: the bridge has not got the token yet.
    const user: { username?: string } | null = yield select(selectUser);
    yield* setUpBridge(token, user?.username ?? '', DEFAULT_WORKSPACE_ID);
    return;
  }
  yield call(readSerials);
  const before: ThingState = yield select(selectThingState);
  let state = before;
  try {
    const thingLoaded: boolean = yield call([bridge, bridge.isComponentLoaded], 'thing');
    if (thingLoaded) {
      const connected: boolean = yield call([bridge, bridge.thingIsConnected]);
      state = connected ? 'connected' : 'disconnected';
      if (state !== before) yield put(thingStateChanged(state));
    }
  } catch (error) {
    yield put(bridgeStepFailed(toBridgeFailure(error)));
  }
  // Whatever Pilot 2 dropped (or never had) is loaded again; a thing that has just connected does that itself.
  if (state === before) yield* loadCloudComponents();
}

/** Signed out (or the session expired): the bridge forgets the token and the broker account. */
function* clearBridgeSession() {
  if (insideControllerBridge()) {
    try {
      const bridge: DjiBridge = yield call(getBridge);
      // Dependents first, the api component (the token) last.
      for (const name of [...CLOUD_COMPONENTS.filter((n) => n !== 'api').reverse(), 'thing', 'api'] as const) {
        const loaded: boolean = yield call([bridge, bridge.isComponentLoaded], name);
        if (loaded) yield call([bridge, bridge.unloadComponent], name);
      }
    } catch (error) {
      yield put(bridgeStepFailed(toBridgeFailure(error)));
    }
  }
  yield put(controllerSessionCleared());
}

/** The bridge calls window[THING_CONNECT_CALLBACK](connected) whenever the thing component's broker link changes. */
export function thingConnectChannel(win: Window = window): EventChannel<boolean> {
  return eventChannel<boolean>((emit) => {
    const target = win as unknown as Record<string, unknown>;
    target[THING_CONNECT_CALLBACK] = (connected: unknown) => emit(connected === true || connected === 'true' || connected === 1);
    return () => {
      delete target[THING_CONNECT_CALLBACK];
    };
  });
}

function* watchThingConnection() {
  const channel: EventChannel<boolean> = yield call(thingConnectChannel);
  try {
    while (true) {
      const connected: boolean = yield take(channel);
      yield put(thingStateChanged(connected ? 'connected' : 'disconnected'));
    }
  } finally {
    channel.close();
  }
}

function* loadProjects(action: PayloadAction<{ search: string }>) {
  try {
    const response: Envelope<ListResult<ProjectSummary>> = yield* callApi(fetchProjects, { search: action.payload.search || undefined });
    yield put(projectsLoaded({ items: response.data.items ?? [], total: response.data.total ?? 0 }));
  } catch {
    yield put(projectsFailed());
  }
}

function* loadTasks(action: PayloadAction<number>) {
  const projectId = action.payload;
  try {
    const response: Envelope<ListResult<TaskSummary>> = yield* callApi(fetchTasks, projectId);
    yield put(tasksLoaded({ projectId, items: response.data.items ?? [], total: response.data.total ?? 0 }));
  } catch {
    yield put(tasksFailed(projectId));
  }
}

function* loadRoute(action: PayloadAction<{ taskId: number; routeId: number | null }>) {
  const { routeId } = action.payload;
  if (routeId === null) return;
  try {
    const response: Envelope<RouteDetail> = yield* callApi(fetchRoute, routeId);
    yield put(routeLoaded({ ...response.data, id: response.data.id ?? routeId, waypoints: response.data.waypoints ?? [] }));
  } catch {
    yield put(routeFailed(routeId));
  }
}

/** Joining a project moves the controller to that project's workspace. */
function* followProject(action: PayloadAction<{ id: number }>) {
  if (!insideControllerBridge()) return;
  const status: BridgeStatus = yield select(selectBridgeStatus);
  const token: string | null = yield select(selectToken);
  if (status !== 'verified' || !token) return;
  const config: DjiConfig | null = yield* loadSdkConfig(action.payload.id);
  if (config) yield* announceWorkspace(config);
}

export default function* controllerSaga() {
  yield fork(watchThingConnection);
  yield takeLatest(controllerLoginOpened.type, openLogin);
  yield takeLatest(controllerSignInRequested.type, signIn);
  yield takeLatest(controllerRefreshRequested.type, refresh);
  yield takeLatest(thingStateChanged.type, componentsAfterThing);
  yield takeEvery([loggedOut.type, sessionExpired.type], clearBridgeSession);
  yield takeLatest(projectsRequested.type, loadProjects);
  yield takeLatest(tasksRequested.type, loadTasks);
  yield takeLatest(taskSelected.type, loadRoute);
  yield takeLatest(projectLoaded.type, followProject);
}
