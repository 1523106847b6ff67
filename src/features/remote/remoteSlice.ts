import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DebugCommand, DebugMethodName, DebugView } from '@shared/dji/remoteDebug';
import type { ErrorText } from '../../api/errorCatalogue';

/** A shown dock's debugging as this console sees it: the server's view, the command on its way, the last failure. */
export interface DockDebugState {
  view: DebugView | null;
  sending: DebugMethodName | null;
  error: ErrorText | null;
}

/** Remote operations of the shown devices, by device id. */
export interface RemoteState {
  docks: Record<number, DockDebugState>;
}

export const initialRemoteState: RemoteState = { docks: {} };

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
    /** The dock's panel closed: nothing of it is kept. */
    debugClosed(state, action: PayloadAction<number>) {
      delete state.docks[action.payload];
    },
  },
});

export const { debugRequested, debugLoaded, debugCommandRequested, debugCommandDone, debugCommandFailed, debugClosed } = remoteSlice.actions;
export default remoteSlice.reducer;
