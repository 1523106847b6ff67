import { TOPIC_AIRSENSE } from './dji/airsenseTraffic';
import { TOPIC_FLIGHT } from './dji/flightReport';
import { TOPIC_TASK } from './entities/task';
import { parseDeviceTopic, osdTopic, type ParsedDeviceTopic } from './dji/topics';
import { SERIAL_PATTERN, TOPIC_ALERTS, TOPIC_FLEET, TOPIC_MAP, TOPIC_NOTICES, TOPIC_ONLINE, TOPIC_WEATHER } from './live';

/**
 * The topic catalogue (docs/mqtt.md): every topic on the broker, parsed and built in one place for the broker ACL, the
 * browsers' data-scope filter, the server and the console. DJI's device topics (`sys|thing/product/{sn}/…`) have
 * their grammar in shared/dji/topics.ts; the server's own are `sysinfo/…`; `$…` are the broker's.
 */
export const SYSINFO_TOPICS = [
  TOPIC_ONLINE,
  TOPIC_WEATHER,
  TOPIC_FLEET,
  TOPIC_ALERTS,
  TOPIC_NOTICES,
  TOPIC_MAP,
  TOPIC_TASK,
  TOPIC_AIRSENSE,
  TOPIC_FLIGHT,
] as const;
export type SysinfoTopic = (typeof SYSINFO_TOPICS)[number];

/**
 * The sysinfo topics whose messages name devices, tasks or projects: a browser whose data scope is not `all` gets only
 * its scope's share of them. On the embedded broker the server narrows each as it forwards it; on an external broker
 * (its ACL cannot narrow a payload) the server publishes each scope's share on the scope's own topic
 * (`scopedSysinfoTopic`) and a scoped browser may subscribe only there.
 */
export const SCOPED_SYSINFO_TOPICS = [
  TOPIC_ONLINE,
  TOPIC_WEATHER,
  TOPIC_FLEET,
  TOPIC_ALERTS,
  TOPIC_TASK,
  TOPIC_AIRSENSE,
  TOPIC_FLIGHT,
] as const satisfies readonly SysinfoTopic[];
export type ScopedSysinfoTopic = (typeof SCOPED_SYSINFO_TOPICS)[number];
const SCOPED_SET: ReadonlySet<string> = new Set(SCOPED_SYSINFO_TOPICS);
export const isScopedSysinfoTopic = (topic: string): topic is ScopedSysinfoTopic => SCOPED_SET.has(topic);

const SCOPE_PREFIX = 'sysinfo/scope/';
/** A scope's id as it stands in a topic: hex, so it cannot widen a filter. */
export const SCOPE_ID_PATTERN = /^[0-9a-f]{8,64}$/;

/** Where the share of `topic` that data scope `scopeId` sees is published on an external broker (`sysinfo/scope/{id}/fleet`). */
export const scopedSysinfoTopic = (scopeId: string, topic: ScopedSysinfoTopic) => `${SCOPE_PREFIX}${scopeId}/${topic.slice('sysinfo/'.length)}`;

/** Every scoped topic of data scope `scopeId`, as one filter. */
export const scopedSysinfoFilter = (scopeId: string) => `${SCOPE_PREFIX}${scopeId}/#`;

/**
 * The topic a browser subscribes to for `topic`: the scope's own for a scoped sysinfo topic when its broker account
 * names a scope (external broker), else the topic itself.
 */
export const wireTopic = (topic: string, scopeId: string | null): string =>
  scopeId !== null && isScopedSysinfoTopic(topic) ? scopedSysinfoTopic(scopeId, topic) : topic;

/** The topic a message on `wire` is about: `sysinfo/fleet` for `sysinfo/scope/{id}/fleet`, else `wire` itself. */
export function topicOfWire(wire: string): string {
  if (!wire.startsWith(SCOPE_PREFIX)) return wire;
  const slash = wire.indexOf('/', SCOPE_PREFIX.length);
  return slash < 0 ? wire : `sysinfo/${wire.slice(slash + 1)}`;
}

export type ParsedTopic =
  | ({ family: 'device' } & ParsedDeviceTopic)
  | { family: 'sysinfo'; topic: SysinfoTopic }
  /** The broker's own ($SYS/…). */
  | { family: 'broker' };

/** What a topic is, or null for a topic the platform does not use. */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic.startsWith('$')) return { family: 'broker' };
  if ((SYSINFO_TOPICS as readonly string[]).includes(topic)) return { family: 'sysinfo', topic: topic as SysinfoTopic };
  const device = parseDeviceTopic(topic);
  return device ? { family: 'device', ...device } : null;
}

/** The serial a `sys|thing/product/{sn}/…` topic or filter names (a plain serial, never a wildcard), or null. */
export function namespaceSerial(topicOrFilter: string): string | null {
  const [family, product, sn, ...rest] = topicOrFilter.split('/');
  if ((family !== 'sys' && family !== 'thing') || product !== 'product' || rest.length === 0 || !SERIAL_PATTERN.test(sn)) return null;
  return sn;
}

/** Every sysinfo topic, as one filter. */
export const SYSINFO_FILTER = 'sysinfo/#';

/** The filters of a gateway's own namespace (`sys/product/{gw}/#`, `thing/product/{gw}/#`): what it may subscribe to. */
export const namespaceFilters = (gatewaySn: string): string[] => [`sys/product/${gatewaySn}/#`, `thing/product/${gatewaySn}/#`];

/** The filter of every device's OSD (what the console's device list follows). */
export const ALL_OSD_FILTER = osdTopic('+');

/** A subscription filter for OSD: one device's (`thing/product/{sn}/osd`, its serial) or every device's (`+`); else null. */
export function osdFilterSerial(filter: string): string | null {
  if (filter === ALL_OSD_FILTER) return '+';
  const parsed = parseDeviceTopic(filter);
  return parsed?.channel === 'osd' ? parsed.sn : null;
}

/**
 * Topics a browser may never publish to: the server's sysinfo/…, the devices' thing/… and sys/…, and the broker's $-topics.
 * One rule for both sides: the broker ACL refuses them (server/mqtt/acl.ts), and the console does not send them
 * (src/features/broker/brokerSaga.ts), since a refused QoS 1 publish is replayed after every reconnect.
 */
export function isReservedForBrowsers(topic: string): boolean {
  const first = topic.split('/', 1)[0];
  return topic.startsWith('$') || first === 'sysinfo' || first === 'thing' || first === 'sys';
}

/** A subscription filter a browser may use on sysinfo: `sysinfo/#` or any filter below it. */
export function isSysinfoFilter(filter: string): boolean {
  const [first, ...rest] = filter.split('/');
  return first === 'sysinfo' && rest.length >= 1;
}
