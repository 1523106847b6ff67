import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../auth';
import type { DeviceStatus } from '@shared/live';

export type StatusFilter = 'all' | DeviceStatus | 'flagged';

/** The situational view's own state (the fleet itself is the broker slice's telemetry). */
export interface SituationState {
  selectedSn: string | null;
  search: string;
  statusFilter: StatusFilter;
  /** Keep the selected drone in view as it moves. */
  follow: boolean;
}

export const initialSituationState: SituationState = { selectedSn: null, search: '', statusFilter: 'all', follow: false };

const situationSlice = createSlice({
  name: 'situation',
  initialState: initialSituationState,
  reducers: {
    droneSelected(state, action: PayloadAction<string | null>) {
      state.selectedSn = action.payload;
      if (action.payload === null) state.follow = false;
    },
    droneSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    statusFilterChanged(state, action: PayloadAction<StatusFilter>) {
      state.statusFilter = action.payload;
    },
    followToggled(state) {
      state.follow = !state.follow;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialSituationState).addCase(sessionExpired, () => initialSituationState);
  },
});

export const { droneSelected, droneSearchChanged, statusFilterChanged, followToggled } = situationSlice.actions;
export default situationSlice.reducer;
