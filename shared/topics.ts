import { TOPIC_AIRSENSE } from './dji/airsenseTraffic';
import { TOPIC_TASK } from './entities/task';
import { parseDeviceTopic, osdTopic, type ParsedDeviceTopic } from './dji/topics';
import { SERIAL_PATTERN, TOPIC_ALERTS, TOPIC_FLEET, TOPIC_MAP, TOPIC_NOTICES, TOPIC_ONLINE, TOPIC_WEATHER } from './live';

/**
 * The topic catalogue (docs/mqtt.md): every topic on the broker, parsed and built in one place for the broker ACL, the
 * browsers' data-scope filter, the server and the console. DJI's device topics (`sys|thing/product/{sn}/…`) have
 * their grammar in shared/dji/topics.ts; the server's own are `sysinfo/…`; `$…` are the broker's.
 */
export const SYSINFO_TOPICS = [TOPIC_ONLINE, TOPIC_WEATHER, TOPIC_FLEET, TOPIC_ALERTS, TOPIC_NOTICES, TOPIC_MAP, TOPIC_TASK, TOPIC_AIRSENSE] as const;
export type SysinfoTopic = (typeof SYSINFO_TOPICS)[number];

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
