import { deviceKindOf, type DjiDomain } from '@shared/dji/devices';
import { seesRow, type DataScopeRule } from '../../rbac/dataScope';

/**
 * Who a gateway connection may speak for (issue 27): a registered device belongs to its department. A Pilot 2 session
 * speaks for the devices its pilot's data scope shows, or new ones it binds; a dock for its own aircraft, bound to it
 * once and moved to another dock only by an administrator; no gateway declares a dock. Pure: the rows are read by the
 * caller (`DeviceStore.claimRows`).
 */
export type Speaker = { by: 'pilot'; scope: DataScopeRule } | { by: 'dock'; sn: string; deptId: number | null };

/** What a claim is judged by: the registered row of the serial and, for a sub-device, the kind of the gateway it is bound to. */
export interface ClaimRow {
  serial: string;
  kind: string;
  dept_id: number | null;
  created_by: number | null;
  gateway_sn: string | null;
  /** The kind of the device `gateway_sn` names (null when unregistered or none). */
  gateway_kind: string | null;
}

export type ClaimRefusal = 'registered_dock' | 'outside_scope' | 'bound_to_dock';

/** Whether a Pilot 2 connection may become gateway `row.serial` (undefined row: an unregistered serial, bound by it). */
export function gatewayClaimRefusal(scope: DataScopeRule, row: ClaimRow | undefined): ClaimRefusal | null {
  if (!row) return null;
  if (row.kind === 'dock') return 'registered_dock';
  return seesRow(scope, row) ? null : 'outside_scope';
}

/** Whether `speaker` may declare this sub-device (`row`: its registered row, if any). */
export function declareRefusal(speaker: Speaker, sub: { domain: DjiDomain }, row: ClaimRow | undefined): ClaimRefusal | null {
  if (deviceKindOf(sub.domain) === 'dock' || row?.kind === 'dock') return 'registered_dock';
  if (!row) return null;
  const boundDock = row.gateway_kind === 'dock' ? row.gateway_sn : null;
  if (speaker.by === 'dock') {
    if (boundDock !== null && boundDock !== speaker.sn) return 'bound_to_dock';
    return row.dept_id === speaker.deptId ? null : 'outside_scope';
  }
  if (!seesRow(speaker.scope, row)) return 'outside_scope';
  // A dock's aircraft stays with its dock; an administrator (scope all) may take it over.
  return boundDock !== null && speaker.scope.scope !== 'all' ? 'bound_to_dock' : null;
}
