import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildServer, type ServerHandle } from '../../../server/app';
import { ADMIN_PASSWORD, testConfig } from '../api/harness';
import { freePort } from '../../../e2e/support/freePort';
import { startOwnRedis } from '../../support/ownRedis';
import { until } from '../../support/until';

/**
 * Redis is a shared cache here, not the system of record (issue 27): with Redis frozen (SIGSTOP) or gone, an instance
 * starts, signs users in and answers the API from its database, every Redis call bounded by REDIS_TIMEOUT_MS; it
 * rejoins by itself when Redis is back. The redis-server is this test's own, on a port of its own. Scope of this
 * step: the API (rate-limit store, session and permission caches); the embedded broker's Redis sharing is not in it.
 */
const TIMEOUT_MS = 300;

describe('Redis frozen or gone: the API keeps serving from the database', () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let server: ServerHandle | undefined;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-redis-outage-'));
  const prefix = `outage_${process.pid}:`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startOwnRedis(port);
  });
  afterAll(async () => {
    await server?.app.close();
    if (redis && redis.exitCode === null) {
      redis.kill('SIGCONT');
      redis.kill('SIGKILL');
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  const health = async () => {
    const response = await server!.app.inject({ method: 'GET', url: '/api/health/' });
    return { status: response.statusCode, report: (response.json() as { data: { status: string; database: string; redis: string } }).data };
  };

  /** Signs in and reads a list, each answered within `withinMs`. */
  const serves = async (withinMs: number) => {
    const started = Date.now();
    const login = await server!.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { data: { token: string } }).data.token;
    const list = await server!.app.inject({ method: 'GET', url: '/api/Device/', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(withinMs);
  };

  it('starts while Redis is frozen and answers within the bound, rejoins when Redis thaws, and carries on when Redis is gone', async () => {
    redis!.kill('SIGSTOP');
    const started = Date.now();
    server = await buildServer(
      {
        ...testConfig(root, { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix, REDIS_TIMEOUT_MS: String(TIMEOUT_MS), MQTT_ENABLED: '0' }),
        demoSeed: false,
      },
      { apiRateLimit: 100_000, loginRateLimit: 1000 },
    );
    await server.app.ready();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await health()).toEqual({ status: 200, report: { status: 'degraded', database: 'up', redis: 'down' } });
    // Each request makes a handful of bounded Redis calls (rate limits) at most.
    await serves(10 * TIMEOUT_MS + 2_000);
    await serves(10 * TIMEOUT_MS + 2_000);

    // Thawed: the rate-limit counters are shared through Redis again, with no restart.
    redis!.kill('SIGCONT');
    const observer = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1 });
    try {
      await until(async () => {
        await serves(10_000);
        return (await observer.keys(`${prefix}rate-limit:*`)).length > 0;
      }, 30_000);
    } finally {
      observer.disconnect();
    }
    expect(await health()).toEqual({ status: 200, report: { status: 'ok', database: 'up', redis: 'up' } });

    // Gone: the connection is refused, every call fails at once or within the bound.
    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    await serves(10 * TIMEOUT_MS + 2_000);
    await serves(10 * TIMEOUT_MS + 2_000);
    expect((await health()).report).toMatchObject({ status: 'degraded', redis: 'down' });
  }, 120_000);
});

describe('rate limits while Redis is away', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-redis-limits-'));
  let redis: ChildProcess | undefined;
  let server: ServerHandle | undefined;
  afterAll(async () => {
    await server?.app.close();
    if (redis && redis.exitCode === null) {
      redis.kill('SIGCONT');
      redis.kill('SIGKILL');
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('still hold, counted by the instance itself, instead of letting every request through', async () => {
    const port = await freePort();
    redis = await startOwnRedis(port);
    server = await buildServer(
      {
        ...testConfig(root, {
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_KEY_PREFIX: `limits_${process.pid}:`,
          REDIS_TIMEOUT_MS: String(TIMEOUT_MS),
          MQTT_ENABLED: '0',
        }),
        demoSeed: false,
      },
      { apiRateLimit: 100_000, loginRateLimit: 3 },
    );
    await server.app.ready();
    redis.kill('SIGSTOP');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: 'wrong' } })).statusCode);
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  }, 60_000);
});
