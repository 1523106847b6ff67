import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Credentials } from '../../api/auth';
import type { DjiConfig, ProjectSummary, RouteDetail, TaskSummary } from '../../api/controller';
import type { BridgeFailure, ComponentName } from './bridge';
import type { CloudComponent } from './components';

/** Licence verification on the bridge: idle → verifying → verified | failed (retry: failed → verifying). */
export type BridgeStatus = 'idle' | 'verifying' | 'verified' | 'failed';
/** The thing component's broker connection, as the bridge reports it. */
export type ThingState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed';
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type ConfigStatus = LoadStatus | 'deferred';
/** A Pilot 2 component's state on this page: not loaded yet, loaded, or its load failed. */
export type ComponentState = 'idle' | 'loaded' | 'failed';

export interface ListState<T> {
  items: T[];
  total: number;
  status: LoadStatus;
}

/** Remote-controller session (spec §3): filled in by the DJI bridge sagas. */
export interface ControllerState {
  aircraftSn: string | null;
  remoteControllerSn: string | null;
  /** SDK configuration from GET /api/djiconf/{id}/. */
  sdkConfig: DjiConfig | null;
  configStatus?: ConfigStatus;
  bridgeStatus?: BridgeStatus;
  /** Last bridge failure (licence, components, serials); cleared by the next success of the same step. */
  bridgeError?: BridgeFailure | null;
  /** The API component holds the platform token. */
  apiComponent?: ComponentState;
  /** Every cloud component's state (components.ts), `api` included; absent: idle. */
  components?: Partial<Record<CloudComponent, ComponentState>>;
  thingState?: ThingState;
  projects?: ListState<ProjectSummary> & { search: string };
  tasks?: ListState<TaskSummary> & { projectId: number | null };
  selectedTaskId?: number | null;
  route?: { id: number | null; data: RouteDetail | null; status: LoadStatus };
}

// Fields beyond the three of spec §3 are optional: recorded QA logs from before them still replay.
export const initialControllerState: Required<ControllerState> = {
  aircraftSn: null,
  remoteControllerSn: null,
  sdkConfig: null,
  configStatus: 'idle',
  bridgeStatus: 'idle',
  bridgeError: null,
  apiComponent: 'idle',
  components: {},
  thingState: 'idle',
  projects: { items: [], total: 0, status: 'idle', search: '' },
  tasks: { items: [], total: 0, status: 'idle', projectId: null },
  selectedTaskId: null,
  route: { id: null, data: null, status: 'idle' },
};

/** The pure licence-state rule: which bridge status an event leads to. */
export type LicenseEvent = 'verify' | 'accepted' | 'refused' | 'signedOut';
export function nextBridgeStatus(status: BridgeStatus, event: LicenseEvent): BridgeStatus {
  switch (event) {
    case 'verify':
      return status === 'verified' ? 'verified' : 'verifying';
    case 'accepted':
      return 'verified';
    case 'refused':
      return status === 'verifying' ? 'failed' : status;
    case 'signedOut':
      return status;
  }
}

const controllerSlice = createSlice({
  name: 'controller',
  initialState: initialControllerState as ControllerState,
  reducers: {
    aircraftBound(state, action: PayloadAction<{ aircraftSn: string | null; remoteControllerSn: string | null }>) {
      state.aircraftSn = action.payload.aircraftSn;
      state.remoteControllerSn = action.payload.remoteControllerSn;
    },
    /** The login page opened: load the SDK configuration and verify the licence. */
    controllerLoginOpened(state, _action: PayloadAction<{ workspaceId: number | string }>) {
      if (state.configStatus !== 'loaded') state.configStatus = 'loading';
    },
    sdkConfigLoaded(state, action: PayloadAction<DjiConfig>) {
      state.sdkConfig = action.payload;
      state.configStatus = 'loaded';
    },
    sdkConfigFailed(state) {
      state.configStatus = 'failed';
    },
    /** Not readable before sign-in (the server wants a login): loaded by the sign-in. */
    sdkConfigDeferred(state) {
      state.configStatus = 'deferred';
    },
    licenseVerificationStarted(state) {
      state.bridgeStatus = nextBridgeStatus(state.bridgeStatus ?? 'idle', 'verify');
      state.bridgeError = null;
    },
    licenseVerified(state) {
      state.bridgeStatus = nextBridgeStatus(state.bridgeStatus ?? 'idle', 'accepted');
      state.bridgeError = null;
    },
    licenseFailed(state, action: PayloadAction<BridgeFailure>) {
      state.bridgeStatus = nextBridgeStatus(state.bridgeStatus ?? 'idle', 'refused');
      state.bridgeError = action.payload;
    },
    /** Sign in from the controller login page: licence, platform login, then the token goes to the bridge. */
    controllerSignInRequested(_state, _action: PayloadAction<Credentials & { workspaceId: number | string }>) {},
    /** The bridge loaded a cloud component (or says it is loaded). */
    componentLoaded(state, action: PayloadAction<CloudComponent>) {
      state.components = { ...state.components, [action.payload]: 'loaded' };
      if (action.payload === 'api') state.apiComponent = 'loaded';
    },
    thingStateChanged(state, action: PayloadAction<ThingState>) {
      state.thingState = action.payload;
    },
    /** A bridge step other than the licence failed (components, serials). */
    bridgeStepFailed(state, action: PayloadAction<BridgeFailure>) {
      state.bridgeError = action.payload;
    },
    componentFailed(state, action: PayloadAction<{ component: ComponentName; failure: BridgeFailure }>) {
      const { component, failure } = action.payload;
      state.bridgeError = failure;
      if (component === 'thing') state.thingState = 'failed';
      else state.components = { ...state.components, [component]: 'failed' };
      if (component === 'api') state.apiComponent = 'failed';
    },
    /** Read the serials and the broker state from the bridge again (home screen). */
    controllerRefreshRequested() {},
    /** Signed out: the bridge components are unloaded, the aircraft stays bound. */
    controllerSessionCleared(state) {
      state.apiComponent = 'idle';
      state.components = {};
      state.thingState = 'idle';
    },
    projectsRequested(state, action: PayloadAction<{ search: string }>) {
      state.projects = { ...(state.projects ?? initialControllerState.projects), status: 'loading', search: action.payload.search };
    },
    projectsLoaded(state, action: PayloadAction<{ items: ProjectSummary[]; total: number }>) {
      state.projects = { ...(state.projects ?? initialControllerState.projects), ...action.payload, status: 'loaded' };
    },
    projectsFailed(state) {
      state.projects = { ...(state.projects ?? initialControllerState.projects), status: 'failed' };
    },
    tasksRequested(state, action: PayloadAction<number>) {
      const sameProject = state.tasks?.projectId === action.payload;
      state.tasks = { items: sameProject ? state.tasks!.items : [], total: sameProject ? state.tasks!.total : 0, status: 'loading', projectId: action.payload };
      if (!sameProject) {
        state.selectedTaskId = null;
        state.route = initialControllerState.route;
      }
    },
    tasksLoaded(state, action: PayloadAction<{ projectId: number; items: TaskSummary[]; total: number }>) {
      if (state.tasks?.projectId !== action.payload.projectId) return;
      state.tasks = { items: action.payload.items, total: action.payload.total, status: 'loaded', projectId: action.payload.projectId };
    },
    tasksFailed(state, action: PayloadAction<number>) {
      if (state.tasks?.projectId === action.payload) state.tasks.status = 'failed';
    },
    /** A task was picked; routeId null = the task has no route. */
    taskSelected(state, action: PayloadAction<{ taskId: number; routeId: number | null }>) {
      state.selectedTaskId = action.payload.taskId;
      state.route = { id: action.payload.routeId, data: null, status: action.payload.routeId === null ? 'idle' : 'loading' };
    },
    routeLoaded(state, action: PayloadAction<RouteDetail>) {
      if (state.route?.id !== action.payload.id) return;
      state.route = { id: action.payload.id, data: action.payload, status: 'loaded' };
    },
    routeFailed(state, action: PayloadAction<number>) {
      if (state.route?.id === action.payload) state.route.status = 'failed';
    },
  },
});

export const {
  aircraftBound,
  controllerLoginOpened,
  sdkConfigLoaded,
  sdkConfigFailed,
  sdkConfigDeferred,
  licenseVerificationStarted,
  licenseVerified,
  licenseFailed,
  controllerSignInRequested,
  componentLoaded,
  thingStateChanged,
  componentFailed,
  bridgeStepFailed,
  controllerRefreshRequested,
  controllerSessionCleared,
  projectsRequested,
  projectsLoaded,
  projectsFailed,
  tasksRequested,
  tasksLoaded,
  tasksFailed,
  taskSelected,
  routeLoaded,
  routeFailed,
} = controllerSlice.actions;

type WithController = { controller: ControllerState };
const field = <K extends keyof ControllerState>(state: WithController, key: K) =>
  (state.controller[key] ?? initialControllerState[key]) as Required<ControllerState>[K];

/** Spec §4: connected = an aircraft serial is bound. */
export const selectControllerConnected = (state: WithController) => Boolean(state.controller.aircraftSn);
export const selectAircraftSn = (state: WithController) => state.controller.aircraftSn;
export const selectRemoteControllerSn = (state: WithController) => state.controller.remoteControllerSn;
export const selectSdkConfig = (state: WithController) => state.controller.sdkConfig;
export const selectConfigStatus = (state: WithController) => field(state, 'configStatus');
export const selectBridgeStatus = (state: WithController) => field(state, 'bridgeStatus');
export const selectBridgeError = (state: WithController) => field(state, 'bridgeError');
export const selectApiComponent = (state: WithController) => field(state, 'apiComponent');
export const selectComponents = (state: WithController) => field(state, 'components');
export const selectThingState = (state: WithController) => field(state, 'thingState');
export const selectControllerProjects = (state: WithController) => field(state, 'projects');
export const selectControllerTasks = (state: WithController) => field(state, 'tasks');
export const selectSelectedTaskId = (state: WithController) => field(state, 'selectedTaskId');
export const selectControllerRoute = (state: WithController) => field(state, 'route');
export default controllerSlice.reducer;
