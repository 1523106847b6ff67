import { Redis } from 'ioredis';

/**
 * A connection for mqemitter-redis, which closes it with quit() and never awaits the answer: the reply racing the
 * socket's end would otherwise be an unhandled rejection ("Connection is closed") that ends the process at shutdown.
 */
function closableConnection(url: string): Redis {
  const connection = new Redis(url);
  const quit = connection.quit.bind(connection);
  connection.quit = () => quit().catch(() => 'OK' as const);
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
 * every instance, with retained messages and persistent sessions shared too. Persistence keys carry the deployment's
 * prefix; MQTT topics are Redis pub/sub channels as they are (mqemitter-redis has no prefix).
 */
export async function shareBrokerThroughRedis(url: string, keyPrefix: string): Promise<SharedBroker> {
  const { default: MQEmitterRedis } = await import('mqemitter-redis');
  const { default: redisPersistence } = await import('aedes-persistence-redis');
  // mqemitter-redis bundles its own ioredis release: the same client class as far as it is concerned, not as far as TypeScript is.
  type Connection = NonNullable<Parameters<typeof MQEmitterRedis>[0]>['subConn'];
  const mq = MQEmitterRedis({ subConn: closableConnection(url) as unknown as Connection, pubConn: closableConnection(url) as unknown as Connection });
  const persistence = redisPersistence({ conn: new Redis(url, { keyPrefix: `${keyPrefix}broker:` }) });
  return {
    mq,
    persistence,
    // aedes closes the emitter with the broker; the persistence's own connection is closed here.
    close: () => persistence.destroy(),
  };
}
