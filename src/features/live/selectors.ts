import type { Camera, DeviceCamera } from '@shared/liveVideo';
import type { RootState } from '../../app/rootReducer';
import type { VideoView } from './liveSlice';

const NO_CAMERAS: Camera[] = [];
const NO_WALL: DeviceCamera[] = [];
const NOT_PLAYING: VideoView = { play: null, busy: false, error: null };

export const selectCameras = (deviceId: number) => (state: RootState) => state.live.cameras[deviceId] ?? NO_CAMERAS;
export const selectVideo = (videoId: string) => (state: RootState) => state.live.videos[videoId] ?? NOT_PLAYING;
export const selectWall = (state: RootState) => state.live.wall ?? NO_WALL;
export const selectPlayProtocol = (state: RootState) => state.live.protocol;
export const selectWallRead = (state: RootState) => state.live.wall !== null;
