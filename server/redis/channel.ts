import type { Redis } from 'ioredis';
import type { ChannelHandlers, SharedChannel } from '../domain/sharedChannel';
import { boundedRedis, closeRedis } from './connect';

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * Joins `channel` on its own connection (stayJoined) and publishes on another; every call is bounded by `timeoutMs`
 * and start-up does not wait for Redis. `onDown` runs when the subscription drops, so a listener that caches can stop
 * trusting its cache; `onJoined` each time it is (re)joined, so one that mirrors state kept in Redis can reload what
 * it missed meanwhile.
 */
export function joinRedisChannel(
  options: { url: string; channel: string; timeoutMs: number; what: string },
  log: Log,
  handlers: ChannelHandlers,
): SharedChannel {
  const { url, channel, timeoutMs, what } = options;
  const publisher = boundedRedis(url, timeoutMs);
  const subscriber = boundedRedis(url, timeoutMs, { autoResubscribe: false });
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => log.warn({ err: error }, `redis: ${what} connection problem`));
  subscriber.on('message', (_channel: string, message: string) => handlers.onMessage(message));
  const listening = stayJoined(subscriber, channel, log, what, handlers);
  return {
    listening,
    publish: async (message) => {
      await publisher.publish(channel, message).catch((error: unknown) => log.warn({ err: error }, `redis: ${what} not announced`));
    },
    close: async () => {
      subscriber.disconnect();
      await closeRedis(publisher);
    },
  };
}

/**
 * Keeps `subscriber` (made with `autoResubscribe: false`) on `channel`: joins again on every 'ready', since ioredis'
 * own resubscription would leave a timed-out call unhandled. `onJoined` runs each time it is (re)joined, `onDown`
 * when the connection drops. Returns whether it listens now.
 */
export function stayJoined(subscriber: Redis, channel: string, log: Log, what: string, handlers: { onJoined?(): void; onDown?(): void } = {}): () => boolean {
  let listening = false;
  subscriber.on(
    'ready',
    () =>
      void subscriber.subscribe(channel).then(
        () => {
          listening = true;
          handlers.onJoined?.();
        },
        (error: unknown) => log.warn({ err: error }, `redis: ${what} channel not joined`),
      ),
  );
  subscriber.on('close', () => {
    listening = false;
    handlers.onDown?.();
  });
  return () => listening;
}
