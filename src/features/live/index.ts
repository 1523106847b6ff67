/** Live video (docs/live-video.md): the public face other features use. */
export { default as LivePanel, SourceLivePanel } from './LivePanel';
export { camerasRequested, startRequested, stopRequested, changeRequested } from './liveSlice';
export { selectCameras, selectVideo } from './selectors';
