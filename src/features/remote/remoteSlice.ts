import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FlightView } from '@shared/dji/commandFlight';
import type { LogFileList, LogModule, LogUpload, LogUploadInput } from '@shared/dji/deviceLogs';
import type { OtaView } from '@shared/dji/firmware';
import type { FlightAreaSync } from '@shared/dji/flightAreas';
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

/** Remote operations of the shown devices, by device id. */
export interface RemoteState {
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

export const initialRemoteState: RemoteState = { docks: {}, flights: {}, areas: {}, firmware: {}, logs: {}, settings: {} };
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
    otaUpgradeDone(state, action: PayloadAction<{ deviceId: number; error: ErrorText | null }>) {
      state.firmware[action.payload.deviceId] = { ...(state.firmware[action.payload.deviceId] ?? noFirmware), sending: false, error: action.payload.error };
    },
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
    /** The dock's panel closed: nothing of it is kept. */
    debugClosed(state, action: PayloadAction<number>) {
      delete state.docks[action.payload];
    },
  },
});

export const {
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
export default remoteSlice.reducer;
