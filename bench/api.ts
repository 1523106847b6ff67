/**
 * npm run bench:api — 100k devices, then autocannon against GET /api/Device/?page=1&page_size=20&search=…
 * (bearer token, permission check, search + count + page) and, in the same run, against a bare Fastify route on the
 * same database running the same SQL (the device list's query and its display names, nothing else): the physical
 * limit of this query here, so the ratio shows our own overhead. On SQLite and on PostgreSQL, then two server
 * processes on PostgreSQL + Redis with the load split evenly between them. Prints req/s, p99 and the ratio; asserts
 * nothing. Options: --devices N --duration S --connections C --dialect sqlite|postgres (default both).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { Client } from 'pg';
import { spawnServerProcess, type ServerProcess } from '../__tests__/support/serverProcess';
import { withDisplayNames, DEPT_NAME } from '../server/api/displayNames';
import { listQuerySchema, listRows, toListQuery, type ListSpec, type TableName } from '../server/api/list';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import { deviceList, deviceToApi } from '../server/entities/device/routes';
import { seedBulkDevices } from '../server/seed/bulkDevices';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
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
const load = (options: { url: string; headers?: Record<string, string>; connections?: number }) =>
  autocannon({ connections: CONNECTIONS, ...options, duration: DURATION, workers: 1 });

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DEVICES = arg('devices', 100_000);
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 10);
const DIALECTS = (['sqlite', 'postgres'] as const).filter((d) => !process.argv.includes('--dialect') || process.argv.includes(d));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'bench-admin-password';
/** A selective search (part of a device name: 11 matches) and a broad one (a serial prefix shared by 1,296 devices). */
const QUERIES = [`/api/Device/?page=1&page_size=20&search=${encodeURIComponent('设备-4242')}`, '/api/Device/?page=1&page_size=20&search=1581f5fhb00025'];

interface Run {
  label: string;
  query: string;
  result: Result;
  /** Against the bare route with the same SQL; absent for the two-instance run. */
  bare?: Result;
  /** One connection: the latency one user meets, no queueing behind the others. */
  alone?: Result;
  sample: string;
}

const signIn = async (address: string) => {
  const login = await fetch(new URL('/api/auth/login/', address), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
};
const sampleOf = async (url: string, headers: Record<string, string>) => {
  const sample = (await (await fetch(url, { headers })).json()) as { data: { total: number; items: unknown[] } };
  return `total ${sample.data.total}, page ${sample.data.items.length}`;
};

/** Fastify alone on the same database: /bare/{i} runs QUERIES[i]'s SQL (the list query and its display names) and answers the rows. */
async function bareRoutes(database: Awaited<ReturnType<typeof buildServer>>['database']) {
  const app = Fastify({ logger: false });
  const spec = deviceList as unknown as ListSpec<TableName>;
  QUERIES.forEach((query, i) => {
    const list = toListQuery(spec, listQuerySchema(spec).parse(Object.fromEntries(new URL(query, 'http://x').searchParams)));
    app.get(`/bare/${i}`, async () => {
      const { items, total } = await listRows(database.db, deviceList, list);
      return { code: 200, msg: 'ok', data: { items: await withDisplayNames(database.db, items.map(deviceToApi), DEPT_NAME), total } };
    });
  });
  return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** Two server processes on the seeded PostgreSQL schema sharing Redis, each taking half of the connections. */
async function twoInstances(root: string, databaseUrl: string): Promise<Run[]> {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: `bench_${randomBytes(4).toString('hex')}:`,
    DATA_DIR: path.join(root, 'data'),
    DIST_DIR: path.join(root, 'dist'),
    ADMIN_PASSWORD,
    DEMO_SEED: '0',
    MQTT_ENABLED: '0',
    API_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'fatal',
  };
  const servers: ServerProcess[] = [];
  try {
    servers.push(await spawnServerProcess(env), await spawnServerProcess(env));
    const headers = await signIn(servers[0].url);
    const runs: Run[] = [];
    for (const query of QUERIES) {
      const sample = await sampleOf(new URL(query, servers[1].url).toString(), headers);
      const halves = await Promise.all(
        servers.map((server) => load({ url: new URL(query, server.url).toString(), headers, connections: Math.max(1, Math.round(CONNECTIONS / 2)) })),
      );
      const result: Result = {
        requests: { average: halves.reduce((sum, r) => sum + r.requests.average, 0) },
        latency: {
          p50: Math.max(...halves.map((r) => r.latency.p50)),
          p99: Math.max(...halves.map((r) => r.latency.p99)),
          average: halves.reduce((sum, r) => sum + r.latency.average, 0) / halves.length,
        },
        non2xx: halves.reduce((sum, r) => sum + r.non2xx, 0),
        errors: halves.reduce((sum, r) => sum + r.errors, 0),
      };
      runs.push({ label: '2 × API, PG+Redis', query, result, sample });
    }
    return runs;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function api(dialect: 'sqlite' | 'postgres'): Promise<Run[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = dialect === 'postgres' ? `${PG_URL}?schema=${schema}` : undefined;
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'static'));
  const config = {
    ...readConfig({ HMS_URL: 'off' }),
    dataDir: path.join(root, 'data'),
    distDir: path.join(root, 'dist'),
    staticDir: path.join(root, 'static'),
    adminPassword: ADMIN_PASSWORD,
    databaseUrl,
    logLevel: 'fatal',
  };
  const { app, database } = await buildServer(config, { apiRateLimit: 100_000_000 });
  const runs: Run[] = [];
  try {
    const started = Date.now();
    await seedBulkDevices(database.db, DEVICES);
    if (dialect === 'postgres') await sqlAnalyze(schema);
    console.log(`${dialect}: ${DEVICES} devices seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await signIn(address);
    const bare = await bareRoutes(database);
    try {
      for (const [i, query] of QUERIES.entries()) {
        const sample = await sampleOf(`${address}${query}`, headers);
        const result = await load({ url: `${address}${query}`, headers });
        const alone = await load({ url: `${address}${query}`, headers, connections: 1 });
        runs.push({ label: `API on ${dialect}`, query, result, bare: await load({ url: `${bare.address}/bare/${i}` }), alone, sample });
      }
    } finally {
      await bare.app.close();
    }
    // Two processes starting on a busy machine may miss their start-up deadline: the single-process figures still count.
    if (databaseUrl)
      runs.push(
        ...(await twoInstances(root, databaseUrl).catch((error: unknown) => {
          console.log(`2 × API, PG+Redis: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
          return [];
        })),
      );
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
  for (const dialect of DIALECTS) {
    try {
      for (const { label, query, result, bare, alone, sample } of await api(dialect)) {
        const search = `search=${decodeURIComponent(query.split('search=')[1])} (${sample})`;
        if (bare) console.log(`${`bare, same SQL`.padEnd(20)}${fmt(bare)}   ${search}`);
        console.log(`${label.padEnd(20)}${fmt(result)}   ${bare ? `ratio ${(result.requests.average / bare.requests.average).toFixed(2)}×   ` : ''}${search}`);
        if (alone) console.log(`${'  1 connection'.padEnd(20)}${fmt(alone)}   p50 ${alone.latency.p50} ms`);
      }
    } catch (error) {
      console.log(`API on ${dialect}: skipped (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  console.log(
    'Targets at 100k devices: API ≥ 0.7× the bare route with the same SQL (10 connections), search p99 < 20 ms (one user alone, and 10 connections), on SQLite and on PostgreSQL; two instances: no target. Figures only; nothing is asserted.',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
