import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './schema';
import { withStatementCache } from './statementCache';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start-up banner (never includes a password). */
  description: string;
  /** PostgreSQL schema the connection works in (search_path), when one was chosen. */
  schema?: string;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: connections of the pool (default 10). */
  pgPoolSize?: number;
  /** PostgreSQL only: work inside this schema (also settable as DATABASE_URL ?schema=name). Created on migration. */
  schema?: string;
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

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const url = new URL(options.databaseUrl);
    const schema = options.schema ?? (url.searchParams.get('schema') || undefined);
    url.searchParams.delete('schema');
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`PostgreSQL schema name must match ${SCHEMA_NAME}, got "${schema}"`);
    const pool = new Pool({
      connectionString: url.toString(),
      max: options.pgPoolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    url.password = '';
    url.search = '';
    return remember({
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      description: `PostgreSQL ${url.host}${url.pathname}${schema ? ` schema ${schema}` : ''}`,
      schema,
    });
  }
  if (options.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'skyline.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return remember({
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    description: `SQLite ${file}`,
  });
}
