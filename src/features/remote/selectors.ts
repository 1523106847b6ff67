import type { RootState } from '../../app/rootReducer';
import type { DockDebugState } from './remoteSlice';

const NOT_SHOWN: DockDebugState = { view: null, sending: null, error: null };

export const selectDockDebug = (deviceId: number) => (state: RootState) => state.remote.docks[deviceId] ?? NOT_SHOWN;
