/** Device topics of the live channel (docs/mqtt.md); the sysinfo topics are in @shared/live. */
export const TELEMETRY_FILTER = 'thing/product/+/osd';

export const telemetryTopic = (sn: string) => `thing/product/${sn}/osd`;

/** The serial of a telemetry topic thing/product/{sn}/osd, or null. */
export function telemetrySerial(topic: string): string | null {
  const match = /^thing\/product\/([^/#+]+)\/osd$/.exec(topic);
  return match ? match[1] : null;
}
