import { z } from 'zod';

/**
 * The route (wayline) model, in DJI WPML terms so a route maps onto a KMZ one to one (see
 * shared/spec/dji-cloud-api.md, "Wayline file"). Enum values are WPML's own spellings; the RC-lost fields use the
 * numbers of `flighttask_prepare` so a dispatch can pass them through.
 */

/** `wpml:executeHeightMode`: what a waypoint's `alt` is measured from. */
export const HEIGHT_MODES = ['WGS84', 'relativeToStartPoint', 'realTimeFollowSurface'] as const;
/** `wpml:waypointHeadingMode`. */
export const HEADING_MODES = ['followWayline', 'manually', 'fixed', 'smoothTransition'] as const;
/** `wpml:waypointTurnMode`. */
export const TURN_MODES = [
  'coordinateTurn',
  'toPointAndStopWithDiscontinuityCurvature',
  'toPointAndStopWithContinuityCurvature',
  'toPointAndPassWithContinuityCurvature',
] as const;
/** `wpml:finishAction`. */
export const FINISH_ACTIONS = ['goHome', 'noAction', 'autoLand', 'gotoFirstWaypoint'] as const;
/** `wpml:flyToWaylineMode`. */
export const FLY_TO_WAYLINE_MODES = ['safely', 'pointToPoint'] as const;
/** `out_of_control_action` of flighttask_prepare: 0 return home, 1 hover, 2 land (WPML executeRCLostAction goBack|hover|landing). */
export const RC_LOST_ACTIONS = [0, 1, 2] as const;
/** The `wpml:actionActuatorFunc`s a waypoint can carry. */
export const ACTION_TYPES = ['takePhoto', 'startRecord', 'stopRecord', 'gimbalRotate', 'hover', 'rotateYaw', 'zoom'] as const;

export type HeightMode = (typeof HEIGHT_MODES)[number];
export type HeadingMode = (typeof HEADING_MODES)[number];
export type TurnMode = (typeof TURN_MODES)[number];
export type FinishAction = (typeof FINISH_ACTIONS)[number];
export type ActionType = (typeof ACTION_TYPES)[number];

/** WPML's ranges: speeds in m/s, heights in m, angles in degrees. */
export const LIMITS = {
  speed: { min: 0.1, max: 15 },
  alt: { min: -1500, max: 1500 },
  takeoffSecurityHeight: { min: 1.2, max: 1500 },
  rthAltitude: { min: 20, max: 500 },
  gimbalPitch: { min: -120, max: 45 },
  hoverSeconds: { min: 0, max: 3600 },
  heading: { min: -180, max: 180 },
  focalLength: { min: 1, max: 2000 },
} as const;

const between = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

export const waylineActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('takePhoto') }),
  z.object({ type: z.literal('startRecord') }),
  z.object({ type: z.literal('stopRecord') }),
  z.object({ type: z.literal('gimbalRotate'), pitch: between(LIMITS.gimbalPitch) }),
  z.object({ type: z.literal('hover'), seconds: between(LIMITS.hoverSeconds) }),
  z.object({ type: z.literal('rotateYaw'), heading: between(LIMITS.heading) }),
  z.object({ type: z.literal('zoom'), focal_length: between(LIMITS.focalLength) }),
]);
export type WaylineAction = z.infer<typeof waylineActionSchema>;

/**
 * One waypoint. Speeds are checked against the aircraft's own limit by the route checks (shared/wayline/checks.ts),
 * not here, so an import of a slightly odd file still reads and the editor can show the problem on the waypoint.
 */
export const waypointSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres in the route's height mode. */
  alt: between(LIMITS.alt),
  /** m/s. */
  speed: z.number().positive().max(30),
  heading_mode: z.enum(HEADING_MODES).default('followWayline'),
  /** Degrees, used when heading_mode is `smoothTransition` (or `fixed` after a rotateYaw). */
  heading_angle: between(LIMITS.heading).default(0),
  turn_mode: z.enum(TURN_MODES).default('toPointAndStopWithDiscontinuityCurvature'),
  actions: z.array(waylineActionSchema).max(50).default([]),
});
export type Waypoint = z.infer<typeof waypointSchema>;
export type WaypointInput = z.input<typeof waypointSchema>;

/** The DJI model key `domain-type-sub_type` (as in shared/dji/devices.ts DEVICE_MODELS). */
const modelKey = (domain: 0 | 1) => z.string().regex(new RegExp(`^${domain}-\\d{1,6}-\\d{1,6}$`), `must be a DJI model key "${domain}-type-subtype"`);

export const routeSettingsSchema = z.object({
  height_mode: z.enum(HEIGHT_MODES).default('relativeToStartPoint'),
  /** The wayline's global speed (m/s): `wpml:autoFlightSpeed`, also the transit speed to the first waypoint. */
  auto_flight_speed: between(LIMITS.speed).default(10),
  /** `wpml:takeOffSecurityHeight`, metres. */
  takeoff_security_height: between(LIMITS.takeoffSecurityHeight).default(20),
  fly_to_wayline_mode: z.enum(FLY_TO_WAYLINE_MODES).default('safely'),
  finish_action: z.enum(FINISH_ACTIONS).default('goHome'),
  /** 0 return home, 1 hover, 2 land. */
  rc_lost_action: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  /** 1: leave the wayline and do rc_lost_action when the RC link is lost; 0: carry on with the wayline. */
  exit_wayline_when_rc_lost: z.union([z.literal(0), z.literal(1)]).default(1),
  /** Return-to-home altitude, metres (20–500). */
  rth_altitude: between(LIMITS.rthAltitude).default(100),
  drone_model: modelKey(0).default('0-77-0'),
  payload_model: modelKey(1).nullable().default('1-66-0'),
  /** `wpml:payloadPositionIndex`: the gimbal the payload sits on. */
  payload_position: z.number().int().min(0).max(2).default(0),
});
export type RouteSettings = z.infer<typeof routeSettingsSchema>;
export type RouteSettingsInput = z.input<typeof routeSettingsSchema>;

export const DEFAULT_ROUTE_SETTINGS: RouteSettings = routeSettingsSchema.parse({});

/** A waypoint with every optional field at its default (speed from the route's auto flight speed). */
export const newWaypoint = (at: { lat: number; lng: number; alt: number; speed: number }): Waypoint => waypointSchema.parse(at);

/** What a wayline file holds: the waypoints and the route-level settings (the name travels in the file name). */
export interface Wayline {
  waypoints: Waypoint[];
  settings: RouteSettings;
}

/** Something worth telling the user about an imported file that still imported (several waylines, skipped actions). */
export interface ImportWarning {
  code: string;
  message: string;
  params: Record<string, string | number>;
}
