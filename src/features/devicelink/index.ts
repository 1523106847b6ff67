/** The DJI device link in the console: live details, alerts and the bell's alert count. */
export { default as BoundSerials } from './BoundSerials';
export { default as DeviceLiveDetails } from './DeviceLiveDetails';
export { selectActiveAlertCount } from './selectors';
export { fieldText } from './liveFields';
export { pairingOf } from './pairing';
export { alertNotified } from './devicelinkSlice';
