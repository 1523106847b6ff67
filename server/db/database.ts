import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { Pool, type ClientConfig } from 'pg';
import type { Database } from './schema';
import { openSqliteFile } from './sqliteFile';
import { withStatementCache } from './statementCache';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start-up banner (never includes a password). */
  description: string;
  /** PostgreSQL schema the connection works in (search_path), when one was chosen. */
  schema?: string;
  /** PostgreSQL: how to open a connection of its own outside the pool (a LISTEN channel, server/db/pgChannel.ts). */
  connection?: ClientConfig;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: connections of the pool (default 10). */
  pgPoolSize?: number;
  /** PostgreSQL only: work inside this schema (also settable as DATABASE_URL ?schema=name). Created on migration. */
  schema?: string;
  /** PostgreSQL only: how long a new connection may take before the attempt fails (a server that accepts TCP but never answers). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: an idle pooled connection broke (backend terminated, failover, proxy cut). The pool replaces it by itself. */
  onConnectionError?: (error: Error) => void;
}

const dialects = new WeakMap<object, DialectName>();

/** The dialect a Kysely instance opened by openDatabase talks to (for the few places SQL differs). */
export function dialectOf(db: Kysely<Database>): DialectName {
  return dialects.get(db) ?? 'sqlite';
}

function remember(handle: DatabaseHandle): DatabaseHandle {
  dialects.set(handle.db, handle.dialect);
  return handle;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const url = new URL(options.databaseUrl);
    const schema = options.schema ?? (url.searchParams.get('schema') || undefined);
    url.searchParams.delete('schema');
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`PostgreSQL schema name must match ${SCHEMA_NAME}, got "${schema}"`);
    const connection: ClientConfig = {
      connectionString: url.toString(),
      application_name: 'skyline-ops',
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // No JIT: it compiles a query whose estimate passes jit_above_cost, e.g. a notices search writing each reader's
      // text (its CASE's subplans, per row), for 0.8 s of an answer that takes 0.2 s without (bench:notices); this
      // server's queries are short, and none gains from it.
      options: [...(schema ? [`-c search_path=${schema}`] : []), '-c jit=off'].join(' '),
    };
    const pool = new Pool({ ...connection, max: options.pgPoolSize ?? 10 });
    // Unhandled, these events kill the process. The pool emits one for an idle connection that broke; a connection
    // checked out by a query emits it on the client (the query fails on its own: 503, see http/envelope) and is
    // discarded when released. The pool opens fresh connections on demand.
    const connectionLost = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', connectionLost);
    pool.on('connect', (client) => client.on('error', connectionLost));
    url.password = '';
    url.search = '';
    return remember({
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      description: `PostgreSQL ${url.host}${url.pathname}${schema ? ` schema ${schema}` : ''}`,
      schema,
      connection,
    });
  }
  if (options.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)');
  const { sqlite, file } = openSqliteFile(options.dataDir);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache instead of SQLite's 2 MiB: a scoped list's count reads every row in scope (20,000 media rows
  // of 100k in bench:media), which the default cache re-reads from the file on every request.
  sqlite.pragma('cache_size = -65536');
  return remember({
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    description: `SQLite ${file}`,
  });
}

/** Pause before start-up's next attempt to reach the database: 0.5 s, doubling, at most 10 s. Pure. */
export function startupRetryPauseMs(failedAttempts: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, failedAttempts - 1));
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * First contact at start-up: a database that is not up yet (a container starting beside this one, a failover) is
 * waited for, retrying with growing pauses for at most `waitMs`, each failure logged with what it waits for; then the
 * start fails with a message that says what was tried, never a hang or a driver stack.
 */
export async function waitForDatabase(
  handle: DatabaseHandle,
  options: { connectTimeoutMs: number; waitMs: number; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`select 1`.execute(handle.db);
      if (attempt > 1) options.log.info(`${handle.description} answered after ${attempt} attempts (${seconds(Date.now() - started)} s)`);
      return;
    } catch (error) {
      const message = (error as Error).message;
      const problem = /timeout/i.test(message)
        ? `${handle.description} did not answer within ${seconds(options.connectTimeoutMs)} s (DATABASE_CONNECT_TIMEOUT_MS)`
        : `${handle.description} is not reachable: ${message}`;
      const elapsed = Date.now() - started;
      const pause = startupRetryPauseMs(attempt);
      if (elapsed + pause >= options.waitMs)
        throw new Error(`${problem}; giving up after ${attempt} attempt${attempt > 1 ? 's' : ''} over ${seconds(elapsed)} s (DATABASE_STARTUP_WAIT_MS)`, {
          cause: error,
        });
      options.log.warn({ attempt, retryInMs: pause }, `waiting for the database: ${problem}; attempt ${attempt + 1} in ${seconds(pause)} s`);
      await delay(pause);
    }
  }
}
