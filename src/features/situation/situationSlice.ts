import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../auth';
import type { DeviceStatus } from '@shared/live';
import type { FleetCounts } from './fleetFrame';

export type StatusFilter = 'all' | DeviceStatus | 'flagged';

/**
 * What the header and filter show of the newest fleet snapshot. The fleet itself (typed arrays, outside the store)
 * is the FleetStore's frame with this version.
 */
export interface FleetSummary {
  version: number;
  at: number;
  reporting: number;
  counts: FleetCounts;
  /** Snapshots dropped as unreadable since the view opened. */
  dropped: number;
}

/** The situational view's own state. */
export interface SituationState {
  selectedSn: string | null;
  search: string;
  statusFilter: StatusFilter;
  /** Keep the selected drone in view as it moves. */
  follow: boolean;
  fleet: FleetSummary;
}

export const initialFleetSummary: FleetSummary = {
  version: 0,
  at: 0,
  reporting: 0,
  counts: { online: 0, flying: 0, maintenance: 0, offline: 0, flagged: 0 },
  dropped: 0,
};
export const initialSituationState: SituationState = { selectedSn: null, search: '', statusFilter: 'all', follow: false, fleet: initialFleetSummary };

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
    /** A fleet snapshot reached the view (at most once a second). */
    fleetSnapshotApplied(state, action: PayloadAction<FleetSummary>) {
      state.fleet = action.payload;
    },
    /** The view closed: its fleet is gone until it opens again. */
    fleetClosed(state) {
      state.fleet = initialFleetSummary;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialSituationState).addCase(sessionExpired, () => initialSituationState);
  },
});

export const { droneSelected, droneSearchChanged, statusFilterChanged, followToggled, fleetSnapshotApplied, fleetClosed } = situationSlice.actions;
export default situationSlice.reducer;
