import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { withStatementCache } from '../../../server/db/statementCache';

function counted(limit?: number) {
  const sqlite = new SQLite(':memory:');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  const spy = Object.assign(sqlite, { prepare: (text: string) => (prepared.push(text), prepare(text)) });
  return { database: withStatementCache(spy, limit), prepared, sqlite };
}

describe('withStatementCache', () => {
  it.each<[string, string[], number, number]>([
    ['the same SQL is prepared once', ['select 1', 'select 1', 'select 1'], 10, 1],
    ['different SQL is prepared each', ['select 1', 'select 2', 'select 1', 'select 2'], 10, 2],
    ['past the limit the least recently used goes and is prepared again', ['select 1', 'select 2', 'select 3', 'select 1'], 2, 4],
    ['a use keeps a statement recent', ['select 1', 'select 2', 'select 1', 'select 3', 'select 1'], 2, 3],
  ])('%s', (_name, queries, limit, preparedCount) => {
    const { database, prepared } = counted(limit);
    for (const text of queries) database.prepare(text);
    expect(prepared).toHaveLength(preparedCount);
  });

  it('serves Kysely: reused statements give fresh results with new parameters', async () => {
    const { database, prepared, sqlite } = counted();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database }) });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const)
      await db.insertInto('t').values({ id, name }).execute();
    const names = async (min: number) => (await db.selectFrom('t').select('name').where('id', '>=', min).orderBy('id').execute()).map((r) => r.name);
    expect(await names(1)).toEqual(['a', 'b', 'c']);
    expect(await names(3)).toEqual(['c']);
    await db.deleteFrom('t').where('id', '=', 2).execute();
    expect(await names(1)).toEqual(['a', 'c']);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
