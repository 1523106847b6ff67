// The controller feature's public face for the rest of the console.
export { insideControllerBridge } from './bridge';
export { aircraftBound, controllerRefreshRequested, selectAircraftSn, selectRemoteControllerSn, thingStateChanged } from './controllerSlice';
