import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorText } from '../../api/errorCatalogue';
import type { RootState } from '../../app/rootReducer';
// Types only: the slice is in the first paint's chunk (root reducer), the rules load with the controller pages.
import type { LiveshareStatus } from './liveshare';

/**
 * /djiapp liveshare (docs/controller.md "Liveshare"): the pilot publishes the aircraft's camera to the platform.
 * idle → preparing (push URL from the server, config to Pilot 2) → publishing (liveshareStartLive accepted) →
 * stopping → idle; a failure goes back to idle (or stays publishing for a failed stop) with its text. While publishing,
 * the push URL's expiry is shown, and that it has come (liveshareUrlExpired).
 */
export type LivesharePhase = 'idle' | 'preparing' | 'publishing' | 'stopping';

export interface LiveshareSliceState {
  phase: LivesharePhase;
  /** The video the platform shows the push as (`{aircraft sn}/{camera}/{video}`), once the server named it. */
  videoId: string | null;
  /** The push URL: when it stops taking a publish (ISO, the server's expires_at), whether it is a console stream joined, and whether that time has come. */
  url: { expiresAt: string; joined: boolean; expired: boolean } | null;
  /** What Pilot 2 reported last (statusCallback or liveshareGetStatus). */
  status: LiveshareStatus | null;
  error: ErrorText | null;
}

export const initialLiveshareState: LiveshareSliceState = { phase: 'idle', videoId: null, url: null, status: null, error: null };

const liveshareSlice = createSlice({
  name: 'liveshare',
  initialState: initialLiveshareState,
  reducers: {
    liveshareStartRequested(state) {
      if (state.phase !== 'idle') return;
      state.phase = 'preparing';
      state.error = null;
    },
    liveshareTargetSet(state, action: PayloadAction<{ videoId: string; expiresAt: string; joined: boolean }>) {
      const { videoId, expiresAt, joined } = action.payload;
      state.videoId = videoId;
      state.url = { expiresAt, joined, expired: false };
    },
    /** The push URL's expires_at has come while publishing: the push goes on, a reconnect on it is refused. */
    liveshareUrlExpired(state) {
      if (state.url) state.url.expired = true;
    },
    liveshareStarted(state) {
      state.phase = 'publishing';
    },
    liveshareStopRequested(state) {
      if (state.phase !== 'publishing') return;
      state.phase = 'stopping';
      state.error = null;
    },
    liveshareStopped(state) {
      state.phase = 'idle';
      state.videoId = null;
      state.url = null;
    },
    /** A start or stop failed; a failed stop leaves the push running. */
    liveshareFailed(state, action: PayloadAction<ErrorText>) {
      // A failed start leaves no URL the pilot publishes to (the server's stream is closed, or stays the console's).
      if (state.phase !== 'stopping') state.url = null;
      state.phase = state.phase === 'stopping' ? 'publishing' : 'idle';
      state.error = action.payload;
    },
    /** Pilot 2's live status (the panel opened: liveshareGetStatus). */
    liveshareStatusRequested() {},
    liveshareStatusReported(state, action: PayloadAction<LiveshareStatus>) {
      state.status = action.payload;
    },
  },
});

export const {
  liveshareStartRequested,
  liveshareTargetSet,
  liveshareUrlExpired,
  liveshareStarted,
  liveshareStopRequested,
  liveshareStopped,
  liveshareFailed,
  liveshareStatusRequested,
  liveshareStatusReported,
} = liveshareSlice.actions;
export default liveshareSlice.reducer;

export const selectLiveshare = (state: RootState) => state.liveshare;
