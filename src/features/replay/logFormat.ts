/**
 * The QA action log, format v1 (docs/replay-log.md; the JSON Schema in docs/replay-log.schema.json is generated from
 * actionLogSchema in logSchema.ts).
 * A log is self-contained: replaying `entries` through the app's root reducer from `initialState` reproduces the
 * states whose hashes `checkpoints` carry.
 */
export const LOG_FORMAT = 'skyline-action-log';
export const LOG_VERSION = 1;

/** Kept equal to package.json's name and version (a tools test checks it). */
export const APP_INFO = { name: 'skyline-ops-console', version: '0.1.0' } as const;

// The log's shape is one zod schema (logSchema.ts, loaded only where logs are read); its types are inferred there.
export type { ActionLog, Checkpoint, HighVolumeMode, LogEntry, RecordingInfo } from './logSchema';

/** File name of a downloaded log: skyline-actions-<timestamp>.json (timestamp in UTC, filename-safe). */
export function logFileName(now: Date): string {
  return `skyline-actions-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}
