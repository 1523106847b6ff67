import { Client, type ClientConfig } from 'pg';
import type { ChannelHandlers, SharedChannel } from '../domain/sharedChannel';

type Log = { warn(obj: unknown, msg?: string): void };

/** Pause before the listening connection's next attempt: 0.2 s, doubling, at most 5 s. Pure. */
export function relistenPauseMs(failedAttempts: number): number {
  return Math.min(5_000, 200 * 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * A message on a PostgreSQL NOTIFY channel names the schema it is for (several deployments, or test runs, may share
 * a database while NOTIFY channels are database-wide): `{schema}\n{message}`. Null for another schema's. Pure.
 */
export function notificationFor(scope: string, payload: string | undefined): string | null {
  if (payload === undefined) return null;
  const newline = payload.indexOf('\n');
  if (newline < 0 || payload.slice(0, newline) !== scope) return null;
  return payload.slice(newline + 1);
}

export interface PgChannelOptions {
  /** How to open the listening connection (the pool's own settings). */
  client: ClientConfig;
  /** The schema the deployment works in: only its messages are heard. */
  scope: string;
  channel: string;
  /** Names the channel in logs and in the connection's application_name. */
  what: string;
  /** Publishes on a pooled connection, so a message never waits for the listening one. */
  notify(channel: string, payload: string): Promise<void>;
}

/**
 * A PostgreSQL LISTEN/NOTIFY channel every instance on one database joins: what one publishes, all hear (the
 * publisher too). The same contract as a Redis channel (`joinRedisChannel`), for deployments on PostgreSQL without
 * Redis. One connection listens and is opened again with growing pauses when it breaks; `onDown` runs when it breaks
 * (a cache stops trusting itself: what was announced meanwhile is lost), `onJoined` each time it listens again.
 */
export function joinPgChannel(options: PgChannelOptions, log: Log, handlers: ChannelHandlers): SharedChannel {
  const { scope, channel, what } = options;
  let client: Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const down = (error?: Error) => {
    if (error) log.warn({ err: error }, `postgres: ${what} channel lost`);
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = null;
    if (listening) {
      listening = false;
      handlers.onDown?.();
    }
    if (!closed) retry = setTimeout(join, relistenPauseMs(++failures));
  };

  function join() {
    const connection = new Client({ ...options.client, application_name: `skyline-ops ${what}` });
    client = connection;
    connection.on('error', (error: Error) => client === connection && down(error));
    connection.on('end', () => client === connection && down());
    connection.on('notification', (message) => {
      if (message.channel !== channel) return;
      const heard = notificationFor(scope, message.payload);
      if (heard !== null) handlers.onMessage(heard);
    });
    connection
      .connect()
      .then(() => connection.query(`listen "${channel}"`))
      .then(() => {
        if (client !== connection) return;
        failures = 0;
        listening = true;
        handlers.onJoined?.();
      })
      .catch((error: Error) => client === connection && down(error));
  }
  join();

  return {
    listening: () => listening,
    publish: async (message) => {
      await options.notify(channel, `${scope}\n${message}`).catch((error: unknown) => log.warn({ err: error }, `postgres: ${what} not announced`));
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = null;
      listening = false;
      connection?.removeAllListeners();
      connection?.on('error', () => undefined);
      await connection?.end().catch(() => undefined);
    },
  };
}
