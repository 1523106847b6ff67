import { z } from 'zod';
import { DEFAULT_ROUTE_SETTINGS as DEFAULTS, WAYPOINT_DEFAULTS } from './defaults';

export { DEFAULT_ROUTE_SETTINGS, newWaypoint, TEMPLATE_TYPES, WAYPOINT_TEMPLATE } from './defaults';

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
/** The `wpml:actionActuatorFunc`s the editor models (a file's others are kept as they are: `kept` actions). */
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

/** An element name of WPML (`wpml:` dropped): what a kept action's parameters are keyed by. */
const wpmlName = z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/, 'must be an XML element name');

/** WPML elements as read from a file: element name → its text, its child elements, or the repeats of it. */
export type WpmlTree = { [name: string]: string | WpmlTree | (string | WpmlTree)[] };
const wpmlText = z.string().max(4096);
export const wpmlTreeSchema: z.ZodType<WpmlTree> = z.lazy(() =>
  z.record(wpmlName, z.union([wpmlText, wpmlTreeSchema, z.array(z.union([wpmlText, wpmlTreeSchema])).max(64)])),
);

/**
 * An action of a DJI file that the editor does not model (orientedShoot, setFocusType, megaphone, …): kept as the file
 * had it (its `actionActuatorFunc` and parameters) so the file we fly still does it; the editor shows it, read-only.
 */
export const keptActionSchema = z.object({ type: z.literal('kept'), func: wpmlName, params: wpmlTreeSchema });
export type KeptAction = z.infer<typeof keptActionSchema>;

export const waylineActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('takePhoto') }),
  z.object({ type: z.literal('startRecord') }),
  z.object({ type: z.literal('stopRecord') }),
  z.object({ type: z.literal('gimbalRotate'), pitch: between(LIMITS.gimbalPitch) }),
  z.object({ type: z.literal('hover'), seconds: between(LIMITS.hoverSeconds) }),
  z.object({ type: z.literal('rotateYaw'), heading: between(LIMITS.heading) }),
  z.object({ type: z.literal('zoom'), focal_length: between(LIMITS.focalLength) }),
  keptActionSchema,
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
  heading_mode: z.enum(HEADING_MODES).default(WAYPOINT_DEFAULTS.heading_mode),
  /** Degrees, used when heading_mode is `smoothTransition` (or `fixed` after a rotateYaw). */
  heading_angle: between(LIMITS.heading).default(WAYPOINT_DEFAULTS.heading_angle),
  turn_mode: z.enum(TURN_MODES).default(WAYPOINT_DEFAULTS.turn_mode),
  actions: z.array(waylineActionSchema).max(50).default([]),
});
export type Waypoint = z.infer<typeof waypointSchema>;
export type WaypointInput = z.input<typeof waypointSchema>;

/** The DJI model key `domain-type-sub_type` (as in shared/dji/devices.ts DEVICE_MODELS). */
const modelKey = (domain: 0 | 1) => z.string().regex(new RegExp(`^${domain}-\\d{1,6}-\\d{1,6}$`), `must be a DJI model key "${domain}-type-subtype"`);

export const routeSettingsSchema = z.object({
  height_mode: z.enum(HEIGHT_MODES).default(DEFAULTS.height_mode),
  /** The wayline's global speed (m/s): `wpml:autoFlightSpeed`, also the transit speed to the first waypoint. */
  auto_flight_speed: between(LIMITS.speed).default(DEFAULTS.auto_flight_speed),
  /** `wpml:takeOffSecurityHeight`, metres. */
  takeoff_security_height: between(LIMITS.takeoffSecurityHeight).default(DEFAULTS.takeoff_security_height),
  fly_to_wayline_mode: z.enum(FLY_TO_WAYLINE_MODES).default(DEFAULTS.fly_to_wayline_mode),
  finish_action: z.enum(FINISH_ACTIONS).default(DEFAULTS.finish_action),
  /** 0 return home, 1 hover, 2 land. */
  rc_lost_action: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(DEFAULTS.rc_lost_action),
  /** 1: leave the wayline and do rc_lost_action when the RC link is lost; 0: carry on with the wayline. */
  exit_wayline_when_rc_lost: z.union([z.literal(0), z.literal(1)]).default(DEFAULTS.exit_wayline_when_rc_lost),
  /** Return-to-home altitude, metres (20–500). */
  rth_altitude: between(LIMITS.rthAltitude).default(DEFAULTS.rth_altitude),
  drone_model: modelKey(0).default(DEFAULTS.drone_model),
  payload_model: modelKey(1).nullable().default(DEFAULTS.payload_model),
  /** `wpml:payloadPositionIndex`: the gimbal the payload sits on. */
  payload_position: z.number().int().min(0).max(2).default(DEFAULTS.payload_position),
});
export type RouteSettings = z.infer<typeof routeSettingsSchema>;
export type RouteSettingsInput = z.input<typeof routeSettingsSchema>;

/** What a wayline file holds: the waypoints and the route-level settings (the name travels in the file name). */
export interface Wayline {
  waypoints: Waypoint[];
  settings: RouteSettings;
}

/** Something worth telling the user about an imported file that still imported (several waylines, skipped actions). */
export const importWarningSchema = z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type ImportWarning = z.infer<typeof importWarningSchema>;
