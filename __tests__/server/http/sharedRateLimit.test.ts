import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildServer, type ServerHandle } from '../../../server/app';
import { testConfig } from '../api/harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared by two instances through Redis', () => {
  const prefix = `skyline-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const roots: string[] = [];
  const servers: ServerHandle[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-redis-'));
      roots.push(root);
      // Sharing is under test here, not outage detection: a PING slowed past 1 s by a busy machine must not count as
      // Redis gone (which switches each instance to limits of its own; faults/redisOutage.test.ts covers that).
      const config = testConfig(root, { REDIS_URL, REDIS_KEY_PREFIX: prefix, MQTT_ENABLED: '0', REDIS_TIMEOUT_MS: '10000' });
      servers.push(await buildServer(config, { demoSeed: false, loginRateLimit: 3, apiRateLimit: 4 }));
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.app.close()));
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts login attempts and API requests across both instances', async () => {
    const statuses = async (count: number, request: { method: 'GET' | 'POST'; url: string; payload?: object }) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) seen.push((await servers[i % 2].app.inject({ ...request, remoteAddress: '203.0.113.20' })).statusCode);
      return seen;
    };
    expect(await statuses(5, { method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: 'wrong-password' } })).toEqual([
      401, 401, 401, 429, 429,
    ]);
    expect(await statuses(5, { method: 'GET', url: '/api/openapi.json' })).toEqual([200, 200, 200, 200, 429]);
  });
});
