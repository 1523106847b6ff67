import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type ServerHandle } from '../../../server/app';
import { parseTrustProxy, type TrustProxyParse } from '../../../server/http/trustProxy';
import { testConfig } from '../api/harness';

describe('parseTrustProxy', () => {
  const refuse = (error: RegExp) => ({ ok: false, error: expect.stringMatching(error) });
  const table: [string | undefined, TrustProxyParse | ReturnType<typeof refuse>][] = [
    [undefined, { ok: true, trustProxy: false }],
    ['', { ok: true, trustProxy: false }],
    ['0', { ok: true, trustProxy: false }],
    ['false', { ok: true, trustProxy: false }],
    ['1', { ok: true, trustProxy: 1 }],
    ['2', { ok: true, trustProxy: 2 }],
    ['10.0.0.5', { ok: true, trustProxy: ['10.0.0.5'] }],
    ['10.0.0.0/8, 192.168.1.1,loopback', { ok: true, trustProxy: ['10.0.0.0/8', '192.168.1.1', 'loopback'] }],
    ['fd00::/8', { ok: true, trustProxy: ['fd00::/8'] }],
    ['true', refuse(/would trust any X-Forwarded-For/)],
    ['*', refuse(/would trust any X-Forwarded-For/)],
    ['10.0.0.0/33', refuse(/not "10\.0\.0\.0\/33"/)],
    ['proxy.internal', refuse(/not "proxy\.internal"/)],
    ['1.5', refuse(/not "1\.5"/)],
  ];
  it.each(table)('TRUST_PROXY=%j', (value, expected) => expect(parseTrustProxy(value)).toEqual(expected));
});

describe('rate limits behind a proxy, with forged X-Forwarded-For', () => {
  const roots: string[] = [];
  const servers: ServerHandle[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.app.close()));
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });

  const start = async (trustProxy: string) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-proxy-'));
    roots.push(root);
    const server = await buildServer(testConfig(root, { TRUST_PROXY: trustProxy, MQTT_ENABLED: '0' }), { demoSeed: false, loginRateLimit: 3, apiRateLimit: 5 });
    servers.push(server);
    return server;
  };
  /** Statuses of `count` requests, each from a client that forges a new address in front of what the proxy appends. */
  const forged = async (server: ServerHandle, count: number, request: { method: 'GET' | 'POST'; url: string; payload?: object }, proxyAppends: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const headers = { 'x-forwarded-for': `198.51.100.${i}, ${proxyAppends}` };
      statuses.push((await server.app.inject({ ...request, headers, remoteAddress: '10.1.2.3' })).statusCode);
    }
    return statuses;
  };
  const login = { method: 'POST' as const, url: '/api/auth/login/', payload: { username: 'admin', password: 'wrong-password' } };
  const api = { method: 'GET' as const, url: '/api/openapi.json' };

  it('TRUST_PROXY=1 believes only the address the proxy appended', async () => {
    const server = await start('1');
    expect(await forged(server, 5, login, '203.0.113.7')).toEqual([401, 401, 401, 429, 429]);
    expect(await forged(server, 6, api, '203.0.113.8')).toEqual([200, 200, 200, 200, 200, 429]);
    // A different real client still gets its own budget.
    expect(await forged(server, 1, login, '203.0.113.9')).toEqual([401]);
  });

  it('TRUST_PROXY=<proxy CIDR> ignores the header from anyone else', async () => {
    const server = await start('192.168.0.0/16');
    expect(await forged(server, 5, login, '203.0.113.7')).toEqual([401, 401, 401, 429, 429]);
  });
});
