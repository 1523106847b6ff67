import { isReservedForBrowsers, isSysinfoFilter, osdFilterSerial } from '@shared/topics';
import { drcDownTopic, drcUpTopic } from '@shared/dji/drcMessages';
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

/**
 * One side of a DRC link (server/mqtt/drcCredentials.ts) of gateway `gatewaySn`: the browser session that drives it, or
 * the device that flies; until `expiresAt` (epoch ms), the login session that entered DRC, or DRC's exit.
 */
export interface DrcIdentity {
  kind: 'drc';
  side: 'browser' | 'device';
  username: string;
  gatewaySn: string;
  expiresAt: number;
  sessionId: string;
}

/** Who a broker client is, decided once at connect time. */
export type BrokerIdentity =
  { kind: 'service'; username: string } | { kind: 'web'; username: string; userId: number; sessionId: string } | GatewayIdentity | DrcIdentity;

/** Identities judged by canPublish / canSubscribe. */
type ConsoleIdentity = Exclude<BrokerIdentity, GatewayIdentity | DrcIdentity>;

/** The login session a connection lives on, if any (closed when the session ends). */
export function sessionOf(identity: BrokerIdentity): string | undefined {
  if (identity.kind === 'web' || identity.kind === 'drc') return identity.sessionId;
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
export function canPublish(identity: ConsoleIdentity, topic: string, retain: boolean): boolean {
  if (!topic || topic.includes('#') || topic.includes('+')) return false;
  if (identity.kind === 'service') return true;
  return !retain && !isReservedForBrowsers(topic);
}

/** A web client may read sysinfo/… and device telemetry thing/product/{sn|+}/osd. */
export function canSubscribe(identity: ConsoleIdentity, filter: string): boolean {
  if (!filter) return false;
  if (identity.kind === 'service') return true;
  return isSysinfoFilter(filter) || osdFilterSerial(filter) !== null;
}

/**
 * A DRC connection publishes one topic and reads one, of its own gateway, while it has not expired: the browser
 * `thing/product/{gw}/drc/down` and `…/drc/up`, the device the other way round. Never retained, no wildcards.
 */
export function drcMayPublish(identity: DrcIdentity, topic: string, retain: boolean, now: number): boolean {
  if (retain || now >= identity.expiresAt) return false;
  return topic === (identity.side === 'browser' ? drcDownTopic : drcUpTopic)(identity.gatewaySn);
}

export function drcMaySubscribe(identity: DrcIdentity, filter: string, now: number): boolean {
  if (now >= identity.expiresAt) return false;
  return filter === (identity.side === 'browser' ? drcUpTopic : drcDownTopic)(identity.gatewaySn);
}
