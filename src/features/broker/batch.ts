import type { BrokerMessage } from './types';
import type { WeatherReport } from '@shared/live';
import { parseOnlineMessage, type OnlineMessage } from '@shared/onlineList';
import type { PositionSample } from '@shared/telemetry';
import { TOPIC_ONLINE, TOPIC_WEATHER } from '@shared/live';
import { normaliseOsd, toPositionSample } from '@shared/dji/live';
import { parseDeviceTopic } from '@shared/dji/topics';
import { ALL_OSD_FILTER } from '@shared/topics';

/** What one flush adds to the store: the sysinfo/online messages in order, the newest weather, and per aircraft its newest sample. */
export interface BrokerBatch {
  received: number;
  invalid: number;
  byTopic: Record<string, number>;
  online: OnlineMessage[];
  weather?: WeatherReport;
  telemetry: Record<string, PositionSample>;
  at: number;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * An aircraft's DJI OSD message on thing/product/{sn}/osd as the normalised sample the device list shows; null for the
 * OSD of an RC or a dock (no attitude) and for anything invalid. No status: the console shows the server's (sysinfo/online).
 */
export function aircraftSample(sn: string, message: unknown): PositionSample | null {
  if (!message || typeof message !== 'object') return null;
  const { data, timestamp } = message as { data?: unknown; timestamp?: unknown };
  if (!data || typeof data !== 'object' || !('attitude_head' in data) || !isNum(timestamp)) return null;
  const result = normaliseOsd(sn, 'aircraft', data, timestamp);
  return result.ok ? toPositionSample(result.live) : null;
}

const isWeather = (v: unknown): v is WeatherReport => !!v && typeof v === 'object' && Array.isArray((v as WeatherReport).stations);

/** Parses a raw payload; undefined when it is not JSON. */
export function parsePayload(payload: Uint8Array | string): unknown {
  try {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reduces a run of parsed messages to one store update (pure; the reducer applies it). */
export function summariseBatch(messages: BrokerMessage[], invalid: number, at: number): BrokerBatch {
  const batch: BrokerBatch = { received: messages.length, invalid, byTopic: {}, online: [], telemetry: {}, at };
  for (const { topic, message } of messages) {
    const device = parseDeviceTopic(topic);
    const osdOf = device?.channel === 'osd' ? device.sn : null;
    const key = osdOf ? ALL_OSD_FILTER : topic;
    batch.byTopic[key] = (batch.byTopic[key] ?? 0) + 1;
    if (topic === TOPIC_ONLINE) {
      const online = parseOnlineMessage(message);
      if (online) batch.online.push(online);
    } else if (topic === TOPIC_WEATHER) {
      if (isWeather(message)) batch.weather = message;
    } else if (osdOf) {
      const sample = aircraftSample(osdOf, message);
      if (sample) batch.telemetry[sample.sn] = sample;
    }
  }
  return batch;
}
