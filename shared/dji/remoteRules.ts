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
