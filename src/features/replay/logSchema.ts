import { z } from 'zod';
import { LOG_FORMAT, LOG_VERSION } from './logFormat';

const count = (min: number) => z.number().int().min(min);

export const logEntrySchema = z.strictObject({
  seq: count(1).describe('Sequence number, strictly increasing within the log.'),
  t: z.number().min(0).describe('Milliseconds since the recording started.'),
  type: z.string().regex(/^\S/).describe('Redux action type.'),
  payload: z.unknown().optional().describe('Redacted action payload (any JSON value).'),
  meta: z.unknown().optional().describe('Redacted action meta (any JSON value).'),
  error: z.boolean().optional(),
});

export const checkpointSchema = z.strictObject({
  seq: count(1).describe('The hash is of the state after the entry with this seq.'),
  hash: z
    .string()
    .regex(/^fnv1a64:[0-9a-f]{16}$/)
    .describe('"fnv1a64:" + FNV-1a 64-bit (16 hex digits) of the state\'s canonical JSON.'),
});

export const highVolumeModeSchema = z.enum(['exclude', 'include', 'sample']);

export const recordingInfoSchema = z
  .looseObject({
    capacity: count(1),
    checkpointEvery: count(1),
    highVolume: z.looseObject({ mode: highVolumeModeSchema, sampleEvery: count(1), types: z.array(z.string()) }),
    /** Entries that fell out of the ring buffer; `initialState` is the state after the last of them. */
    evicted: count(0),
    /** High-volume actions that were left out (mode exclude, or not picked by sampling). */
    droppedHighVolume: count(0),
  })
  .describe('How the recorder was set up; informative, not needed to replay.');

/** The v1 log; docs/replay-log.schema.json is generated from it (npx tsx scripts/replay-schema.ts). */
export const actionLogSchema = z
  .strictObject({
    format: z.literal(LOG_FORMAT),
    version: z.literal(LOG_VERSION),
    app: z.strictObject({ name: z.string(), version: z.string() }),
    recordedAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)
      .describe('ISO 8601 date-time (UTC) the recording started.'),
    initialState: z.record(z.string(), z.unknown()).describe('Redacted root state before the first entry; one property per slice.'),
    entries: z.array(logEntrySchema),
    checkpoints: z.array(checkpointSchema),
    recording: recordingInfoSchema.optional(),
  })
  .meta({
    title: 'Skyline Ops QA action log, version 1',
    description: "A recording of the Redux actions of one console session, replayable through the app's root reducer. See docs/replay-log.md.",
  });

export type LogEntry = z.infer<typeof logEntrySchema>;
export type Checkpoint = z.infer<typeof checkpointSchema>;
export type HighVolumeMode = z.infer<typeof highVolumeModeSchema>;
export type RecordingInfo = z.infer<typeof recordingInfoSchema>;
export type ActionLog = z.infer<typeof actionLogSchema>;
