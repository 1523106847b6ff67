/**
 * npm run bench:api — 100k devices, then autocannon against GET /api/Device/?page=1&page_size=20&search=…
 * (bearer token, permission check, search + count + page) and against a bare Fastify route in the same run,
 * on SQLite and on PostgreSQL. Prints req/s, p99 and the ratio; asserts nothing.
 * Target: ≥ 0.5× bare Fastify and p99 < 20 ms on SQLite. Options: --devices N --duration S --connections C.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { Client } from 'pg';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import { seedBulkDevices } from '../server/seed/demo';

interface Result {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no type declarations; this is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
}) => Promise<Result>;
/**
 * The load generator runs in a worker thread: in the server's own event loop it would charge its request and
 * response handling to the server, as no real client does.
 */
const load = (options: { url: string; headers?: Record<string, string> }) =>
  autocannon({ ...options, connections: CONNECTIONS, duration: DURATION, workers: 1 });

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DEVICES = arg('devices', 100_000);
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_PASSWORD = 'bench-admin-password';
/** A selective search (part of a device name: 11 matches) and a broad one (a serial prefix shared by 1,296 devices). */
const QUERIES = [`/api/Device/?page=1&page_size=20&search=${encodeURIComponent('设备-4242')}`, '/api/Device/?page=1&page_size=20&search=1581f5fhb00025'];

async function bare(): Promise<Result> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: 200, msg: 'ok', data: { items: [], total: 0 } }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load({ url: `${address}/bare` });
  } finally {
    await app.close();
  }
}

async function api(dialect: 'sqlite' | 'postgres'): Promise<{ query: string; result: Result; sample: string }[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = dialect === 'postgres' ? `${PG_URL}?schema=${schema}` : undefined;
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'static'));
  const config = {
    ...readConfig({}),
    dataDir: path.join(root, 'data'),
    distDir: path.join(root, 'dist'),
    staticDir: path.join(root, 'static'),
    adminPassword: ADMIN_PASSWORD,
    databaseUrl,
    logLevel: 'fatal',
  };
  const { app, database } = await buildServer(config, { apiRateLimit: 100_000_000 });
  try {
    const started = Date.now();
    await seedBulkDevices(database.db, DEVICES);
    if (dialect === 'postgres') await sqlAnalyze(schema);
    console.log(`${dialect}: ${DEVICES} devices seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const runs = [];
    for (const query of QUERIES) {
      const sample = (await (await fetch(`${address}${query}`, { headers })).json()) as { data: { total: number; items: unknown[] } };
      const result = await load({ url: `${address}${query}`, headers });
      runs.push({ query, result, sample: `total ${sample.data.total}, page ${sample.data.items.length}` });
    }
    return runs;
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
    if (dialect === 'postgres') await dropSchema(schema);
  }
}

async function withPg<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
const sqlAnalyze = (schema: string) => withPg((c) => c.query(`analyze "${schema}".devices`));
const dropSchema = (schema: string) => withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));

const fmt = (r: Result) =>
  `${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   avg ${r.latency.average.toFixed(2)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;

async function main(): Promise<void> {
  console.log(`bench:api — ${DEVICES} devices, ${CONNECTIONS} connections, ${DURATION} s per run, GET /api/Device/?page=1&page_size=20&search=…`);
  const baseline = await bare();
  console.log(`bare Fastify        ${fmt(baseline)}`);
  for (const dialect of ['sqlite', 'postgres'] as const) {
    try {
      for (const { query, result, sample } of await api(dialect)) {
        const ratio = result.requests.average / baseline.requests.average;
        console.log(
          `${`API on ${dialect}`.padEnd(20)}${fmt(result)}   ratio ${ratio.toFixed(2)}×   search=${decodeURIComponent(query.split('search=')[1])} (${sample})`,
        );
      }
    } catch (error) {
      console.log(`API on ${dialect}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  console.log('Targets (SQLite): ratio ≥ 0.5× bare Fastify, p99 < 20 ms. Figures only; nothing is asserted.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
