import { isReservedForBrowsers } from '@shared/brokerTopics';
import { SERIAL_PATTERN } from '@shared/live';

/** Who a broker client is, decided once at connect time. */
export type BrokerIdentity =
  { kind: 'service'; username: string } | { kind: 'web'; username: string; userId: number; sessionId: string } | { kind: 'device'; sn: string };

function levels(topic: string): string[] {
  return topic.split('/');
}

/** True when a publish topic or subscription filter lies inside the subtree `prefix` (given as levels). */
function within(topic: string, prefix: string[]): boolean {
  const parts = levels(topic);
  if (parts.length < prefix.length) return false;
  return prefix.every((level, i) => parts[i] === level);
}

const reserved = (topic: string) => topic.startsWith('$');

/**
 * Publish rules. Web clients never write sysinfo/# nor thing/# (no impersonating devices or the server) nor $-topics;
 * devices write only under thing/product/{own serial}/; the static service account writes anywhere.
 */
export function canPublish(identity: BrokerIdentity, topic: string): boolean {
  if (!topic || topic.includes('#') || topic.includes('+')) return false;
  switch (identity.kind) {
    case 'service':
      return true;
    case 'device':
      return SERIAL_PATTERN.test(identity.sn) && within(topic, ['thing', 'product', identity.sn]) && levels(topic).length > 3;
    case 'web':
      return !isReservedForBrowsers(topic);
  }
}

/** A web client may read sysinfo/… and device telemetry thing/product/{sn|+}/osd; a device only its own subtree. */
export function canSubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (!filter) return false;
  switch (identity.kind) {
    case 'service':
      return true;
    case 'device':
      return within(filter, ['thing', 'product', identity.sn]);
    case 'web': {
      if (filter === 'sysinfo/#' || (within(filter, ['sysinfo']) && levels(filter).length >= 2 && !reserved(filter))) return true;
      return /^thing\/product\/([A-Za-z0-9_-]+|\+)\/osd$/.test(filter);
    }
  }
}
