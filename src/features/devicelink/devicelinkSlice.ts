import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Alert, AlertNotification } from '@shared/entities/alert';
import { withAlert } from '@shared/entities/alertList';
import type { DjiLive } from '@shared/dji/live';
import { mergeLive } from '@shared/dji/mergeLive';

/** The DJI device link as the console sees it: live state of the devices on screen, their active alerts, the bell's count. */
export interface DevicelinkState {
  /** How many views show each device (several may: the drawer and a detail card). */
  watchers: Record<string, number>;
  /** Normalised live state of each watched device (by serial). */
  live: Record<string, DjiLive>;
  /** Active alerts of each watched device, newest first. */
  alerts: Record<string, Alert[]>;
  /** Active alerts platform-wide (the header bell); null until known. */
  activeAlertCount: number | null;
  /** /djiapp: whether the platform has a device for each of the controller's serials (bound by Pilot 2's update_topo). */
  bound: Record<string, boolean>;
}

export const initialDevicelinkState: DevicelinkState = { watchers: {}, live: {}, alerts: {}, activeAlertCount: null, bound: {} };

const newestFirst = (a: Alert, b: Alert) => b.last_seen_at.localeCompare(a.last_seen_at) || b.id - a.id;

const devicelinkSlice = createSlice({
  name: 'devicelink',
  initialState: initialDevicelinkState,
  reducers: {
    /** A view shows the device `sn`: its live state and alerts are loaded and followed until it stops. */
    deviceWatchStarted(state, action: PayloadAction<string>) {
      state.watchers[action.payload] = (state.watchers[action.payload] ?? 0) + 1;
    },
    deviceWatchStopped(state, action: PayloadAction<string>) {
      const sn = action.payload;
      const left = (state.watchers[sn] ?? 1) - 1;
      if (left > 0) {
        state.watchers[sn] = left;
        return;
      }
      delete state.watchers[sn];
      delete state.live[sn];
      delete state.alerts[sn];
    },
    liveReceived(state, action: PayloadAction<DjiLive>) {
      const live = action.payload;
      if (!state.watchers[live.sn]) return;
      state.live[live.sn] = mergeLive(state.live[live.sn], live);
    },
    deviceAlertsLoaded(state, action: PayloadAction<{ sn: string; alerts: Alert[] }>) {
      if (!state.watchers[action.payload.sn]) return;
      state.alerts[action.payload.sn] = action.payload.alerts.filter((a) => a.active === 1).sort(newestFirst);
    },
    activeAlertCountLoaded(state, action: PayloadAction<number>) {
      state.activeAlertCount = action.payload;
    },
    bindingsChecked(state, action: PayloadAction<Record<string, boolean>>) {
      state.bound = action.payload;
    },
    /** sysinfo/alerts: a new or changed alert and, for a user who sees every device, the platform's active count. */
    alertNotified(state, action: PayloadAction<AlertNotification>) {
      const { alert, activeCount } = action.payload;
      if (activeCount !== undefined) state.activeAlertCount = activeCount;
      const list = state.alerts[alert.device_sn];
      if (!list) return;
      state.alerts[alert.device_sn] = withAlert(list, alert, newestFirst);
    },
  },
});

export const { deviceWatchStarted, deviceWatchStopped, liveReceived, deviceAlertsLoaded, activeAlertCountLoaded, alertNotified, bindingsChecked } =
  devicelinkSlice.actions;
export default devicelinkSlice.reducer;
