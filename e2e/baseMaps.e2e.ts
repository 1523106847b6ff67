import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, loginThroughPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pyramid, writeMbtiles, writePmtiles } from './support/tilePackages';

jest.setTimeout(120_000);

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every response from /tiles/ since the page opened (the first map, /Tas after sign-in, already asks for tiles). */
let tileResponses: Response[];

beforeAll(async () => {
  // Two offline packages the server finds in DATA_DIR/tiles at start-up.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-e2e-tiles-'));
  writeMbtiles(path.join(dataDir, 'tiles', 'city.mbtiles'), pyramid(0, 3), { format: 'png', attribution: '© City test tiles' });
  writePmtiles(path.join(dataDir, 'tiles', 'world.pmtiles'), pyramid(0, 3), { attribution: '© World test tiles' });
  server = await startServer({ DEMO_SEED: '0' }, { dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  tileResponses = [];
  page.on('response', (r) => void (r.url().includes('/tiles/') && tileResponses.push(r)));
  await loginThroughPage(page, server.url, 'admin', server.adminPassword);
  await page.getByRole('heading', { name: '态势感知' }).waitFor();
});

afterEach(async () => {
  await page.context().close();
});

/** The base-map tiles on screen that finished loading a real image, with their URLs. */
const loadedTiles = (p: Page) =>
  p
    .locator('.leaflet-tile-pane img.leaflet-tile')
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 256).map((img) => img.src));

/** Waits until a tile whose URL contains `part` has loaded (a blob: URL for tiles cut out of a PMTiles archive); returns those tiles. */
const waitForLoadedTiles = async (p: Page, part: string) => {
  await p.waitForFunction(
    (text) =>
      [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img.leaflet-tile')].some(
        (img) => img.complete && img.naturalWidth === 256 && img.src.includes(text),
      ),
    part,
    { timeout: 20_000 },
  );
  return (await loadedTiles(p)).filter((src) => src.includes(part));
};

test('a served MBTiles package, then a PMTiles one, draw their tiles on the map; the choice is remembered', async () => {
  await page.goto(`${server.url}#/Map/Index`);
  await page.getByRole('heading', { name: '地图总览' }).waitFor();
  const switcher = page.getByRole('radiogroup', { name: '底图' });
  await switcher.getByRole('radio', { name: '离线地图包 city.mbtiles' }).waitFor();

  // No online provider configured: the first package is the default.
  expect(await switcher.getByRole('radio', { name: '离线地图包 city.mbtiles' }).isChecked()).toBe(true);
  const mbtiles = await waitForLoadedTiles(page, '/tiles/city.mbtiles/');
  expect(mbtiles.length).toBeGreaterThan(0);
  const served = tileResponses.filter((r) => r.url().includes('/tiles/city.mbtiles/'));
  expect(served.length).toBeGreaterThan(0);
  expect(served.every((r) => r.status() === 200 && r.headers()['content-type'] === 'image/png')).toBe(true);
  await page.locator('.leaflet-control-attribution', { hasText: '© City test tiles' }).waitFor();

  await switcher.getByRole('radio', { name: '离线地图包 world.pmtiles' }).check();
  // PMTiles tiles are cut out of the archive with range requests and shown as blob: images.
  const pmtiles = await waitForLoadedTiles(page, 'blob:');
  expect(pmtiles.length).toBeGreaterThan(0);
  const ranges = tileResponses.filter((r) => r.url().endsWith('/tiles/world.pmtiles'));
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r.status() === 206)).toBe(true);
  expect(await page.locator('.leaflet-tile-pane img.leaflet-tile[src*="/tiles/city.mbtiles/"]').count()).toBe(0);

  await page.reload();
  await page.getByRole('heading', { name: '地图总览' }).waitFor();
  await page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 world.pmtiles' }).waitFor();
  expect(await page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 world.pmtiles' }).isChecked()).toBe(true);
  expect((await waitForLoadedTiles(page, 'blob:')).length).toBeGreaterThan(0);
});

test('the small maps use the same base map: the airspace area picker shows the chosen package', async () => {
  await page.goto(`${server.url}#/Map/Index`);
  await page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 city.mbtiles' }).check();
  await page.goto(`${server.url}#/AirSpace/Apply`);
  await page.getByRole('heading', { name: '空域申请' }).waitFor();
  await page.getByRole('button', { name: '新建' }).first().click();
  const picker = page.getByRole('combobox', { name: '底图' });
  await picker.waitFor();
  expect(await picker.inputValue()).toBe('package:city.mbtiles');
  expect((await waitForLoadedTiles(page, '/tiles/city.mbtiles/')).length).toBeGreaterThan(0);
});

test('open tabs and the active one survive a reload', async () => {
  await page.goto(`${server.url}#/Device/UAV`);
  await page.getByRole('heading', { name: '无人机管理' }).waitFor();
  await page.goto(`${server.url}#/Map/Index`);
  await page.getByRole('heading', { name: '地图总览' }).waitFor();
  const tabs = page.getByRole('tablist', { name: '已打开的页面' });
  await tabs.getByRole('tab', { name: /地图总览/ }).waitFor();

  await page.reload();
  await page.getByRole('heading', { name: '地图总览' }).waitFor();
  await expect(tabs.getByRole('tab').allTextContents()).resolves.toEqual(['态势感知', '无人机管理', '地图总览']);
  expect(await tabs.getByRole('tab', { selected: true }).allTextContents()).toEqual(['地图总览']);
});
