import type { RootState } from '../../app/rootReducer';

export const selectSituation = (state: RootState) => state.situation;
export const selectSelectedDrone = (state: RootState) => state.situation.selectedSn;
/** The broker's latest telemetry (read by the situational view only through its own sampled hook or the drone layer). */
export const selectFleet = (state: RootState) => state.broker.telemetry;
export const selectApprovedAirspace = (state: RootState) => state.map.overlays.airspace;
