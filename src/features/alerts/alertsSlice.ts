import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The alert page's own state: the rows picked for acknowledging and the acknowledgement under way. */
export interface AlertsState {
  selected: number[];
  /** Ids being acknowledged now (the button is busy, their rows too). */
  acknowledging: number[];
}

export const initialAlertsState: AlertsState = { selected: [], acknowledging: [] };

const alertsSlice = createSlice({
  name: 'alerts',
  initialState: initialAlertsState,
  reducers: {
    selectionChanged(state, action: PayloadAction<number[]>) {
      state.selected = action.payload;
    },
    /** Acknowledge these alerts (one or many); the saga posts each and reloads the list. */
    acknowledgeRequested(state, action: PayloadAction<number[]>) {
      state.acknowledging = [...new Set([...state.acknowledging, ...action.payload])];
    },
    /** The acknowledgement of `ids` is over (each done or failed): they leave the selection. */
    acknowledgeSettled(state, action: PayloadAction<{ ids: number[] }>) {
      const settled = new Set(action.payload.ids);
      state.acknowledging = state.acknowledging.filter((id) => !settled.has(id));
      state.selected = state.selected.filter((id) => !settled.has(id));
    },
  },
});

export const { selectionChanged, acknowledgeRequested, acknowledgeSettled } = alertsSlice.actions;
export default alertsSlice.reducer;
