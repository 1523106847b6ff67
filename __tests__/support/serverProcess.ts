import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPostgres, dropSchema, PG_URL } from './postgres';

const root = path.resolve(__dirname, '../..');

export interface ServerProcess {
  /** The console's address, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, resolved once the process has exited. */
  stop: () => Promise<void>;
  /** SIGKILL (no shutdown of any kind), resolved once the process has exited. */
  kill: () => Promise<void>;
}

/** The embedded broker of the server at `consoleUrl` (http://host:port/), over websocket: ws://host:port/mqtt. */
export const brokerUrl = (consoleUrl: string) => `${consoleUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/mqtt`;

/**
 * Starts the real server (`node --import tsx server/main.ts`) as its own process on a free port (PORT=0, HOST=127.0.0.1
 * unless `env` says otherwise) and waits for its start-up banner. Used by the browser tests and the scale-out test.
 */
export async function spawnServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  // tsx as a loader in the server's own process (its CLI would run the server in a child a SIGKILL does not reach).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', HMS_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const check = () => {
      const match = /Skyline Ops console: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const exitOn = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, output: () => output, stop: () => exitOn('SIGTERM'), kill: () => exitOn('SIGKILL') };
}

export interface ScaleOutOptions<T extends { stop(): Promise<void> } = ServerProcess> {
  /** Start them all at once, as a rolling deploy may (their migrations must not collide); else one after the other in order. */
  together?: boolean;
  /** Share the live channel through the local Redis, under a key prefix of their own. */
  redis?: boolean;
  /** How each instance is started (default: spawnServerProcess). */
  start?: (env: Record<string, string>) => Promise<T>;
}

/** The instances of useScaledOutServers, in the order they started. */
export type ScaledOut<T> = T[] & {
  /** Starts one more on the same database, Redis and environment (stopped with the others). */
  startAnother(): Promise<T>;
};

/**
 * `count` server processes behind one imaginary load balancer: one fresh PostgreSQL schema, one DATA_DIR (uploads), no
 * dist/ (the server only warns), no demo seed; `env` adds to that (a function: read in beforeAll, once what it names,
 * e.g. a broker, is up). Started in beforeAll, stopped (schema and folders removed) in afterAll; the array is filled
 * once they are up.
 */
export function useScaledOutServers<T extends { stop(): Promise<void> } = ServerProcess>(
  count: number,
  env: Record<string, string> | (() => Record<string, string>),
  options: ScaleOutOptions<T> = {},
): ScaledOut<T> {
  const start = options.start ?? (spawnServerProcess as unknown as (env: Record<string, string>) => Promise<T>);
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const schema = `t_${id}_scaleout`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-scaleout-'));
  let shared: Record<string, string> | undefined;
  const another = async () => {
    if (!shared) throw new Error('the first instances have not started');
    const server = await start(shared);
    servers.push(server);
    return server;
  };
  const servers: ScaledOut<T> = Object.assign([] as T[], { startAnother: another });
  beforeAll(async () => {
    await assertPostgres();
    shared = {
      DATABASE_URL: `${PG_URL}?schema=${schema}`,
      DATA_DIR: path.join(root, 'data'),
      DIST_DIR: path.join(root, 'dist'),
      DEMO_SEED: '0',
      ...(options.redis ? { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `t_${id}:` } : {}),
      ...(typeof env === 'function' ? env() : env),
    };
    if (!options.together) {
      for (let i = 0; i < count; i++) await another();
      return;
    }
    const started = await Promise.allSettled(Array.from({ length: count }, () => start(shared!)));
    servers.push(...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropSchema(schema);
    fs.rmSync(root, { recursive: true, force: true });
  });
  return servers;
}
