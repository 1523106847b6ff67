import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import { APP_INFO, LOG_FORMAT, LOG_VERSION, type ActionLog, type Checkpoint, type HighVolumeMode, type LogEntry, type RecordingInfo } from './logFormat';
import { redact } from './redact';
import { RingBuffer } from './ringBuffer';
import { hashSlices } from './stateHash';

/** A rule naming high-volume action types: an exact type, a type prefix ending in "/" or "*", a RegExp or a predicate. */
export type ActionTypeRule = string | RegExp | ((type: string) => boolean);

export interface HighVolumeSetting {
  /** exclude (default): not recorded; include: every one recorded; sample: one in `sampleEvery` recorded. */
  mode: HighVolumeMode;
  sampleEvery: number;
}

export interface RecorderOptions {
  /** The store's root reducer: the recorder replays the redacted actions through it to hash checkpoints. */
  reducer: Reducer;
  capacity?: number;
  checkpointEvery?: number;
  highVolumeTypes?: ActionTypeRule[];
  highVolume?: Partial<HighVolumeSetting>;
  /** Action types handled by the recorder itself (e.g. "open the QA panel"): not recorded, passed on to `onControl`. */
  controlTypes?: string[];
  onControl?: (action: UnknownAction) => void;
  /**
   * Records only while this holds for the store's state (default: always). Off, an action costs one call of it: no
   * redaction, no shadow reducers. Turning on starts a log whose initial state is the state then; turning off drops
   * the log.
   */
  recordWhile?: (state: unknown) => boolean;
  now?: () => number;
  app?: { name: string; version: string };
}

export const DEFAULT_CAPACITY = 5000;
export const DEFAULT_CHECKPOINT_EVERY = 50;
/** Per-message MQTT traffic (the broker feature's message actions) and anything its authors mark "…/message*". */
export const DEFAULT_HIGH_VOLUME_TYPES: ActionTypeRule[] = ['broker/message*', /\/(telemetry|osd)[A-Z/]/];

export function matchesRule(rule: ActionTypeRule, type: string): boolean {
  if (typeof rule === 'function') return rule(type);
  if (rule instanceof RegExp) return rule.test(type);
  if (rule.endsWith('*')) return type.startsWith(rule.slice(0, -1));
  if (rule.endsWith('/')) return type.startsWith(rule);
  return type === rule;
}

export interface ActionRecorder {
  middleware: Middleware;
  /** The log of what the buffer holds now, with a checkpoint at its last entry. */
  exportLog(): ActionLog;
  /** The newest `n` entries, oldest first. */
  latest(n: number): LogEntry[];
  readonly size: number;
  readonly highVolume: HighVolumeSetting;
  setHighVolume(setting: Partial<HighVolumeSetting>): void;
  /** Drops every entry; the current state becomes the new initial state. */
  clear(): void;
}

/**
 * The QA action recorder. Every action the store dispatches gets a sequence number and a time, is redacted
 * (redact.ts), and goes into a ring buffer. Entries are recorded before the action reaches the reducers, in the
 * order the reducers see them (actions put by sagas while an action is being handled come after it).
 *
 * Determinism with redaction: checkpoint hashes are NOT hashes of the live state (which holds the secrets); the
 * recorder keeps a shadow state that starts from the redacted initial state and applies the redacted actions with
 * the same reducer, i.e. exactly what a replay of the log computes. A mismatch on replay therefore means the
 * reducers behaved differently (impure reducer, or reducer code changed since the recording), never redaction.
 * A second shadow (`base`) follows the oldest entry so that the log stays replayable once the ring buffer wraps.
 */
export function createActionRecorder(options: RecorderOptions): ActionRecorder {
  const { reducer, controlTypes = [], onControl, recordWhile = () => true } = options;
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const checkpointEvery = options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY;
  const highVolumeTypes = options.highVolumeTypes ?? DEFAULT_HIGH_VOLUME_TYPES;
  const now = options.now ?? (() => Date.now());
  const app = options.app ?? APP_INFO;
  const highVolume: HighVolumeSetting = { mode: 'exclude', sampleEvery: 10, ...options.highVolume };
  if (!Number.isInteger(checkpointEvery) || checkpointEvery < 1) throw new RangeError('checkpointEvery must be a positive integer');

  const buffer = new RingBuffer<LogEntry>(capacity);
  let startedAt = now();
  let seq = 0;
  let evicted = 0;
  let droppedHighVolume = 0;
  let highVolumeSeen = 0;
  let base: unknown;
  let head: unknown;
  let checkpoints: Checkpoint[] = [];
  let getState: (() => unknown) | null = null;

  const applyShadow = (state: unknown, entry: LogEntry) => {
    try {
      return reducer(state, toAction(entry));
    } catch {
      // The replay of this log will stop here with a reducer error naming this entry, as it should.
      return state;
    }
  };

  const restart = () => {
    startedAt = now();
    buffer.clear();
    checkpoints = [];
    evicted = 0;
    droppedHighVolume = 0;
    highVolumeSeen = 0;
    base = head = getState ? redact(getState()) : undefined;
  };

  const keep = (type: string): boolean => {
    if (!highVolumeTypes.some((rule) => matchesRule(rule, type))) return true;
    highVolumeSeen += 1;
    const kept = highVolume.mode === 'include' || (highVolume.mode === 'sample' && (highVolumeSeen - 1) % highVolume.sampleEvery === 0);
    if (!kept) droppedHighVolume += 1;
    return kept;
  };

  const record = (action: UnknownAction) => {
    const clean = redact({ payload: action.payload, meta: action.meta }) ?? {};
    seq += 1;
    const entry: LogEntry = { seq, t: Math.max(0, Math.round(now() - startedAt)), type: action.type };
    if (clean.payload !== undefined) entry.payload = clean.payload;
    if (clean.meta !== undefined) entry.meta = clean.meta;
    if (action.error === true) entry.error = true;
    head = applyShadow(head, entry);
    if (seq % checkpointEvery === 0) checkpoints.push({ seq, hash: hashSlices(head, Object.keys(base ?? {})) });
    const dropped = buffer.push(entry);
    if (dropped) {
      evicted += 1;
      base = applyShadow(base, dropped.evicted);
    }
  };

  const middleware: Middleware = (api) => {
    getState = api.getState;
    let recording = recordWhile(api.getState());
    if (recording) restart();
    return (next) => (action) => {
      const a = action as UnknownAction;
      if (typeof a?.type !== 'string') return next(action);
      if (controlTypes.includes(a.type)) {
        onControl?.(a);
        return next(action);
      }
      if (recording && keep(a.type)) record(a);
      const result = next(action);
      const nowRecording = recordWhile(api.getState());
      if (nowRecording !== recording) {
        recording = nowRecording;
        restart();
      }
      return result;
    };
  };

  return {
    middleware,
    exportLog() {
      const entries = buffer.toArray();
      const firstSeq = entries[0]?.seq ?? Infinity;
      const kept = checkpoints.filter((c) => c.seq >= firstSeq);
      const last = entries[entries.length - 1];
      if (last && kept[kept.length - 1]?.seq !== last.seq) kept.push({ seq: last.seq, hash: hashSlices(head, Object.keys(base ?? {})) });
      const recording: RecordingInfo = {
        capacity,
        checkpointEvery,
        highVolume: { ...highVolume, types: highVolumeTypes.map(String) },
        evicted,
        droppedHighVolume,
      };
      return {
        format: LOG_FORMAT,
        version: LOG_VERSION,
        app: { ...app },
        recordedAt: new Date(startedAt).toISOString(),
        initialState: (base ?? {}) as Record<string, unknown>,
        entries,
        checkpoints: kept,
        recording,
      };
    },
    latest: (n) => buffer.latest(n),
    get size() {
      return buffer.size;
    },
    get highVolume() {
      return { ...highVolume };
    },
    setHighVolume(setting) {
      if (setting.sampleEvery !== undefined && (!Number.isInteger(setting.sampleEvery) || setting.sampleEvery < 1)) {
        throw new RangeError('sampleEvery must be a positive integer');
      }
      Object.assign(highVolume, setting);
      highVolumeSeen = 0;
    },
    clear: restart,
  };
}

/** The action an entry stands for. */
export function toAction(entry: LogEntry): UnknownAction {
  const action: UnknownAction = { type: entry.type };
  if ('payload' in entry) action.payload = entry.payload;
  if ('meta' in entry) action.meta = entry.meta;
  if (entry.error) action.error = true;
  return action;
}
