import { z } from 'zod';
import { droneLocationSchema } from './flightAreas';
import { FLY_TO_LIMITS } from './flightReport';

/**
 * DJI command flight (spec dji-cloud-api-next §4): flight authority, take-off to a point, fly to a point (one point,
 * updated or stopped) and their progress events on `…/events`. Heights sent to the device are ellipsoidal (WGS84).
 */
export const METHOD_FLIGHT_AUTHORITY_GRAB = 'flight_authority_grab';
export const METHOD_TAKEOFF_TO_POINT = 'takeoff_to_point';
export const METHOD_FLY_TO_POINT = 'fly_to_point';
export const METHOD_FLY_TO_POINT_UPDATE = 'fly_to_point_update';
export const METHOD_FLY_TO_POINT_STOP = 'fly_to_point_stop';
export const METHOD_FLY_TO_POINT_PROGRESS = 'fly_to_point_progress';
export const METHOD_TAKEOFF_TO_POINT_PROGRESS = 'takeoff_to_point_progress';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const speed = z.number().int().min(FLY_TO_LIMITS.maxSpeed.min).max(FLY_TO_LIMITS.maxSpeed.max);
const flyToHeight = z.number().min(FLY_TO_LIMITS.height.min).max(FLY_TO_LIMITS.height.max);
/** The serial of the aircraft the operator confirmed (the console's confirmation names it; a mismatch is refused). */
const confirmSn = z.string().min(1).max(64);

/** A point of fly_to_point: ellipsoidal height 2–10000 m. */
export const flyToPointSchema = z.object({ latitude, longitude, height: flyToHeight });

/** fly_to_point's data (one point only). */
export const flyToSchema = z.object({
  fly_to_id: z.string().min(1).max(64),
  max_speed: z.number().int().min(0).max(15),
  points: z.array(flyToPointSchema).length(1),
});
/** fly_to_point_update's data. */
export const flyToUpdateSchema = z.object({ max_speed: speed, points: z.array(flyToPointSchema).length(1) });

/** takeoff_to_point's data (the fields the spec lists; 2.0 firmware climbs to the higher of the two heights). */
export const takeoffToPointSchema = z.object({
  flight_id: z.string().min(1).max(64),
  target_latitude: latitude,
  target_longitude: longitude,
  target_height: z.number().min(2).max(1500),
  security_takeoff_height: z.number().min(20).max(1500),
  rth_mode: z.union([z.literal(0), z.literal(1)]),
  rth_altitude: z.number().min(2).max(1500),
  rc_lost_action: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  commander_mode_lost_action: z.union([z.literal(0), z.literal(1)]),
  commander_flight_mode: z.union([z.literal(0), z.literal(1)]),
  commander_flight_height: z.number().min(2).max(3000),
  max_speed: speed,
  flight_safety_advance_check: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TakeoffToPoint = z.infer<typeof takeoffToPointSchema>;

/** What the console asks for a fly-to: where (ellipsoidal height, as DJI takes it), how fast, and the confirmed aircraft. */
export const flyToInputSchema = z.object({ lat: latitude, lng: longitude, height: flyToHeight, max_speed: speed, confirm_sn: confirmSn });
export const flyToChangeSchema = flyToInputSchema.omit({ confirm_sn: true });

/** What the console asks for a take-off to a point; the dock's safe defaults fill what it leaves out. */
export const takeoffInputSchema = z.object({
  lat: latitude,
  lng: longitude,
  /** Ellipsoidal height of the target, m. */
  height: z.number().min(2).max(1500),
  security_takeoff_height: z.number().min(20).max(1500).default(50),
  rth_altitude: z.number().min(2).max(1500).default(100),
  rc_lost_action: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
  commander_mode_lost_action: z.union([z.literal(0), z.literal(1)]).default(1),
  commander_flight_mode: z.union([z.literal(0), z.literal(1)]).default(1),
  commander_flight_height: z.number().min(2).max(3000).default(50),
  max_speed: speed.default(10),
  confirm_sn: confirmSn,
});
export type TakeoffInput = z.infer<typeof takeoffInputSchema>;

/** The return-home command's body: only the confirmed aircraft. */
export const returnHomeInputSchema = z.object({ confirm_sn: confirmSn });

const pathPoint = z.object({ latitude, longitude, height: z.number() });
const progressFields = {
  result: z.number().int(),
  way_point_index: z.number().int().optional(),
  remaining_distance: z.number().optional(),
  remaining_time: z.number().optional(),
  planned_path_points: z.array(pathPoint).max(10_000).optional(),
};

export const FLY_TO_STATUSES = ['wayline_progress', 'wayline_ok', 'wayline_failed', 'wayline_cancel'] as const;
export const TAKEOFF_STATUSES = ['task_ready', ...FLY_TO_STATUSES, 'task_finish'] as const;

export const flyToProgressSchema = z.object({ fly_to_id: z.string().max(64), status: z.enum(FLY_TO_STATUSES), ...progressFields });
export const takeoffProgressSchema = z.object({
  flight_id: z.string().max(64),
  track_id: z.string().max(64).optional(),
  status: z.enum(TAKEOFF_STATUSES),
  ...progressFields,
});

/** A command flight's progress as the console shows it (planned path, remaining distance and time). */
export const flightProgressSchema = z.object({
  kind: z.enum(['takeoff', 'flyto']),
  id: z.string(),
  status: z.enum(TAKEOFF_STATUSES),
  result: z.number(),
  remaining_distance: z.number().nullable(),
  remaining_time: z.number().nullable(),
  planned_path: z.array(z.tuple([z.number(), z.number(), z.number()])),
  updated_at: z.string(),
});
export type FlightProgress = z.infer<typeof flightProgressSchema>;

/** GET /api/Device/{id}/flight/ (and each flight command's answer): the aircraft that moves and its newest progress. */
export const flightViewSchema = z.object({ aircraft_sn: z.string(), progress: flightProgressSchema.nullable() });
export type FlightView = z.infer<typeof flightViewSchema>;

const reportOf = { sn: z.string().max(64), gatewaySn: z.string().max(64), at: z.number() };

/** A sysinfo/flight message (shared/dji/flightReport.ts), as the console checks it: a progress or the areas' distances. */
export const flightReportSchema = z.union([
  z.object({ ...reportOf, progress: flightProgressSchema }),
  z.object({ ...reportOf, areas: z.array(droneLocationSchema).max(1000) }),
]);
