import type { RootState } from '../../app/rootReducer';
import { selectRemote, noAreas, noDrc, noFirmware, noLogs, noSettings, type DockDebugState, type FlightState } from './remoteSlice';

const NOT_SHOWN: DockDebugState = { view: null, sending: null, error: null };

export const selectDockDebug = (deviceId: number) => (state: RootState) => selectRemote(state).docks[deviceId] ?? NOT_SHOWN;

const NO_FLIGHT: FlightState = { view: null, sending: null, error: null };

export const selectFlight = (deviceId: number) => (state: RootState) => selectRemote(state).flights[deviceId] ?? NO_FLIGHT;

export const selectFlightAreas = (deviceId: number) => (state: RootState) => selectRemote(state).areas[deviceId] ?? noAreas;

export const selectFirmware = (deviceId: number) => (state: RootState) => selectRemote(state).firmware[deviceId] ?? noFirmware;

export const selectLogs = (deviceId: number) => (state: RootState) => selectRemote(state).logs[deviceId] ?? noLogs;

export const selectSettings = (deviceId: number) => (state: RootState) => selectRemote(state).settings[deviceId] ?? noSettings;

export const selectDrc = (deviceId: number) => (state: RootState) => selectRemote(state).drc[deviceId] ?? noDrc;
