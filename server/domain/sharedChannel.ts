import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import { joinPgChannel } from '../db/pgChannel';
import { joinRedisChannel } from '../redis/channel';

/**
 * A channel every instance joins: what one publishes, all hear (the publisher too). Redis pub/sub where instances
 * share Redis (server/redis/channel.ts), PostgreSQL LISTEN/NOTIFY where they share only the database
 * (server/db/pgChannel.ts).
 */
export interface SharedChannel {
  /** Whether this instance hears the channel now (from the start until the engine answers, and while it is away, it does not). */
  listening(): boolean;
  /** Resolves once the message is out; a failure is logged, never thrown. */
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(message: string): void;
  /** The channel stopped listening: what is announced until it listens again is lost to this instance. */
  onDown?(): void;
  /** It listens (again): state mirrored from elsewhere may be reloaded. */
  onJoined?(): void;
}

/** Joins the channel `name` (unique within the deployment), `what` naming it in logs. */
export type JoinChannel = (name: string, what: string, handlers: ChannelHandlers) => SharedChannel;

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * How this instance reaches the others: Redis pub/sub with REDIS_URL; else PostgreSQL LISTEN/NOTIFY, since several
 * instances may share one PostgreSQL database without Redis; null for SQLite, whose file one instance alone uses.
 */
export function instanceChannels(
  options: { redis?: { url: string; keyPrefix: string; timeoutMs: number }; database?: Pick<DatabaseHandle, 'db' | 'connection' | 'schema'> },
  log: Log,
): JoinChannel | null {
  const { redis, database } = options;
  if (redis)
    return (name, what, handlers) =>
      joinRedisChannel({ url: redis.url, channel: `${redis.keyPrefix}${name}`, timeoutMs: redis.timeoutMs, what }, log, handlers);
  const connection = database?.connection;
  if (!database || !connection) return null;
  const notify = async (channel: string, payload: string) => {
    await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
  };
  return (name, what, handlers) =>
    joinPgChannel({ client: connection, scope: database.schema ?? 'public', channel: `skyline_${name.replace(/\W/g, '_')}`, what, notify }, log, handlers);
}
