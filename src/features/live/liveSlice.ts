import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Camera, DeviceCamera } from '@shared/liveVideo';
import type { ErrorText } from '../../api/errorCatalogue';
import type { LivePlay, PlayProtocol } from './playSource';

/** What this console does with one video: the URLs it plays, a command on its way, the last command's failure. */
export interface VideoView {
  /** The signed HTTP-FLV / HLS URLs this console plays (null: not playing here). */
  play: LivePlay | null;
  busy: boolean;
  error: ErrorText | null;
}

/** Live video as the console sees it: each shown device's cameras and, per video, what this console plays. */
export interface LiveState {
  cameras: Record<number, Camera[]>;
  /** The video wall's choice: every online camera the user may see (null: not read yet). */
  wall: DeviceCamera[] | null;
  videos: Record<string, VideoView>;
  /** The protocol the players use when a stream offers both (HTTP-FLV: lower delay; HLS: through more proxies). */
  protocol: PlayProtocol;
}

export const initialLiveState: LiveState = { cameras: {}, wall: null, videos: {}, protocol: 'flv' };

type Command = { deviceId: number; videoId: string };
const idleVideo: VideoView = { play: null, busy: false, error: null };

const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    camerasRequested(_state, _action: PayloadAction<number>) {},
    camerasLoaded(state, action: PayloadAction<{ deviceId: number; cameras: Camera[] }>) {
      state.cameras[action.payload.deviceId] = action.payload.cameras;
      // The wall shows the fresher state of the same videos (read again after each command).
      for (const camera of action.payload.cameras) {
        const at = state.wall?.findIndex((shown) => shown.video_id === camera.video_id) ?? -1;
        if (state.wall && at >= 0) state.wall[at] = { ...state.wall[at], ...camera };
      }
    },
    wallRequested() {},
    wallLoaded(state, action: PayloadAction<DeviceCamera[]>) {
      state.wall = action.payload;
    },
    startRequested(state, action: PayloadAction<Command & { quality?: number }>) {
      state.videos[action.payload.videoId] = { ...(state.videos[action.payload.videoId] ?? idleVideo), busy: true, error: null };
    },
    changeRequested(state, action: PayloadAction<Command & { quality?: number; lens?: string }>) {
      state.videos[action.payload.videoId] = { ...(state.videos[action.payload.videoId] ?? idleVideo), busy: true, error: null };
    },
    stopRequested(state, action: PayloadAction<Command>) {
      state.videos[action.payload.videoId] = { ...(state.videos[action.payload.videoId] ?? idleVideo), busy: true, error: null };
    },
    /** The start's answer: the stream is live (the device replied), so its player starts now, not after the cameras are read again. */
    started(state, action: PayloadAction<{ videoId: string; play: LivePlay }>) {
      const { videoId, play } = action.payload;
      state.videos[videoId] = { play, busy: false, error: null };
      for (const camera of [...Object.values(state.cameras).flat(), ...(state.wall ?? [])])
        if (camera.video_id === videoId) camera.live = { ...camera.live, status: 'live', ended_reason: null };
    },
    commandDone(state, action: PayloadAction<{ videoId: string; stopped: boolean }>) {
      const video = state.videos[action.payload.videoId] ?? idleVideo;
      state.videos[action.payload.videoId] = { ...video, play: action.payload.stopped ? null : video.play, busy: false };
    },
    commandFailed(state, action: PayloadAction<{ videoId: string; error: ErrorText }>) {
      const video = state.videos[action.payload.videoId] ?? idleVideo;
      state.videos[action.payload.videoId] = { ...video, busy: false, error: action.payload.error };
    },
    protocolChosen(state, action: PayloadAction<PlayProtocol>) {
      state.protocol = action.payload;
    },
    /** This console stops playing a video (its panel closed); the stream goes on for others until it idles. */
    playerClosed(state, action: PayloadAction<string>) {
      delete state.videos[action.payload];
    },
  },
});

export const {
  camerasRequested,
  camerasLoaded,
  wallRequested,
  wallLoaded,
  startRequested,
  changeRequested,
  stopRequested,
  started,
  commandDone,
  commandFailed,
  playerClosed,
  protocolChosen,
} = liveSlice.actions;
export default liveSlice.reducer;
