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

/** Uplink channels of one gateway's own traffic: on several instances, only the gateway's owner subscribes to them. */
export const OWNED_CHANNELS = ['osd', 'state', 'events', 'requests'] as const satisfies readonly UplinkChannel[];
/** Of those, what a sub-device (a gateway's aircraft, a dock's drone) publishes itself; events and requests go through its gateway. */
const SUB_DEVICE_CHANNELS = ['osd', 'state'] as const satisfies readonly UplinkChannel[];

/** Filters matching every gateway's owned channels (what the owner's subscriptions of them deliver). */
export const OWNED_FILTERS: readonly string[] = OWNED_CHANNELS.map((channel) => deviceTopic('+', channel));

/**
 * The uplink filters every instance subscribes when several split the devices' messages: the status channel as an
 * MQTT shared subscription (`$share/{group}/…`: the broker hands each message to one instance of the group; any of
 * them may apply an update_topo, whose topology goes through Redis), and the replies unshared (the command waiting
 * for one is pending on a single instance, which the broker cannot know: every instance hears every reply and keeps
 * those whose tid it holds). The rest of a gateway's traffic is subscribed by its owner only (ownedUplinkTopics).
 */
export function splitUplinkFilters(group: string): string[] {
  return [`$share/${group}/${statusTopic('+')}`, ...[...REPLY_CHANNELS].map((channel) => deviceTopic('+', channel))];
}

/** The topics the owner of a gateway subscribes to: the gateway's owned channels and its sub-devices' osd and state. */
export function ownedUplinkTopics(gatewaySn: string, subSerials: readonly string[]): string[] {
  return [
    ...OWNED_CHANNELS.map((channel) => deviceTopic(gatewaySn, channel)),
    ...subSerials.flatMap((sn) => SUB_DEVICE_CHANNELS.map((c) => deviceTopic(sn, c))),
  ];
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
