import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TRAIL_LENGTH, type BrokerBatch } from './batch';
import { DEFAULT_SUBSCRIPTIONS } from './types';
import { type OnlineSummary, type Telemetry, type WeatherReport } from '@shared/live';

export type BrokerStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'closed';

export interface DroneTrack {
  latest: Telemetry;
  /** [lng, lat, alt] of the newest samples, oldest first (TRAIL_LENGTH at most). */
  trail: Array<[number, number, number]>;
}

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
  online: OnlineSummary | null;
  weather: WeatherReport | null;
  telemetry: Record<string, DroneTrack>;
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
      if (batch.online) state.online = batch.online;
      if (batch.weather) state.weather = batch.weather;
      for (const [sn, samples] of Object.entries(batch.telemetry)) {
        if (samples.length === 0) continue;
        const track = state.telemetry[sn] ?? { latest: samples[samples.length - 1], trail: [] };
        const points = samples.map((s): [number, number, number] => [s.lng, s.lat, s.alt]);
        const trail = track.trail.concat(points);
        track.trail = trail.length > TRAIL_LENGTH ? trail.slice(trail.length - TRAIL_LENGTH) : trail;
        track.latest = samples[samples.length - 1];
        state.telemetry[sn] = track;
      }
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
export default brokerSlice.reducer;
