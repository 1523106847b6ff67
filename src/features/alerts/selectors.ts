import type { RootState } from '../../app/rootReducer';

export const selectAlertSelection = (state: RootState) => state.alerts.selected;
export const selectAcknowledging = (state: RootState) => state.alerts.acknowledging;
