import { createSelector } from '@reduxjs/toolkit';
import { currentTraffic } from '@shared/dji/airsenseTraffic';
import type { RootState } from '../../app/rootReducer';

// One field each: the fleet summary changes every second, and a component selecting the whole slice would re-render
// with it (the page would take the map with it).
export const selectSelectedDrone = (state: RootState) => state.situation.selectedSn;
export const selectDroneSearch = (state: RootState) => state.situation.search;
export const selectStatusFilter = (state: RootState) => state.situation.statusFilter;
export const selectFleetSummary = (state: RootState) => state.situation.fleet;
export const selectFleetNames = (state: RootState) => state.situation.names;
export const selectConformance = (state: RootState) => state.situation.conformance;
/** Every loaded task an aircraft on the view flies, by task id. */
export const selectDroneTasks = (state: RootState) => state.situation.droneTasks;
/** The loaded task of that id (an aircraft's task on the view), undefined until loaded. */
export const selectDroneTask = (state: RootState, taskId: number | null) => (taskId === null ? undefined : state.situation.droneTasks[taskId]);
/** The drones' manned traffic still current at `now` (a report not repeated within AIRSENSE_TTL_MS is gone). */
export const selectCurrentTraffic = createSelector([(state: RootState) => state.situation.airsense, (_state: RootState, now: number) => now], currentTraffic);
/** The serials with an open conformance alert (the aircraft /Tas flags), in a stable array per alert list. */
export const selectFlaggedSerials = createSelector([(state: RootState) => state.situation.conformance.alerts], (alerts) => [
  ...new Set(alerts.map((a) => a.device_sn)),
]);
