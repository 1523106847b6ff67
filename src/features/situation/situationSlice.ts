import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { Alert } from '@shared/entities/alert';
import { withAlert } from '@shared/entities/alertList';
import type { Plan } from '@shared/entities/airspace';
import type { Task } from '@shared/entities/task';
import type { DeviceStatus } from '@shared/live';
import type { AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import { loggedOut, sessionExpired } from '../auth';
import { alertNotified } from '../devicelink';
import type { FleetCounts } from './fleetFrame';

export type StatusFilter = 'all' | DeviceStatus | 'flagged';

/** A task an aircraft on the view flies, as its card and the map show it: the task, and its route's waypoints (null: none, or not readable). */
export interface DroneTask {
  task: Task;
  route: Array<{ lat: number; lng: number }> | null;
}

/**
 * What the header and filter show of the newest fleet snapshot. The fleet itself (typed arrays, outside the store)
 * is the FleetStore's frame with this version.
 */
export interface FleetSummary {
  version: number;
  at: number;
  /** Aircraft in the newest snapshot (online now). */
  reporting: number;
  /** Per status, over every aircraft the view has shown since it opened (offline: no longer in the snapshot). */
  counts: FleetCounts;
  /** Snapshots dropped as unreadable since the view opened. */
  dropped: number;
}

/** Live conformance as /Tas shows it (loaded while the view is open, kept current by sysinfo/alerts). */
export interface ConformanceView {
  /** The open conformance alerts, newest first: the aircraft flagged on the map and listed beside it. */
  alerts: Alert[];
  /** The monitored plans (accepted, activated, nonconforming); the map draws those whose window holds now. */
  plans: Plan[];
}

/** The situational view's own state. */
export interface SituationState {
  selectedSn: string | null;
  search: string;
  statusFilter: StatusFilter;
  /** Keep the selected drone in view as it moves. */
  follow: boolean;
  fleet: FleetSummary;
  /** Serial → device name, for the aircraft on the view that the user's data scope names (others show their serial). */
  names: Record<string, string>;
  conformance: ConformanceView;
  /** sysinfo/airsense: the manned traffic each drone hears, its newest report per drone (currentTraffic expires it). */
  airsense: Record<string, AirsenseTraffic>;
  /** Task id → the task an aircraft flies (loaded when its card opens, kept while the view is open). */
  droneTasks: Record<number, DroneTask>;
}

export const initialFleetSummary: FleetSummary = {
  version: 0,
  at: 0,
  reporting: 0,
  counts: { online: 0, flying: 0, maintenance: 0, offline: 0, flagged: 0 },
  dropped: 0,
};
export const initialConformance: ConformanceView = { alerts: [], plans: [] };
export const initialSituationState: SituationState = {
  selectedSn: null,
  search: '',
  statusFilter: 'all',
  follow: false,
  fleet: initialFleetSummary,
  names: {},
  conformance: initialConformance,
  airsense: {},
  droneTasks: {},
};

const newestFirst = (a: Alert, b: Alert) => b.first_seen_at.localeCompare(a.first_seen_at) || b.id - a.id;

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
    fleetNamesLoaded(state, action: PayloadAction<Record<string, string>>) {
      Object.assign(state.names, action.payload);
    },
    /** The view closed: its fleet, names and conformance are gone until it opens again. */
    fleetClosed(state) {
      state.fleet = initialFleetSummary;
      state.names = {};
      state.conformance = initialConformance;
      state.airsense = {};
      state.droneTasks = {};
    },
    /** A drone's manned traffic (sysinfo/airsense): it replaces the drone's last report; an empty list clears it. */
    airsenseReported(state, action: PayloadAction<AirsenseTraffic>) {
      const report = action.payload;
      if (report.traffic.length === 0) delete state.airsense[report.sn];
      else if ((state.airsense[report.sn]?.at ?? -1) <= report.at) state.airsense[report.sn] = report;
    },
    conformanceAlertsLoaded(state, action: PayloadAction<Alert[]>) {
      state.conformance.alerts = action.payload.filter((a) => a.kind === 'conformance' && a.active === 1).sort(newestFirst);
    },
    monitoredPlansLoaded(state, action: PayloadAction<Plan[]>) {
      state.conformance.plans = action.payload;
    },
    /** The task an aircraft flies and its route, read when its card opened (viewActions.ts). */
    droneTaskLoaded(state, action: PayloadAction<DroneTask>) {
      state.droneTasks[action.payload.task.id] = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialSituationState)
      .addCase(sessionExpired, () => initialSituationState)
      // sysinfo/alerts: a conformance alert opened or closed somewhere in the fleet.
      .addCase(alertNotified, (state, action) => {
        const { alert } = action.payload;
        if (alert.kind !== 'conformance') return;
        // On the plain array, not through the draft: reading thousands of open alerts through immer's proxies drafts
        // every one of them, for each of the tens of sysinfo/alerts a second a large fleet sends (the biggest cost
        // of opening /Tas at 5,000 aircraft, three times over with the QA recorder's shadow states).
        state.conformance.alerts = withAlert(original(state.conformance.alerts)!, alert, newestFirst);
      });
  },
});

export const {
  droneSelected,
  droneSearchChanged,
  statusFilterChanged,
  followToggled,
  fleetSnapshotApplied,
  fleetNamesLoaded,
  fleetClosed,
  conformanceAlertsLoaded,
  monitoredPlansLoaded,
  airsenseReported,
  droneTaskLoaded,
} = situationSlice.actions;
export default situationSlice.reducer;
