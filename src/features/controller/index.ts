// The controller feature's public face for the rest of the console.
export { insideControllerBridge } from './bridgePresence';
export { aircraftBound, controllerRefreshRequested, selectAircraftSn, selectRemoteControllerSn, thingStateChanged } from './controllerSlice';
