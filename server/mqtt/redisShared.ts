import type { AedesPublishPacket } from 'aedes';
import memoryPersistence from 'aedes-persistence';
import { RedisRelayEmitter } from './relayEmitter';

type Log = ConstructorParameters<typeof RedisRelayEmitter>[0]['log'];

/** What several instances' embedded brokers share through Redis: their messages (aedes' emitter), and its own persistence each. */
export interface SharedBroker {
  mq: RedisRelayEmitter;
  persistence: ReturnType<typeof memoryPersistence>;
}

/**
 * aedes' emitter and persistence for instances sharing their brokers through Redis (docs/mqtt.md, "Several instances
 * with embedded brokers"): a device on one instance's broker reaches subscribers on every instance, relayed on the
 * pub/sub channel `{prefix}broker` (a deployment's instances hear only each other), and a message between two
 * clients of one instance never waits on Redis. The persistence is the broker's own, in memory: nothing the
 * instances exchange needs Redis to hold it (retained messages are kept by every instance as relayed; no client keeps
 * a persistent session or a will), so no broker call waits on Redis either.
 */
export function shareBrokerThroughRedis(options: { url: string; keyPrefix: string; timeoutMs: number; log: Log }): SharedBroker {
  const persistence = memoryPersistence();
  // aedes 1.x calls its persistence without callbacks and gets promises (the package's typings are still the callback
  // ones; with a callback the call would wait for a 'ready' that aedes 1.x never causes).
  const storeRetained = persistence.storeRetained.bind(persistence) as unknown as (packet: AedesPublishPacket) => Promise<void>;
  const mq = new RedisRelayEmitter({ url: options.url, channel: `${options.keyPrefix}broker`, timeoutMs: options.timeoutMs, storeRetained, log: options.log });
  return { mq, persistence };
}
