import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type ServerHandle } from '../../../server/app';
import { readConfig } from '../../../server/config';

let handle: ServerHandle;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-static-'));
  const dist = path.join(root, 'dist');
  const staticDir = path.join(root, 'static');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'config.json'), '{"platformName":"测试平台"}');
  fs.writeFileSync(path.join(staticDir, '.env'), 'SECRET=1');
  const config = { ...readConfig({ HMS_URL: 'off' }), dataDir: path.join(root, 'data'), distDir: dist, staticDir, adminPassword: 'static-test-pw' };
  handle = await buildServer(config);
});

afterAll(async () => {
  await handle.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves the console at / without caching index.html', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('id="root"');
  });

  it('caches content-hashed assets for a year', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the runtime config from static/ uncached', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ platformName: '测试平台' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never serves dotfiles', async () => {
    expect((await handle.app.inject({ method: 'GET', url: '/.env' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unknown API route answers the JSON envelope', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/api/nothing/here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, data: null });
  });
});
