import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * A better-sqlite3 database whose prepare() reuses statements by SQL text (least recently used dropped past `limit`).
 * Kysely prepares every query anew, which cost more than running the small queries of an API request. Safe because
 * every statement runs to completion synchronously; nothing here streams (a statement mid-iterate would be busy).
 */
export function withStatementCache(database: SqliteDatabase, limit = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > limit) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
