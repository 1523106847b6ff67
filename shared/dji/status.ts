import type { DeviceStatus } from '../live';
import { AIRCRAFT_AIRBORNE_MODES, AIRCRAFT_MODE_DISCONNECTED, AIRCRAFT_MODE_UPGRADING, DOCK_MAINTENANCE_MODES } from './modeCodes';
import type { DjiLiveKind } from './live';

export interface StatusInput {
  kind: DjiLiveKind;
  /** The device is in its gateway's latest update_topo (a gateway: its connection is up). */
  inTopology: boolean;
  /** Latest mode_code (aircraft and dock), if any. */
  modeCode?: number;
  /** epoch ms of the last message from or about the device; undefined = never. */
  lastSeenAt?: number;
  now: number;
  /** Silence longer than this means offline. */
  offlineAfterMs: number;
}

/** online / flying / offline / maintenance from topology, mode_code and freshness (one rule for server and console). */
export function deriveDeviceStatus(input: StatusInput): DeviceStatus {
  if (!input.inTopology || input.lastSeenAt === undefined || input.now - input.lastSeenAt > input.offlineAfterMs) return 'offline';
  const mode = input.modeCode;
  if (input.kind === 'aircraft' && mode !== undefined) {
    if (mode === AIRCRAFT_MODE_DISCONNECTED) return 'offline';
    if (mode === AIRCRAFT_MODE_UPGRADING) return 'maintenance';
    if (AIRCRAFT_AIRBORNE_MODES.has(mode)) return 'flying';
  }
  if (input.kind === 'dock' && mode !== undefined && DOCK_MAINTENANCE_MODES.has(mode)) return 'maintenance';
  return 'online';
}
