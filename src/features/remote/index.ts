/** Remote operations (docs/remote.md): the public face other features use. */
export { default as DockDebugPanel } from './DockDebugPanel';
export { default as FlightPanel } from './FlightPanel';
export { default as FlightAreaPanel } from './FlightAreaPanel';
export { default as FirmwarePanel } from './FirmwarePanel';
export { default as LogsPanel } from './LogsPanel';
export { default as SettingsPanel } from './SettingsPanel';
export { default as DrcPanel } from './DrcPanel';
export { flightClosed, flightCommandRequested } from './remoteSlice';
export { selectFlight } from './selectors';
