import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { pyramid, writeMbtiles, writePmtiles } from './support/tilePackages';

jest.setTimeout(120_000);

const session = useBrowserSession({
  env: { DEMO_SEED: '0' },
  // Two offline packages the server finds in DATA_DIR/tiles at start-up.
  dataDir: () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-e2e-tiles-'));
    writeMbtiles(path.join(dataDir, 'tiles', 'city.mbtiles'), pyramid(0, 3), { format: 'png', attribution: '© City test tiles' });
    writePmtiles(path.join(dataDir, 'tiles', 'world.pmtiles'), pyramid(0, 3), { attribution: '© World test tiles' });
    return dataDir;
  },
  onPage: async (page, server) => {
    tileResponses = [];
    page.on('response', (r) => r.url().includes('/tiles/') && tileResponses.push(r));
    await signInAsAdmin(page, server);
  },
});

/** Every response of the page under /tiles/, from its first request on (the login lands on /Tas, whose map loads tiles too). */
let tileResponses: Response[];

/** The base-map tiles on screen that finished loading a real image, with their URLs. */
const loadedTiles = (p: Page) =>
  p
    .locator('.leaflet-tile-pane img.leaflet-tile')
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 256).map((img) => img.src));

/**
 * The tile responses whose URL contains `fragment`. Playwright reports responses asynchronously (an image can be on the
 * session.page before its response event arrives), so this waits for the first one, up to a deadline.
 */
const responsesOf = async (fragment: string) => {
  for (const until = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const served = tileResponses.filter((r) => r.url().includes(fragment));
    if (served.length > 0 || Date.now() > until) return served;
  }
};

/** Which tiles to wait for: served by our session.server from a package (URL fragment), or drawn from PMTiles (blob: URLs). */
type TileSource = { urlIncludes: string } | { blob: true };

const waitForLoadedTiles = async (p: Page, source: TileSource) => {
  // No functions are passed into the page: the console's CSP forbids evaluating strings there.
  await p.waitForFunction(
    ({ urlIncludes, blob }) =>
      [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img.leaflet-tile')].some(
        (img) => img.complete && img.naturalWidth === 256 && (blob ? img.src.startsWith('blob:') : img.src.includes(urlIncludes ?? '')),
      ),
    { urlIncludes: 'urlIncludes' in source ? source.urlIncludes : undefined, blob: 'blob' in source },
    { timeout: 20_000 },
  );
  return (await loadedTiles(p)).filter((src) => ('blob' in source ? src.startsWith('blob:') : src.includes(source.urlIncludes)));
};

test('a served MBTiles package, then a PMTiles one, draw their tiles on the map; the choice is remembered', async () => {
  await session.page.goto(`${session.server.url}#/Map/Index`);
  await session.page.getByRole('heading', { name: '地图总览' }).waitFor();
  const switcher = session.page.getByRole('radiogroup', { name: '底图' });
  await switcher.getByRole('radio', { name: '离线地图包 city.mbtiles' }).waitFor();

  // No online provider configured: the first package is the default.
  expect(await switcher.getByRole('radio', { name: '离线地图包 city.mbtiles' }).isChecked()).toBe(true);
  const mbtiles = await waitForLoadedTiles(session.page, { urlIncludes: '/tiles/city.mbtiles/' });
  expect(mbtiles.length).toBeGreaterThan(0);
  const served = await responsesOf('/tiles/city.mbtiles/');
  expect(served.length).toBeGreaterThan(0);
  expect(served.every((r) => r.status() === 200 && r.headers()['content-type'] === 'image/png')).toBe(true);
  await session.page.locator('.leaflet-control-attribution', { hasText: '© City test tiles' }).waitFor();

  await switcher.getByRole('radio', { name: '离线地图包 world.pmtiles' }).check();
  // PMTiles tiles are cut out of the archive with range requests and shown as blob: images.
  const pmtiles = await waitForLoadedTiles(session.page, { blob: true });
  expect(pmtiles.length).toBeGreaterThan(0);
  const ranges = await responsesOf('/tiles/world.pmtiles');
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r.status() === 206)).toBe(true);
  expect(await session.page.locator('.leaflet-tile-pane img.leaflet-tile[src*="/tiles/city.mbtiles/"]').count()).toBe(0);

  await session.page.reload();
  await session.page.getByRole('heading', { name: '地图总览' }).waitFor();
  await session.page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 world.pmtiles' }).waitFor();
  expect(await session.page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 world.pmtiles' }).isChecked()).toBe(true);
  expect((await waitForLoadedTiles(session.page, { blob: true })).length).toBeGreaterThan(0);
});

test('the small maps use the same base map: the airspace area picker shows the chosen package', async () => {
  await session.page.goto(`${session.server.url}#/Map/Index`);
  await session.page.getByRole('radiogroup', { name: '底图' }).getByRole('radio', { name: '离线地图包 city.mbtiles' }).check();
  await session.page.goto(`${session.server.url}#/AirSpace/Apply`);
  await session.page.getByRole('heading', { name: '空域申请' }).waitFor();
  await session.page.getByRole('button', { name: '新建' }).first().click();
  const picker = session.page.getByRole('combobox', { name: '底图' });
  await picker.waitFor();
  expect(await picker.inputValue()).toBe('package:city.mbtiles');
  expect((await waitForLoadedTiles(session.page, { urlIncludes: '/tiles/city.mbtiles/' })).length).toBeGreaterThan(0);
});

test('open tabs and the active one survive a reload', async () => {
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.getByRole('heading', { name: '无人机管理' }).waitFor();
  await session.page.goto(`${session.server.url}#/Map/Index`);
  await session.page.getByRole('heading', { name: '地图总览' }).waitFor();
  const tabs = session.page.getByRole('tablist', { name: '已打开的页面' });
  await tabs.getByRole('tab', { name: /地图总览/ }).waitFor();

  await session.page.reload();
  await session.page.getByRole('heading', { name: '地图总览' }).waitFor();
  await expect(tabs.getByRole('tab').allTextContents()).resolves.toEqual(['态势感知', '无人机管理', '地图总览']);
  expect(await tabs.getByRole('tab', { selected: true }).allTextContents()).toEqual(['地图总览']);
});
