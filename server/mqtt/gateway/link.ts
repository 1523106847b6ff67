import { parseDeviceTopic, type ParsedDeviceTopic } from '@shared/dji/topics';
import { namespaceSerial } from '@shared/topics';

/**
 * What one gateway connection may speak for: its own serial (a dock's is fixed by its login; a Pilot 2 connection
 * claims one with its first update_topo or subscription) and the sub-devices of its latest update_topo.
 */
export interface GatewayLink {
  gatewaySn?: string;
  declared: ReadonlySet<string>;
}

export type LinkRefusal = 'topic_not_allowed' | 'undeclared_serial' | 'retained';
export type PublishVerdict = { ok: true; topic: ParsedDeviceTopic; claims?: string } | { ok: false; reason: LinkRefusal };

/** Channels only the gateway itself publishes on (commands, events and requests go through the gateway). */
const GATEWAY_CHANNELS: ReadonlySet<string> = new Set(['status', 'events', 'requests', 'services_reply', 'property/set_reply']);
/** Channels a gateway publishes for itself or a declared sub-device. */
const DEVICE_CHANNELS: ReadonlySet<string> = new Set(['osd', 'state']);

/** May this gateway connection publish on `topic`? A first status publish claims the gateway serial. */
export function checkGatewayPublish(link: GatewayLink, topic: string, retain: boolean): PublishVerdict {
  if (retain) return { ok: false, reason: 'retained' };
  const parsed = parseDeviceTopic(topic);
  if (!parsed || (!GATEWAY_CHANNELS.has(parsed.channel) && !DEVICE_CHANNELS.has(parsed.channel))) return { ok: false, reason: 'topic_not_allowed' };
  if (link.gatewaySn === undefined)
    return parsed.channel === 'status' ? { ok: true, topic: parsed, claims: parsed.sn } : { ok: false, reason: 'undeclared_serial' };
  if (parsed.sn === link.gatewaySn) return { ok: true, topic: parsed };
  if (DEVICE_CHANNELS.has(parsed.channel) && link.declared.has(parsed.sn)) return { ok: true, topic: parsed };
  return { ok: false, reason: 'undeclared_serial' };
}

/**
 * A gateway subscribes inside its own namespace (`sys/product/{gw}/…`, `thing/product/{gw}/…`, wildcards below the
 * serial included, as the external broker's ACL template allows) and its declared sub-devices' (their state_reply): the serial of such a filter, or null for any other.
 * Before the connection has a serial, the filter's serial is returned for the caller to judge; a subscription never
 * claims it.
 */
export function gatewaySubscribeSerial(link: GatewayLink, filter: string): string | null {
  const sn = namespaceSerial(filter);
  return sn !== null && (link.gatewaySn === undefined || link.gatewaySn === sn || link.declared.has(sn)) ? sn : null;
}
