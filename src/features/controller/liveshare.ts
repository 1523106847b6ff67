import { liveErrorMeaning } from '@shared/dji/liveErrors';
import type { ErrorText } from '../../api/errorCatalogue';
import type { BridgeFailure } from './bridge';
import { bridgeFailureText } from './bridgeFailure';

/**
 * Pilot 2's `liveshare` JSBridge component (shared/spec/dji-cloud-api-next.md §1, DJI's JSBridge doc
 * `10.pilot-to-cloud/30.jsbridge.md` and its web demo `pilot-bridge.ts` / `pilot-liveshare.vue`): the pilot publishes
 * the aircraft's camera to the platform. Pure rules; the saga calls the bridge.
 */

/** liveshareSetConfig / liveshareGetConfig `type`: NOT live_start_push's url_type (there RTMP is 1). */
export const LIVESHARE_TYPES = { unknown: 0, agora: 1, rtmp: 2, rtsp: 3, gb28181: 4 } as const;

/**
 * liveshareSetVideoPublishType: server on demand (live_start_push), manual on the controller, or both. The page
 * publishes by hand and keeps the console's starts working: both.
 */
export const VIDEO_PUBLISH_TYPES = ['video-on-demand', 'video-by-manual', 'video-demand-aux-manual'] as const;
export type VideoPublishType = (typeof VIDEO_PUBLISH_TYPES)[number];
export const MANUAL_PUBLISH_TYPE: VideoPublishType = 'video-demand-aux-manual';

/** liveshareSetConfig(type, params): RTMP takes `{url}` as a JSON string. */
export function rtmpConfig(url: string): { type: number; params: string } {
  return { type: LIVESHARE_TYPES.rtmp, params: JSON.stringify({ url }) };
}

/**
 * The live status the statusCallback and liveshareGetStatus report. DJI's doc lists type, status, fps, videoBitRate,
 * rtt, quality, jitter and dropRate; the demo reads audioBitRate too and starts every field at −1 (unknown): null here.
 */
export interface LiveshareStatus {
  type: number | null;
  status: number | null;
  fps: number | null;
  /** kbps (the demo's unit). */
  videoBitRate: number | null;
  audioBitRate: number | null;
  /** ms. */
  rtt: number | null;
  quality: number | null;
  jitter: number | null;
  /** %. */
  dropRate: number | null;
}

const STATUS_FIELDS = ['type', 'status', 'fps', 'videoBitRate', 'audioBitRate', 'rtt', 'quality', 'jitter', 'dropRate'] as const;

/** A JSON string may hold another JSON string: the demo parses liveshareGetStatus's `data` a second time. */
function unwrap(value: unknown): unknown {
  for (let depth = 0; typeof value === 'string' && depth < 2; depth++) {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value;
}

/**
 * A live status as Pilot 2 hands it over: an object, or its JSON string (the doc does not say which; the demo's
 * callback takes an object, its liveshareGetStatus parses a string). Numbers may come as numeric strings; negative
 * (the demo's −1) or missing is unknown. Null when it is not a status at all.
 */
export function parseLiveshareStatus(raw: unknown): LiveshareStatus | null {
  const value = unwrap(raw);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const field = (name: string): number | null => {
    const n = typeof record[name] === 'string' && record[name] !== '' ? Number(record[name]) : record[name];
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
  };
  const status = Object.fromEntries(STATUS_FIELDS.map((name) => [name, field(name)])) as unknown as LiveshareStatus;
  return STATUS_FIELDS.some((name) => status[name] !== null) || 'status' in record ? status : null;
}

/** The state a status shows: DJI's doc leaves the codes out; the demo uses 0 disconnected, 1 connected, 2 living. */
export type LiveshareState = 'disconnected' | 'connected' | 'living' | 'unknown';
export function liveshareState(status: number | null): LiveshareState {
  if (status === 0) return 'disconnected';
  if (status === 1) return 'connected';
  if (status === 2) return 'living';
  return 'unknown';
}

/** Whether a bridge call failed with DJI's live error `key` (LIVE_ERRORS). */
const isLiveError = (failure: BridgeFailure, key: string) => failure.code !== null && liveErrorMeaning(failure.code)?.key === key;
/** liveshareStartLive's failure that still means "pushing": DJI's "already live" (613003). */
export const isAlreadyLive = (failure: BridgeFailure) => isLiveError(failure, 'already_live');
/** liveshareStopLive's failure that still means "stopped": DJI's "no live stream" (613011). */
export const isNotLive = (failure: BridgeFailure) => isLiveError(failure, 'no_live_stream');

/**
 * What the panel says about a failed bridge call: DJI's live error in the user's language (613006 "not in the camera
 * view", …) with its code, else the failure as bridgeFailureText tells it.
 */
export function liveshareFailureText(failure: BridgeFailure): ErrorText {
  const { code } = failure;
  const meaning = code === null ? undefined : liveErrorMeaning(code);
  if (meaning && code !== null) return { key: 'controller.liveshare.refused', params: { meaning: meaning.key, code } };
  return bridgeFailureText(failure);
}

/** The figures the panel lists (DJI's names), each with the text key of its unit; null: Pilot 2 did not say. */
export type LiveshareFigure = {
  name: 'fps' | 'bitrate' | 'jitter' | 'rtt' | 'dropRate';
  value: number | null;
  unit: 'fpsValue' | 'kbpsValue' | 'msValue' | 'percentValue';
};
export function liveshareFigures(status: LiveshareStatus | null): LiveshareFigure[] {
  return [
    { name: 'fps', value: status?.fps ?? null, unit: 'fpsValue' },
    { name: 'bitrate', value: status?.videoBitRate ?? null, unit: 'kbpsValue' },
    // DJI documents jitter without a unit; the demo shows the bare number.
    { name: 'jitter', value: status?.jitter ?? null, unit: 'msValue' },
    { name: 'rtt', value: status?.rtt ?? null, unit: 'msValue' },
    { name: 'dropRate', value: status?.dropRate ?? null, unit: 'percentValue' },
  ];
}

/**
 * The push URL's expiry (the server's `expires_at`, LIVE_LIVESHARE_TTL_S after it first handed the stream out, also a
 * joined console stream's): until then a publish on it is taken; after, a running push goes on but a new publish (a
 * reconnect) is refused, and a new start gets a fresh URL.
 */
export type LiveshareUrlState = 'valid' | 'expired';
export const liveshareUrlState = (expiresAtMs: number, nowMs: number): LiveshareUrlState => (nowMs < expiresAtMs ? 'valid' : 'expired');
/** How long until the URL expires (0 once it has). */
export const liveshareUrlExpiresInMs = (expiresAtMs: number, nowMs: number): number => Math.max(0, expiresAtMs - nowMs);
