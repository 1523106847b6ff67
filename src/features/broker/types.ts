import { TOPIC_FLEET, TOPIC_ONLINE, TOPIC_WEATHER } from '@shared/live';

/** Topics whose payloads are binary (shared/fleet/codec): handed on as a Uint8Array copy, never JSON-parsed here. */
export const BINARY_TOPICS: ReadonlySet<string> = new Set([TOPIC_FLEET]);

/** A message after JSON parsing (a Uint8Array on BINARY_TOPICS). */
export interface BrokerMessage {
  topic: string;
  message: unknown;
}

export const DEFAULT_SUBSCRIPTIONS = [TOPIC_ONLINE, TOPIC_WEATHER];

/** Spec §9. */
export const BROKER_CONSTANTS = {
  connectTimeout: 7000,
  reconnectPeriod: 5000,
  successToastMs: 2000,
  subscribeQos: 0,
  clean: true,
} as const;
