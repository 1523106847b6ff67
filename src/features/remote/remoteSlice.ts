import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/rootReducer';
import type { FlightView } from '@shared/dji/commandFlight';
import type { LogFileList, LogModule, LogUpload, LogUploadInput } from '@shared/dji/deviceLogs';
import type { OtaView } from '@shared/dji/firmware';
import type { FlightAreaSync } from '@shared/dji/flightAreas';
import type { OsdInfoPush } from '@shared/dji/drcMessages';
import type { DrcKey, Obstacles } from './drcControls';
import type { DeviceSettings, SettingsView } from '@shared/dji/properties';
import type { DebugCommand, DebugMethodName, DebugView } from '@shared/dji/remoteDebug';
import type { ErrorText } from '../../api/errorCatalogue';
import type { FlightCommand, OtaRequest } from '../../api/remote';

/** A shown dock's debugging as this console sees it: the server's view, the command on its way, the last failure. */
export interface DockDebugState {
  view: DebugView | null;
  sending: DebugMethodName | null;
  error: ErrorText | null;
}

/** A shown device's command flight: its aircraft and newest progress, the command on its way, the last failure. */
export interface FlightState {
  view: FlightView | null;
  sending: FlightCommand['kind'] | null;
  error: ErrorText | null;
}

/** A shown dock's flight-area sync: the server's view, a sync on its way, the last failure. */
export interface FlightAreaState {
  view: FlightAreaSync | null;
  syncing: boolean;
  error: ErrorText | null;
}

/** Why the keys stopped driving the aircraft: the window lost focus, the link dropped, the heartbeat could not go out. */
export type DrcStop = 'blur' | 'link_lost' | 'heartbeat';

/**
 * A device's live flight controls: where the link is, the keys held, what the aircraft reports on drc/up (position,
 * obstacles, the link's delay and the measured round trip of drone_control), why control stopped, the last failure.
 * The broker credentials stay in the saga.
 */
export interface DrcState {
  phase: 'idle' | 'entering' | 'connecting' | 'active' | 'exiting';
  aircraftSn: string | null;
  held: DrcKey[];
  osd: OsdInfoPush | null;
  obstacles: Obstacles | null;
  /** delay_info_push's sdr_cmd_delay (ms). */
  sdrDelayMs: number | null;
  /** From a drone_control to its reply on drc/up (ms). */
  roundTripMs: number | null;
  stopped: DrcStop | null;
  error: ErrorText | null;
}
export const noDrc: DrcState = {
  phase: 'idle',
  aircraftSn: null,
  held: [],
  osd: null,
  obstacles: null,
  sdrDelayMs: null,
  roundTripMs: null,
  stopped: null,
  error: null,
};

/** What the saga read on drc/up. */
export type DrcReport = Partial<Pick<DrcState, 'osd' | 'obstacles' | 'sdrDelayMs' | 'roundTripMs'>>;

/** Remote operations of the shown devices, by device id. */
export interface RemoteState {
  drc: Record<number, DrcState>;
  docks: Record<number, DockDebugState>;
  flights: Record<number, FlightState>;
  areas: Record<number, FlightAreaState>;
  firmware: Record<number, FirmwareState>;
  logs: Record<number, LogsState>;
  settings: Record<number, SettingsState>;
}

/** A shown device's settings: the server's view, a change on its way, the last failure. */
export interface SettingsState {
  view: SettingsView | null;
  sending: boolean;
  error: ErrorText | null;
}
export const noSettings: SettingsState = { view: null, sending: false, error: null };

/** A shown dock's logs: the boots it keeps logs of (once asked), its uploads, a request on its way, the last failure. */
export interface LogsState {
  boots: LogFileList[] | null;
  uploads: LogUpload[] | null;
  busy: boolean;
  error: ErrorText | null;
}
export const noLogs: LogsState = { boots: null, uploads: null, busy: false, error: null };

/** A shown device's firmware: the server's view, an upgrade on its way, the last failure. */
export interface FirmwareState {
  view: OtaView | null;
  sending: boolean;
  error: ErrorText | null;
}
export const noFirmware: FirmwareState = { view: null, sending: false, error: null };

/** An upgrade or a package upload came back (error null: done). */
function firmwareSent(state: RemoteState, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
  state.firmware[action.payload.deviceId] = { ...(state.firmware[action.payload.deviceId] ?? noFirmware), sending: false, error: action.payload.error };
}

export const initialRemoteState: RemoteState = { drc: {}, docks: {}, flights: {}, areas: {}, firmware: {}, logs: {}, settings: {} };
const drcOf = (state: RemoteState, deviceId: number) => (state.drc[deviceId] ??= { ...noDrc });
export const noAreas: FlightAreaState = { view: null, syncing: false, error: null };
const noFlight: FlightState = { view: null, sending: null, error: null };

const idle: DockDebugState = { view: null, sending: null, error: null };

const remoteSlice = createSlice({
  name: 'remote',
  initialState: initialRemoteState,
  reducers: {
    debugRequested(_state, _action: PayloadAction<number>) {},
    debugLoaded(state, action: PayloadAction<{ deviceId: number; view: DebugView }>) {
      state.docks[action.payload.deviceId] = { ...(state.docks[action.payload.deviceId] ?? idle), view: action.payload.view };
    },
    debugCommandRequested(state, action: PayloadAction<{ deviceId: number; command: DebugCommand }>) {
      state.docks[action.payload.deviceId] = { ...(state.docks[action.payload.deviceId] ?? idle), sending: action.payload.command.method, error: null };
    },
    debugCommandDone(state, action: PayloadAction<number>) {
      state.docks[action.payload] = { ...(state.docks[action.payload] ?? idle), sending: null };
    },
    debugCommandFailed(state, action: PayloadAction<{ deviceId: number; error: ErrorText }>) {
      state.docks[action.payload.deviceId] = { ...(state.docks[action.payload.deviceId] ?? idle), sending: null, error: action.payload.error };
    },
    flightRequested(_state, _action: PayloadAction<number>) {},
    flightLoaded(state, action: PayloadAction<{ deviceId: number; view: FlightView }>) {
      state.flights[action.payload.deviceId] = { ...(state.flights[action.payload.deviceId] ?? noFlight), view: action.payload.view };
    },
    flightCommandRequested(state, action: PayloadAction<{ deviceId: number; command: FlightCommand }>) {
      state.flights[action.payload.deviceId] = { ...(state.flights[action.payload.deviceId] ?? noFlight), sending: action.payload.command.kind, error: null };
    },
    flightCommandDone(state, action: PayloadAction<number>) {
      state.flights[action.payload] = { ...(state.flights[action.payload] ?? noFlight), sending: null };
    },
    flightCommandFailed(state, action: PayloadAction<{ deviceId: number; error: ErrorText }>) {
      state.flights[action.payload.deviceId] = { ...(state.flights[action.payload.deviceId] ?? noFlight), sending: null, error: action.payload.error };
    },
    flightClosed(state, action: PayloadAction<number>) {
      delete state.flights[action.payload];
    },
    areasRequested(_state, _action: PayloadAction<number>) {},
    areasLoaded(state, action: PayloadAction<{ deviceId: number; view: FlightAreaSync }>) {
      state.areas[action.payload.deviceId] = { ...(state.areas[action.payload.deviceId] ?? noAreas), view: action.payload.view };
    },
    areasSyncRequested(state, action: PayloadAction<number>) {
      state.areas[action.payload] = { ...(state.areas[action.payload] ?? noAreas), syncing: true, error: null };
    },
    areasSyncDone(state, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
      state.areas[action.payload.deviceId] = { ...(state.areas[action.payload.deviceId] ?? noAreas), syncing: false, error: action.payload.error };
    },
    areasClosed(state, action: PayloadAction<number>) {
      delete state.areas[action.payload];
    },
    otaRequested(_state, _action: PayloadAction<number>) {},
    otaLoaded(state, action: PayloadAction<{ deviceId: number; view: OtaView }>) {
      state.firmware[action.payload.deviceId] = { ...(state.firmware[action.payload.deviceId] ?? noFirmware), view: action.payload.view };
    },
    otaUpgradeRequested(state, action: PayloadAction<{ deviceId: number; request: OtaRequest }>) {
      state.firmware[action.payload.deviceId] = { ...(state.firmware[action.payload.deviceId] ?? noFirmware), sending: true, error: null };
    },
    otaUpgradeDone: firmwareSent,
    /** A package for the device's type (the form's file travels with the action to the saga, which sends it). */
    firmwareUploadRequested(state, action: PayloadAction<{ deviceId: number; file: File; productVersion: string; releaseNote: string }>) {
      state.firmware[action.payload.deviceId] = { ...(state.firmware[action.payload.deviceId] ?? noFirmware), sending: true, error: null };
    },
    firmwareUploadDone: firmwareSent,
    otaClosed(state, action: PayloadAction<number>) {
      delete state.firmware[action.payload];
    },
    logUploadsRequested(_state, _action: PayloadAction<number>) {},
    logUploadsLoaded(state, action: PayloadAction<{ deviceId: number; uploads: LogUpload[] }>) {
      state.logs[action.payload.deviceId] = { ...(state.logs[action.payload.deviceId] ?? noLogs), uploads: action.payload.uploads };
    },
    logBootsRequested(state, action: PayloadAction<number>) {
      state.logs[action.payload] = { ...(state.logs[action.payload] ?? noLogs), busy: true, error: null };
    },
    logBootsLoaded(state, action: PayloadAction<{ deviceId: number; boots: LogFileList[] }>) {
      state.logs[action.payload.deviceId] = { ...(state.logs[action.payload.deviceId] ?? noLogs), boots: action.payload.boots, busy: false };
    },
    logUploadRequested(state, action: PayloadAction<{ deviceId: number; input: LogUploadInput }>) {
      state.logs[action.payload.deviceId] = { ...(state.logs[action.payload.deviceId] ?? noLogs), busy: true, error: null };
    },
    logCancelRequested(state, action: PayloadAction<number>) {
      state.logs[action.payload] = { ...(state.logs[action.payload] ?? noLogs), busy: true, error: null };
    },
    logArchiveRequested(_state, _action: PayloadAction<{ deviceId: number; upload: number; module: LogModule; name: string }>) {},
    logsDone(state, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
      state.logs[action.payload.deviceId] = { ...(state.logs[action.payload.deviceId] ?? noLogs), busy: false, error: action.payload.error };
    },
    logsClosed(state, action: PayloadAction<number>) {
      delete state.logs[action.payload];
    },
    settingsRequested(_state, _action: PayloadAction<number>) {},
    settingsLoaded(state, action: PayloadAction<{ deviceId: number; view: SettingsView }>) {
      state.settings[action.payload.deviceId] = { ...(state.settings[action.payload.deviceId] ?? noSettings), view: action.payload.view };
    },
    settingsChangeRequested(state, action: PayloadAction<{ deviceId: number; change: DeviceSettings }>) {
      state.settings[action.payload.deviceId] = { ...(state.settings[action.payload.deviceId] ?? noSettings), sending: true, error: null };
    },
    settingsDone(state, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
      state.settings[action.payload.deviceId] = { ...(state.settings[action.payload.deviceId] ?? noSettings), sending: false, error: action.payload.error };
    },
    settingsClosed(state, action: PayloadAction<number>) {
      delete state.settings[action.payload];
    },
    drcEnterRequested(state, action: PayloadAction<{ deviceId: number; confirmSn: string }>) {
      state.drc[action.payload.deviceId] = { ...noDrc, phase: 'entering' };
    },
    drcEntered(state, action: PayloadAction<{ deviceId: number; aircraftSn: string }>) {
      Object.assign(drcOf(state, action.payload.deviceId), { phase: 'connecting', aircraftSn: action.payload.aircraftSn });
    },
    drcConnected(state, action: PayloadAction<number>) {
      Object.assign(drcOf(state, action.payload), { phase: 'active', stopped: null });
    },
    /** The keys held now (the page's keyboard); ignored unless the link is up. */
    drcKeysChanged(state, action: PayloadAction<{ deviceId: number; held: DrcKey[] }>) {
      const drc = drcOf(state, action.payload.deviceId);
      if (drc.phase !== 'active') return;
      drc.held = action.payload.held;
      if (action.payload.held.length > 0) drc.stopped = null;
    },
    drcEmergencyStopRequested(state, action: PayloadAction<number>) {
      drcOf(state, action.payload).held = [];
    },
    drcReported(state, action: PayloadAction<{ deviceId: number; report: DrcReport }>) {
      Object.assign(drcOf(state, action.payload.deviceId), action.payload.report);
    },
    /** The keys stop driving the aircraft (focus lost, link dropped, heartbeat failed): nothing is held any more. */
    drcControlStopped(state, action: PayloadAction<{ deviceId: number; reason: DrcStop }>) {
      Object.assign(drcOf(state, action.payload.deviceId), { held: [], stopped: action.payload.reason });
    },
    drcExitRequested(state, action: PayloadAction<number>) {
      const drc = state.drc[action.payload];
      if (drc && drc.phase !== 'idle') Object.assign(drc, { phase: 'exiting', held: [] });
    },
    /** The link ended (exit, or its failure: `error`). */
    drcEnded(state, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
      Object.assign(drcOf(state, action.payload.deviceId), { phase: 'idle', held: [], error: action.payload.error });
    },
    drcFailed(state, action: PayloadAction<{ deviceId: number; error: ErrorText }>) {
      drcOf(state, action.payload.deviceId).error = action.payload.error;
    },
    /** The dock's panel closed: nothing of it is kept. */
    debugClosed(state, action: PayloadAction<number>) {
      delete state.docks[action.payload];
    },
  },
});

export const {
  drcEnterRequested,
  drcEntered,
  drcConnected,
  drcKeysChanged,
  drcEmergencyStopRequested,
  drcReported,
  drcControlStopped,
  drcExitRequested,
  drcEnded,
  drcFailed,
  debugRequested,
  debugLoaded,
  debugCommandRequested,
  debugCommandDone,
  debugCommandFailed,
  debugClosed,
  flightRequested,
  flightLoaded,
  flightCommandRequested,
  flightCommandDone,
  flightCommandFailed,
  flightClosed,
  areasRequested,
  areasLoaded,
  areasSyncRequested,
  areasSyncDone,
  areasClosed,
  otaRequested,
  otaLoaded,
  otaUpgradeRequested,
  otaUpgradeDone,
  firmwareUploadRequested,
  firmwareUploadDone,
  otaClosed,
  logUploadsRequested,
  logUploadsLoaded,
  logBootsRequested,
  logBootsLoaded,
  logUploadRequested,
  logCancelRequested,
  logArchiveRequested,
  logsDone,
  logsClosed,
  settingsRequested,
  settingsLoaded,
  settingsChangeRequested,
  settingsDone,
  settingsClosed,
} = remoteSlice.actions;

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof remoteSlice> {}
}

/** Remote operations join the store when their code loads (the device pages, the signed-in sagas): the login page never carries them. */
export const selectRemote = remoteSlice.injectInto(rootReducer).selectSlice;
