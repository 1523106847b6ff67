/** Topic names of the live channel (docs/mqtt.md). */
export const TOPIC_ONLINE = 'sysinfo/online';
export const TOPIC_WEATHER = 'sysinfo/weather';
/** Every drone's newest sample, once a second: the situational view reads this, not one message per drone. */
export const TOPIC_FLEET = 'sysinfo/fleet';
export const TELEMETRY_FILTER = 'thing/product/+/osd';

export const telemetryTopic = (sn: string) => `thing/product/${sn}/osd`;

/** The serial of a telemetry topic thing/product/{sn}/osd, or null. */
export function telemetrySerial(topic: string): string | null {
  const match = /^thing\/product\/([^/#+]+)\/osd$/.exec(topic);
  return match ? match[1] : null;
}

/** Device serials: letters, digits, '-' and '_' (never MQTT wildcards or separators). */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
