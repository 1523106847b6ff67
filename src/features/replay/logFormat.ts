/**
 * The QA action log, format v1 (docs/replay-log.md, JSON Schema in docs/replay-log.schema.json).
 * A log is self-contained: replaying `entries` through the app's root reducer from `initialState` reproduces the
 * states whose hashes `checkpoints` carry.
 */
export const LOG_FORMAT = 'skyline-action-log';
export const LOG_VERSION = 1;

/** Kept equal to package.json's name and version (a tools test checks it). */
export const APP_INFO = { name: 'skyline-ops-console', version: '0.1.0' } as const;

export interface LogEntry {
  /** 1, 2, 3, … in the order the reducers saw the actions; strictly increasing within a log. */
  seq: number;
  /** Milliseconds since the recording started. */
  t: number;
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: boolean;
}

export interface Checkpoint {
  /** The hash is of the state after this entry was applied. */
  seq: number;
  hash: string;
}

export type HighVolumeMode = 'exclude' | 'include' | 'sample';

export interface RecordingInfo {
  capacity: number;
  checkpointEvery: number;
  highVolume: { mode: HighVolumeMode; sampleEvery: number; types: string[] };
  /** Entries that fell out of the ring buffer; `initialState` is the state after the last of them. */
  evicted: number;
  /** High-volume actions that were left out (mode exclude, or not picked by sampling). */
  droppedHighVolume: number;
}

export interface ActionLog {
  format: typeof LOG_FORMAT;
  version: typeof LOG_VERSION;
  app: { name: string; version: string };
  /** ISO 8601 time the recording started. */
  recordedAt: string;
  /** Redacted state before the first entry. */
  initialState: Record<string, unknown>;
  entries: LogEntry[];
  checkpoints: Checkpoint[];
  recording?: RecordingInfo;
}

/** File name of a downloaded log: skyline-actions-<timestamp>.json (timestamp in UTC, filename-safe). */
export function logFileName(now: Date): string {
  return `skyline-actions-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}
