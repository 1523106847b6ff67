import { isReservedForBrowsers, isSysinfoFilter, osdFilterSerial } from '@shared/topics';
import type { GatewayLink } from './gateway/link';

/** A Pilot 2 or dock connection: a DJI gateway. Pilot 2 logins carry the pilot's session (its end closes the connection). */
export interface GatewayIdentity {
  kind: 'gateway';
  source: 'pilot' | 'dock';
  /** MQTT username: the credential's name (Pilot 2) or the dock's serial. */
  username: string;
  link: GatewayLink & { declared: Set<string> };
  pilot?: { userId: number; username: string; sessionId: string; deptId: number | null };
}

/** Who a broker client is, decided once at connect time. */
export type BrokerIdentity = { kind: 'service'; username: string } | { kind: 'web'; username: string; userId: number; sessionId: string } | GatewayIdentity;

/** The login session a connection lives on, if any (closed when the session ends). */
export function sessionOf(identity: BrokerIdentity): string | undefined {
  if (identity.kind === 'web') return identity.sessionId;
  return identity.kind === 'gateway' ? identity.pilot?.sessionId : undefined;
}

/** Two identities are the same principal (may reuse each other's client id). */
export function samePrincipal(a: BrokerIdentity, b: BrokerIdentity): boolean {
  return a.kind === b.kind && a.username === b.username;
}

/**
 * Publish rules of browsers and the service account. Web clients never write sysinfo/# nor thing/# (no impersonating
 * devices or the server) nor $-topics, and never retain; gateways are checked by checkGatewayPublish.
 */
export function canPublish(identity: Exclude<BrokerIdentity, GatewayIdentity>, topic: string, retain: boolean): boolean {
  if (!topic || topic.includes('#') || topic.includes('+')) return false;
  if (identity.kind === 'service') return true;
  return !retain && !isReservedForBrowsers(topic);
}

/** A web client may read sysinfo/… and device telemetry thing/product/{sn|+}/osd. */
export function canSubscribe(identity: Exclude<BrokerIdentity, GatewayIdentity>, filter: string): boolean {
  if (!filter) return false;
  if (identity.kind === 'service') return true;
  return isSysinfoFilter(filter) || osdFilterSerial(filter) !== null;
}
