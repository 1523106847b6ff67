import { TOPIC_ONLINE, TOPIC_WEATHER } from '@shared/live';

/** A message after JSON parsing. */
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
