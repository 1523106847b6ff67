import mqtt from 'mqtt';
import { topicMatcher } from './match';
import type { MessageBus } from './liveChannel';

/**
 * Plain topics subscribed and unsubscribed in batches (one SUBSCRIBE or UNSUBSCRIBE packet per call), whose messages
 * go to the handlers listening with a matching filter: the gateways an instance owns (gateway/ownedUplink.ts).
 */
export interface TopicSubscriptions {
  /** Hands the messages matching `filter` to `handler`, without subscribing to anything at the broker. */
  listen(filter: string, handler: (topic: string, payload: Buffer) => void): void;
  subscribeTopics(topics: readonly string[]): Promise<void>;
  unsubscribeTopics(topics: readonly string[]): Promise<void>;
}

export type ExternalBus = MessageBus & TopicSubscriptions;

/**
 * The server as a client of an external broker (MQTT_URL, e.g. the machine's Mosquitto): it publishes sysinfo and
 * subscribes to the device topics with MQTT_USER/MQTT_PASSWORD. Authentication and ACL are then the external broker's job.
 */
export async function connectExternalBroker(
  url: string,
  options: { username?: string; password?: string; log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void } },
): Promise<ExternalBus> {
  const client = mqtt.connect(url, {
    clientId: `skyline_server_${process.pid}_${Math.floor(Math.random() * 1e6)}`,
    username: options.username,
    password: options.password,
    clean: true,
    connectTimeout: 7000,
    reconnectPeriod: 5000,
  });
  const handlers: Array<{ matches: (topic: string) => boolean; handler: (topic: string, payload: Buffer) => void }> = [];
  client.on('message', (topic, payload) => {
    for (const h of handlers) if (h.matches(topic)) h.handler(topic, payload);
  });
  client.on('error', (error) => options.log.warn({ err: error.message }, 'mqtt: external broker error'));
  client.on('reconnect', () => options.log.info({ url }, 'mqtt: reconnecting to the external broker'));
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      client.end(true);
      reject(new Error(`Cannot connect to the external MQTT broker ${url}: ${error.message}`));
    };
    client.once('connect', () => {
      client.off('error', fail);
      resolve();
    });
    client.once('error', fail);
  });
  const listen = (filter: string, handler: (topic: string, payload: Buffer) => void) => void handlers.push({ matches: topicMatcher(filter), handler });
  const granted = (filters: string | readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      client.subscribe(filters as string | string[], { qos: 0 }, (error, grants) => {
        if (error) return reject(error);
        const refused = grants?.find((g) => g.qos === 128);
        if (refused) return reject(new Error(`The external broker refused the subscription ${refused.topic}`));
        resolve();
      });
    });
  return {
    kind: 'external',
    publish: (topic, payload, { retain, qos }) =>
      new Promise((resolve, reject) => {
        // While disconnected mqtt.js queues; the periodic republish catches up anyway.
        client.publish(topic, payload, { retain, qos }, (error) => (error ? reject(error) : resolve()));
      }),
    subscribe: (filter, handler) => {
      listen(filter, handler);
      return granted(filter);
    },
    listen,
    subscribeTopics: (topics) => (topics.length ? granted(topics) : Promise.resolve()),
    unsubscribeTopics: (topics) =>
      topics.length
        ? new Promise((resolve, reject) => client.unsubscribe(topics as string[], (error) => (error ? reject(error) : resolve())))
        : Promise.resolve(),
    close: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
