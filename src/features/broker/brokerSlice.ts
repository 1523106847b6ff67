import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BrokerBatch } from './batch';
import { DEFAULT_SUBSCRIPTIONS } from './types';
import { type WeatherReport } from '@shared/live';
import { applyOnline, type OnlineView } from '@shared/onlineList';
import type { PositionSample } from '@shared/telemetry';

export type BrokerStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'closed';

export interface BrokerCounters {
  /** Valid JSON messages received. */
  received: number;
  /** Payloads that were not JSON (dropped). */
  invalid: number;
  /** Store updates (one per flush). */
  batches: number;
  byTopic: Record<string, number>;
  lastMessageAt: number | null;
}

export interface BrokerState {
  status: BrokerStatus;
  lastError: string | null;
  /** Topic filters the client subscribes to (QoS 0). */
  subscriptions: string[];
  counters: BrokerCounters;
  /** sysinfo/online as applied so far (snapshot + deltas); after a gap it stays as it was until the next snapshot. */
  online: OnlineView | null;
  weather: WeatherReport | null;
  /** The newest sample of each aircraft whose thing/product/{sn}/osd is subscribed (the device list's rows). */
  telemetry: Record<string, PositionSample>;
}

export const initialBrokerState: BrokerState = {
  status: 'idle',
  lastError: null,
  subscriptions: DEFAULT_SUBSCRIPTIONS,
  counters: { received: 0, invalid: 0, batches: 0, byTopic: {}, lastMessageAt: null },
  online: null,
  weather: null,
  telemetry: {},
};

const brokerSlice = createSlice({
  name: 'broker',
  initialState: initialBrokerState,
  reducers: {
    brokerStatusChanged(state, action: PayloadAction<{ status: BrokerStatus; error?: string }>) {
      state.status = action.payload.status;
      if (action.payload.error !== undefined) state.lastError = action.payload.error;
    },
    /** One flush of buffered messages (never one action per message). */
    messagesReceived(state, action: PayloadAction<BrokerBatch>) {
      const batch = action.payload;
      const c = state.counters;
      c.received += batch.received;
      c.invalid += batch.invalid;
      c.batches += 1;
      for (const [topic, n] of Object.entries(batch.byTopic)) c.byTopic[topic] = (c.byTopic[topic] ?? 0) + n;
      if (batch.received > 0) c.lastMessageAt = batch.at;
      state.online = batch.online.reduce((view, message) => applyOnline(view, message).view, state.online);
      if (batch.weather) state.weather = batch.weather;
      Object.assign(state.telemetry, batch.telemetry);
    },
    /** Adds/removes topic filters (e.g. the situational view adds thing/product/+/osd while open). */
    subscriptionsChanged(state, action: PayloadAction<{ add?: string[]; remove?: string[] }>) {
      const set = new Set(state.subscriptions);
      action.payload.add?.forEach((t) => set.add(t));
      action.payload.remove?.forEach((t) => set.delete(t));
      state.subscriptions = [...set];
    },
    telemetryCleared(state) {
      state.telemetry = {};
    },
  },
});

export const { brokerStatusChanged, messagesReceived, subscriptionsChanged, telemetryCleared } = brokerSlice.actions;
export const selectBrokerStatus = (state: { broker: BrokerState }) => state.broker.status;
export const selectLiveSamples = (state: { broker: BrokerState }) => state.broker.telemetry;
export default brokerSlice.reducer;
