import { z } from 'zod';
import { HMS_CODE_PATTERN } from './hms';

export const METHOD_HMS = 'hms';
export const METHOD_FLIGHTTASK_PROGRESS = 'flighttask_progress';

export const hmsItemSchema = z.object({
  code: z.string().regex(HMS_CODE_PATTERN),
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  module: z.number().int().min(0).max(3),
  in_the_sky: z.union([z.literal(0), z.literal(1)]),
  imminent: z.union([z.literal(0), z.literal(1)]).optional(),
  /** "domain-type-subtype" of the device the alert is about (HMS items name no serial). */
  device_type: z.string().regex(/^[0-3]-\d{1,6}-\d{1,6}$/),
  args: z.object({ component_index: z.number().int().min(0).max(255).optional(), sensor_index: z.number().int().min(0).max(255).optional() }).optional(),
});
export type HmsItem = z.infer<typeof hmsItemSchema>;

/** `thing/product/{gw}/events` method `hms`. */
export const hmsEventSchema = z.object({ list: z.array(hmsItemSchema).max(200) });

export const FLIGHTTASK_STATUSES = ['sent', 'in_progress', 'paused', 'ok', 'rejected', 'failed', 'canceled', 'timeout', 'partially_done'] as const;
/** Statuses after which the task is over. */
export const FLIGHTTASK_FINAL_STATUSES: ReadonlySet<string> = new Set(['ok', 'rejected', 'failed', 'canceled', 'timeout', 'partially_done']);

/** `events` method `flighttask_progress` (need_reply 1); all progress events of one task share its bid. */
export const flighttaskProgressSchema = z.object({
  result: z.number().int(),
  output: z.object({
    status: z.enum(FLIGHTTASK_STATUSES),
    progress: z.object({ current_step: z.number().int().min(0).optional(), percent: z.number().min(0).max(100) }).optional(),
    ext: z
      .object({
        flight_id: z.string().max(64).optional(),
        current_waypoint_index: z.number().int().min(0).optional(),
        media_count: z.number().int().min(0).optional(),
        track_id: z.string().max(64).optional(),
        wayline_mission_state: z.number().int().min(0).optional(),
      })
      .optional(),
  }),
});
export type FlighttaskProgress = z.infer<typeof flighttaskProgressSchema>;
