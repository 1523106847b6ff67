import { Redis } from 'ioredis';

type ChannelCommand = (channel: string, ...rest: unknown[]) => unknown;

/**
 * A connection for mqemitter-redis. It names a pub/sub channel after the MQTT topic (a pattern for a wildcard
 * filter) and has no prefix of its own, so the channels are put under `prefix` here: two deployments on one Redis
 * do not hear each other's devices. It closes the connection with quit() and never awaits the answer: the reply
 * racing the socket's end would otherwise be an unhandled rejection ("Connection is closed") that ends the process
 * at shutdown.
 */
function emitterConnection(url: string, prefix: string): Redis {
  const connection = new Redis(url);
  const quit = connection.quit.bind(connection);
  connection.quit = () => quit().catch(() => 'OK' as const);
  // In a pattern the prefix stands for itself: its glob characters are escaped.
  const patternPrefix = prefix.replace(/[*?[\]\\]/g, '\\$&');
  const commands = connection as unknown as Record<'publish' | 'subscribe' | 'unsubscribe' | 'psubscribe' | 'punsubscribe', ChannelCommand>;
  for (const [name, under] of [
    ['publish', prefix],
    ['subscribe', prefix],
    ['unsubscribe', prefix],
    ['psubscribe', patternPrefix],
    ['punsubscribe', patternPrefix],
  ] as const) {
    const command = commands[name].bind(connection);
    commands[name] = (channel, ...rest) => command(under + channel, ...rest);
  }
  return connection;
}

/** What several instances share through Redis for the live channel: the brokers' messages and sessions, and the sysinfo lease. */
export interface SharedBroker {
  mq: unknown;
  persistence: unknown;
  close(): Promise<void>;
}

/**
 * aedes' message emitter and persistence on Redis: a device on one instance's embedded broker reaches browsers on
 * every instance, with retained messages and persistent sessions shared too. Persistence keys and the pub/sub
 * channels carrying the messages ({prefix}broker:{topic}) carry the deployment's prefix.
 */
export async function shareBrokerThroughRedis(url: string, keyPrefix: string): Promise<SharedBroker> {
  const { default: MQEmitterRedis } = await import('mqemitter-redis');
  const { default: redisPersistence } = await import('aedes-persistence-redis');
  // mqemitter-redis bundles its own ioredis release: the same client class as far as it is concerned, not as far as TypeScript is.
  type Connection = NonNullable<Parameters<typeof MQEmitterRedis>[0]>['subConn'];
  const prefix = `${keyPrefix}broker:`;
  const mq = MQEmitterRedis({
    subConn: emitterConnection(url, prefix) as unknown as Connection,
    pubConn: emitterConnection(url, prefix) as unknown as Connection,
  });
  const persistence = redisPersistence({ conn: new Redis(url, { keyPrefix: prefix }) });
  return {
    mq,
    persistence,
    // aedes closes the emitter with the broker; the persistence's own connection is closed here.
    close: () => persistence.destroy(),
  };
}
