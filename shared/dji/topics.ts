import { SERIAL_PATTERN } from '../live';

/**
 * DJI Cloud API topics (docs/mqtt.md). The gateway publishes `sys/product/{gw}/status`, `thing/product/{sn}/osd|state`
 * and `thing/product/{gw}/events|requests`; the platform answers on the same topic with `_reply` appended and sends
 * commands on `thing/product/{gw}/services`.
 */
export const DEVICE_CHANNELS = ['status', 'osd', 'state', 'events', 'requests', 'services', 'property/set'] as const;
export type DeviceChannel = (typeof DEVICE_CHANNELS)[number];

/** Channels a device publishes on; the platform subscribes to these. */
export const UPLINK_CHANNELS = ['status', 'osd', 'state', 'events', 'requests', 'services_reply', 'property/set_reply'] as const;
export type UplinkChannel = (typeof UPLINK_CHANNELS)[number];

const root = (channel: DeviceChannel | UplinkChannel | `${DeviceChannel}_reply`) => (channel.startsWith('status') ? 'sys' : 'thing');

export function deviceTopic(sn: string, channel: DeviceChannel | UplinkChannel | `${DeviceChannel}_reply`): string {
  return `${root(channel)}/product/${sn}/${channel}`;
}

export const statusTopic = (gatewaySn: string) => deviceTopic(gatewaySn, 'status');
export const osdTopic = (sn: string) => deviceTopic(sn, 'osd');
export const stateTopic = (sn: string) => deviceTopic(sn, 'state');
export const eventsTopic = (gatewaySn: string) => deviceTopic(gatewaySn, 'events');
export const requestsTopic = (gatewaySn: string) => deviceTopic(gatewaySn, 'requests');
export const servicesTopic = (gatewaySn: string) => deviceTopic(gatewaySn, 'services');
/** The reply topic of a request topic: the same topic with `_reply` appended. */
export const replyTopic = (topic: string) => `${topic}_reply`;

/** Uplink channels the platform answers on `…_reply` (events only when they ask, with need_reply 1). */
export const expectsReply = (channel: ParsedDeviceTopic['channel']) => channel === 'status' || channel === 'events' || channel === 'requests';

/** Subscription filters for everything the devices send. */
export const UPLINK_FILTERS: readonly string[] = UPLINK_CHANNELS.map((channel) => deviceTopic('+', channel));

/** Uplink channels that answer a command of the platform's: only the instance that sent the command waits for them. */
const REPLY_CHANNELS: ReadonlySet<UplinkChannel> = new Set(['services_reply', 'property/set_reply']);

/**
 * The uplink filters of an instance sharing the devices' messages with others (MQTT shared subscriptions,
 * `$share/{group}/…`: the broker hands each message to one subscriber of the group). Replies are subscribed unshared:
 * the command waiting for one is pending on a single instance, which the broker cannot know, so every instance hears
 * every reply and keeps those whose tid it holds (a few per command; simpler than routing them through Redis).
 */
export function sharedUplinkFilters(group: string): string[] {
  return UPLINK_CHANNELS.map((channel) => (REPLY_CHANNELS.has(channel) ? deviceTopic('+', channel) : `$share/${group}/${deviceTopic('+', channel)}`));
}

export interface ParsedDeviceTopic {
  sn: string;
  channel: UplinkChannel | `${DeviceChannel}_reply` | DeviceChannel;
}

const TOPIC_PATTERN = /^(sys|thing)\/product\/([^/]+)\/(status|osd|state|events|requests|services|property\/set)(_reply)?$/;

/** Serial and channel of a DJI device topic, or null when the topic is not one (or the serial is not a valid serial). */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const match = TOPIC_PATTERN.exec(topic);
  if (!match) return null;
  const [, family, sn, base, reply] = match;
  if ((family === 'sys') !== (base === 'status') || !SERIAL_PATTERN.test(sn)) return null;
  return { sn, channel: `${base}${reply ?? ''}` as ParsedDeviceTopic['channel'] };
}
