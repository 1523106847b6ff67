import type { Waypoint } from './model';

/**
 * The route model's defaults as plain values: the schemas of model.ts take theirs from here (which type-checks
 * each one), and the console's editor builds waypoints from them without loading the schema library on its first
 * paint. Typed by their literals: model.ts's types are inferred from schemas that read these.
 */
export const DEFAULT_ROUTE_SETTINGS = {
  height_mode: 'relativeToStartPoint',
  auto_flight_speed: 10,
  takeoff_security_height: 20,
  fly_to_wayline_mode: 'safely',
  finish_action: 'goHome',
  rc_lost_action: 0,
  exit_wayline_when_rc_lost: 1,
  rth_altitude: 100,
  drone_model: '0-77-0',
  payload_model: '1-66-0',
  payload_position: 0,
} as const;

/** A waypoint's optional fields when a file or the editor leaves them out. */
export const WAYPOINT_DEFAULTS = {
  heading_mode: 'followWayline',
  heading_angle: 0,
  turn_mode: 'toPointAndStopWithDiscontinuityCurvature',
} as const;

/** A waypoint with every optional field at its default and no actions. */
export const newWaypoint = (at: { lat: number; lng: number; alt: number; speed: number }): Waypoint => ({ ...at, ...WAYPOINT_DEFAULTS, actions: [] });

/**
 * `wpml:templateType`s DJI Pilot 2 and FlightHub 2 make (the last two are not in DJI's public WPML doc). A file of
 * another type is still read and kept; its type is shown as the file spells it.
 */
export const TEMPLATE_TYPES = ['waypoint', 'mapping2d', 'mapping3d', 'mappingStrip', 'mappingPrism', 'targetdetection'] as const;
export const WAYPOINT_TEMPLATE = 'waypoint';
