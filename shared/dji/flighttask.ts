import { z } from 'zod';

/** Platform → device services of a wayline flight task (`thing/product/{gw}/services`, answered on services_reply). */
export const METHOD_FLIGHTTASK_PREPARE = 'flighttask_prepare';
export const METHOD_FLIGHTTASK_EXECUTE = 'flighttask_execute';
export const METHOD_FLIGHTTASK_PAUSE = 'flighttask_pause';
export const METHOD_FLIGHTTASK_RECOVERY = 'flighttask_recovery';
export const METHOD_FLIGHTTASK_UNDO = 'flighttask_undo';
export const METHOD_RETURN_HOME = 'return_home';

/** `task_type` of flighttask_prepare. */
export const FLIGHTTASK_TYPE = { immediate: 0, timed: 1, conditional: 2 } as const;
/** `wayline_type`: a waypoint wayline (the only kind this platform plans). */
export const WAYLINE_TYPE_WAYPOINT = 0;

/** flighttask_prepare's data. */
export const flighttaskPrepareSchema = z.object({
  flight_id: z.string().min(1).max(64),
  /** epoch ms the task runs at (now for an immediate task). */
  execute_time: z.number().int().min(0),
  task_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  wayline_type: z.number().int().min(0),
  file: z.object({ url: z.string().url(), fingerprint: z.string().regex(/^[0-9a-f]{32}$/) }),
  rth_altitude: z.number().min(20).max(500),
  /** 0 return home, 1 hover, 2 land (the route's rc_lost_action). */
  out_of_control_action: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  exit_wayline_when_rc_lost: z.union([z.literal(0), z.literal(1)]),
});
export type FlighttaskPrepare = z.infer<typeof flighttaskPrepareSchema>;

export const flighttaskExecuteSchema = z.object({ flight_id: z.string().min(1).max(64) });
export const flighttaskUndoSchema = z.object({ flight_ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
