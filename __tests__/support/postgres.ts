import { Client } from 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Fails with a clear message when the PostgreSQL the suite needs is not there. */
export async function assertPostgres(): Promise<void> {
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    // Installed once up front, so parallel test files do not race to create it in their migrations.
    await client.query('create extension if not exists pg_trgm with schema public').catch(() => undefined);
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${PG_URL} (${(error as Error).message}); the API suite runs against it too. Start it (see .ci/run) or set TEST_DATABASE_URL.`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
