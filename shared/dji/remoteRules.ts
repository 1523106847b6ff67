import { debugMethod, DOCK_MODE, METHOD_DEBUG_MODE_OPEN, type DebugMethodName } from './remoteDebug';

/** Why a remote command is not sent (the API's error code `remote.{refusal}` / `device.not_a_dock`). */
export type RemoteRefusal = 'not_a_dock' | 'offline' | 'not_supported' | 'not_in_debug_mode';

/** What the debug rule reads of a dock. */
export interface DockFacts {
  kind: string;
  /** `type` of its `3-{type}-0` (null: not known yet). */
  djiType: number | null;
  online: boolean;
  /** The dock's `mode_code`, if it reported one. */
  modeCode: number | undefined;
}

/**
 * Whether a debug service may be sent to this dock now, else why not: only docks, online, that have the method, and
 * (except `debug_mode_open`) in remote debugging (mode 2), as DJI's demo requires. Pure.
 */
export function debugRefusal(method: DebugMethodName, dock: DockFacts): RemoteRefusal | null {
  if (dock.kind !== 'dock') return 'not_a_dock';
  const { models } = debugMethod(method);
  if (models && dock.djiType !== null && !models.includes(dock.djiType)) return 'not_supported';
  if (!dock.online) return 'offline';
  if (method !== METHOD_DEBUG_MODE_OPEN && dock.modeCode !== DOCK_MODE.remoteDebug) return 'not_in_debug_mode';
  return null;
}

/** Why a command flight is not sent. */
export type FlightRefusal = 'offline' | 'dock_busy' | 'already_flying' | 'not_flying';

/** Aircraft `mode_code`s of an aircraft on the ground: 0 standby, 14 not connected. */
const ON_THE_GROUND: ReadonlySet<number> = new Set([0, 14]);

/** What the command flight rule reads: the aircraft's link and mode, and its dock's mode (null: not a dock's aircraft). */
export interface AircraftFacts {
  online: boolean;
  modeCode: number | undefined;
  dockModeCode: number | null | undefined;
}

/**
 * Whether a take-off, fly-to or return home may be sent now, else why not (as DJI's demo checks): a take-off needs the
 * aircraft on the ground and its dock idle; a fly-to (and its update or stop) and a return home need it in the air. Pure.
 */
export function flightRefusal(command: 'takeoff' | 'flyto' | 'return_home', aircraft: AircraftFacts): FlightRefusal | null {
  if (!aircraft.online) return 'offline';
  const onTheGround = aircraft.modeCode === undefined || ON_THE_GROUND.has(aircraft.modeCode);
  if (command !== 'takeoff') return onTheGround ? 'not_flying' : null;
  if (!onTheGround) return 'already_flying';
  if (aircraft.dockModeCode !== null && aircraft.dockModeCode !== DOCK_MODE.idle) return 'dock_busy';
  return null;
}

/** RC slots in the aircraft's `control_source` (`A`, `B`): a pilot holds flight authority. */
const RC_SOURCES: ReadonlySet<string> = new Set(['A', 'B']);

/**
 * Whether `flight_authority_grab` must go first: unless the aircraft's `control_source` shows a cloud controller (not an
 * RC slot) holds it. DJI documents no platform marker, so any non-RC source counts as the platform's. Pure.
 */
export const needsAuthorityGrab = (controlSource: unknown): boolean =>
  typeof controlSource !== 'string' || controlSource === '' || RC_SOURCES.has(controlSource);

/** What the height reference reads: the aircraft's ellipsoid height and height above take-off, its dock's ellipsoid height. */
export interface HeightReference {
  aircraft: { height?: number; elevation?: number } | undefined;
  /** The dock's own OSD (null: not a dock's aircraft). */
  dock: { height?: number } | null | undefined;
}

/**
 * A command flight's target height (DJI: WGS84 ellipsoid, m) as height above the take-off point, the height plans are
 * filed in: the aircraft's own ellipsoid height less its height above take-off, else (in its dock, before it reports a
 * position) the dock's ellipsoid height. Null when neither is known. Pure.
 */
export function heightAboveTakeoff(targetHeight: number, reference: HeightReference): number | null {
  const { aircraft, dock } = reference;
  if (aircraft?.height !== undefined && aircraft.elevation !== undefined) return targetHeight - (aircraft.height - aircraft.elevation);
  if (dock?.height !== undefined) return targetHeight - dock.height;
  return null;
}
