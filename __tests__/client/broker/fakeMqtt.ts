import { EventEmitter } from 'node:events';
import type { MqttConnectOptions, MqttLike } from '../../../src/features/broker/mqttClient';

/**
 * Behaves like an mqtt.js client as the saga sees it: starts disconnected, emits connect/close/reconnect/error/message
 * in mqtt.js's order, keeps subscriptions, and refuses to publish while disconnected (mqtt.js would queue; the saga
 * checks `connected` first).
 */
export class FakeMqttClient extends EventEmitter implements MqttLike {
  connected = false;
  ended = false;
  subscriptions: Array<{ topics: string[]; qos: number }> = [];
  unsubscribed: string[] = [];
  published: Array<{ topic: string; payload: string; qos: 0 | 1 }> = [];

  constructor(
    readonly url: string,
    readonly options: MqttConnectOptions,
  ) {
    super();
  }

  subscribe(topics: string | string[], options: { qos: 0 | 1 | 2 }, callback?: (error?: Error | null) => void) {
    this.subscriptions.push({ topics: ([] as string[]).concat(topics), qos: options.qos });
    callback?.(null);
    return this;
  }
  unsubscribe(topics: string | string[], callback?: (error?: Error | null) => void) {
    this.unsubscribed.push(...([] as string[]).concat(topics));
    callback?.(null);
    return this;
  }
  publish(topic: string, payload: string, options: { qos: 0 | 1 }) {
    if (!this.connected) throw new Error('not connected');
    this.published.push({ topic, payload, qos: options.qos });
    return this;
  }
  end() {
    this.ended = true;
    this.connected = false;
    this.removeAllListeners();
    return this;
  }

  // --- what the broker does to the client ---
  acceptConnection() {
    this.connected = true;
    this.emit('connect', { cmd: 'connack', returnCode: 0 });
  }
  /** The broker went away: mqtt.js emits close, then reconnect when it retries (reconnectPeriod later). */
  dropConnection() {
    this.connected = false;
    this.emit('offline');
    this.emit('close');
  }
  retry() {
    this.emit('reconnect');
  }
  fail(message = 'Connection refused: Not authorized') {
    this.emit('error', new Error(message));
  }
  deliver(topic: string, payload: unknown) {
    const bytes = payload instanceof Uint8Array ? payload : new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload));
    this.emit('message', topic, bytes, { topic, retain: false });
  }
}
