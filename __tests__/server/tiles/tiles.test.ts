import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PMTiles, type Source } from 'pmtiles';
import { tilePackageListSchema } from '@shared/tiles';
import { buildServer, type ServerHandle } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { pyramid, solidPng, writeMbtiles, writePmtiles, type TestTile } from '../../../e2e/support/tilePackages';

let handle: ServerHandle;
let root: string;
let tilesDir: string;

const RED = solidPng([255, 0, 0]);
const BLUE = solidPng([0, 0, 255]);
// z1: only the top-left tile is red, so a TMS/XYZ row mix-up shows.
const mbTiles: TestTile[] = [
  { z: 0, x: 0, y: 0, data: BLUE },
  ...[0, 1].flatMap((x) => [0, 1].map((y) => ({ z: 1, x, y, data: x === 0 && y === 0 ? RED : BLUE }))),
];

const get = (url: string, headers: Record<string, string> = {}) => handle.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-tiles-'));
  const dataDir = path.join(root, 'data');
  tilesDir = path.join(dataDir, 'tiles');
  writeMbtiles(path.join(tilesDir, 'city.mbtiles'), mbTiles, {
    format: 'png',
    attribution: '© Test',
    minzoom: '0',
    maxzoom: '1',
    bounds: '113.7,22.4,114.6,22.9',
  });
  writePmtiles(path.join(tilesDir, 'world.pmtiles'), pyramid(0, 2), { attribution: '© PM' });
  fs.writeFileSync(path.join(tilesDir, 'broken.pmtiles'), 'not an archive at all, just text');
  fs.writeFileSync(path.join(tilesDir, 'notes.txt'), 'x');
  fs.writeFileSync(path.join(tilesDir, 'with space.pmtiles'), 'x');
  const config = {
    ...readConfig({ HMS_URL: 'off' }),
    dataDir,
    distDir: path.join(root, 'dist'),
    staticDir: path.join(root, 'static'),
    adminPassword: 'tiles-test-pw',
  };
  fs.mkdirSync(config.distDir);
  fs.mkdirSync(config.staticDir);
  handle = await buildServer(config, { demoSeed: false });
});

afterAll(async () => {
  await handle.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('GET /tiles/ (the package list)', () => {
  it('lists the readable packages with their type, zooms, bounds and URL; skips broken files and other names', async () => {
    const response = await get('/tiles/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { items } = tilePackageListSchema.parse(response.json().data);
    expect(items.map((p) => p.name)).toEqual(['city.mbtiles', 'world.pmtiles']);
    expect(items[0]).toMatchObject({
      format: 'mbtiles',
      tileType: 'png',
      url: '/tiles/city.mbtiles/{z}/{x}/{y}',
      minZoom: 0,
      maxZoom: 1,
      bounds: [113.7, 22.4, 114.6, 22.9],
      attribution: '© Test',
    });
    expect(items[1]).toMatchObject({ format: 'pmtiles', tileType: 'png', url: '/tiles/world.pmtiles', minZoom: 0, maxZoom: 2, attribution: '© PM' });
    expect(items[1].bytes).toBe(fs.statSync(path.join(tilesDir, 'world.pmtiles')).size);
  });
});

describe('PMTiles archives', () => {
  it('answers a range request with 206 and exactly those bytes', async () => {
    const response = await get('/tiles/world.pmtiles', { range: 'bytes=0-126' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-126/${fs.statSync(path.join(tilesDir, 'world.pmtiles')).size}`);
    expect(response.rawPayload.subarray(0, 7).toString('latin1')).toBe('PMTiles');
    expect(response.rawPayload.length).toBe(127);
  });

  it('is cacheable and revalidates with its ETag', async () => {
    const response = await get('/tiles/world.pmtiles');
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(response.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get('/tiles/world.pmtiles', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('serves tiles a PMTiles reader finds through range requests', async () => {
    const source: Source = {
      getKey: () => 'world',
      async getBytes(offset, length) {
        const response = await get('/tiles/world.pmtiles', { range: `bytes=${offset}-${offset + length - 1}` });
        return { data: new Uint8Array(response.rawPayload).buffer };
      },
    };
    const tile = await new PMTiles(source).getZxy(2, 3, 1);
    expect(Buffer.from(tile!.data).equals(pyramid(2, 2)[0].data)).toBe(true);
  });
});

describe('MBTiles tiles', () => {
  it('serves z/x/y in XYZ numbering with the image type and cache headers', async () => {
    const response = await get('/tiles/city.mbtiles/1/0/0');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['last-modified']).toBeTruthy();
    expect(response.rawPayload.equals(RED)).toBe(true);
    expect((await get('/tiles/city.mbtiles/1/0/1')).rawPayload.equals(BLUE)).toBe(true);
  });

  it('answers 404 for a tile the package does not have, or a package that does not exist', async () => {
    expect((await get('/tiles/city.mbtiles/5/0/0')).statusCode).toBe(404);
    expect((await get('/tiles/gone.mbtiles/0/0/0')).statusCode).toBe(404);
    expect((await get('/tiles/gone.pmtiles')).statusCode).toBe(404);
  });

  it('answers 400 for coordinates that are not a tile', async () => {
    for (const url of [
      '/tiles/city.mbtiles/1/2/0',
      '/tiles/city.mbtiles/a/0/0',
      '/tiles/city.mbtiles/1/0/-1',
      '/tiles/city.mbtiles/31/0/0',
      '/tiles/city.mbtiles/0x1/0/0',
      '/tiles/city.mbtiles/1/0x0/0',
      '/tiles/city.mbtiles/1e0/0/0',
      '/tiles/city.mbtiles/1.0/0/0',
      '/tiles/city.mbtiles/%201/0/0',
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toMatchObject({ code: 400, data: null });
    }
  });
});

describe('a damaged MBTiles file', () => {
  it('is a 422 with its reason, logged once, and left out of the list', async () => {
    fs.writeFileSync(path.join(tilesDir, 'broken.mbtiles'), 'not a database at all, just text');
    const warnings: unknown[] = [];
    const warn = jest.spyOn(handle.app.log, 'warn').mockImplementation(((...args: unknown[]) => void warnings.push(args)) as never);
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await get('/tiles/broken.mbtiles/0/0/0');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 422, data: null, error_code: 'tiles.package_unreadable' });
      }
      expect((await get('/tiles/')).json().data.items.map((p: { name: string }) => p.name)).not.toContain('broken.mbtiles');
    } finally {
      warn.mockRestore();
    }
    expect(warnings.filter((args) => JSON.stringify(args).includes('broken.mbtiles'))).toHaveLength(1);
  });
});

describe('names the server refuses', () => {
  it.each([
    '/tiles/notes.txt',
    '/tiles/city.mbtiles',
    '/tiles/with%20space.pmtiles',
    '/tiles/../skyline.db',
    '/tiles/..%2fskyline.db',
    '/tiles/%2e%2e/skyline.db',
    '/tiles/sub/../world.pmtiles/../../skyline.db',
    '/tiles/.hidden.pmtiles',
  ])('%s is not served', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.rawPayload.subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
  });

  it('an MBTiles name with a path in it is a 400', async () => {
    expect((await get('/tiles/..%2fskyline.db/0/0/0')).statusCode).toBe(400);
    expect((await get('/tiles/..%2f..%2ftiles%2fcity.mbtiles/0/0/0')).statusCode).toBe(400);
  });
});
