import type { RootState } from '../../app/rootReducer';

export const selectSituation = (state: RootState) => state.situation;
export const selectSelectedDrone = (state: RootState) => state.situation.selectedSn;
export const selectFleetSummary = (state: RootState) => state.situation.fleet;
export const selectApprovedAirspace = (state: RootState) => state.map.overlays.airspace;
