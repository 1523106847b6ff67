/**
 * npm run bench:grid — the device list with 100k devices on the real server, in headless chromium.
 * Seeds a temp database (demo data + N devices, N from --devices, default 100000), starts the server on it and
 * prints: navigation → first rows, next page → new rows, sorting → new rows (median of a few runs), plus the
 * server's own list time. Targets: first rows < 1 s, page change < 300 ms. Prints figures; asserts nothing.
 * Needs a build in DIST_DIR (default dist/): `npm run build` or `DIST_DIR=.build-x npx webpack --mode production`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, loginThroughPage } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const root = path.resolve(__dirname, '..');
const argDevices = process.argv.indexOf('--devices');
const DEVICES = argDevices > 0 ? Number(process.argv[argDevices + 1]) : 100_000;
const RUNS = 5;
const ADMIN_PASSWORD = 'bench-admin-password';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Text of the first data row, or null while there is none. */
const firstRow = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector('.MuiDataGrid-row');
    return row ? row.textContent : null;
  });

async function waitForChange(page: Page, before: string | null, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  await page.waitForFunction(
    (previous) => {
      const row = document.querySelector('.MuiDataGrid-row');
      return Boolean(row && row.textContent !== previous);
    },
    before,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return performance.now() - started;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-grid-'));
  console.log(`Seeding ${DEVICES} devices into ${dataDir} …`);
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/seed.ts'), '--devices', String(DEVICES)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
  console.log(seeded.stdout.trim());

  const server = await startServer({ ADMIN_PASSWORD, API_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' }, { dataDir });
  const browser = await launchBrowser();
  try {
    const base = server.url.replace(/\/$/, '');
    // The server alone: one list page and the total count.
    const login = (await (
      await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      })
    ).json()) as { data: { token: string } };
    const apiTimes: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const body = (await (
        await fetch(`${base}/api/Device/?page=${i + 2}&page_size=20`, { headers: { authorization: `Bearer ${login.data.token}` } })
      ).json()) as { data: { total: number } };
      apiTimes.push(performance.now() - started);
      total = body.data.total;
    }

    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await loginThroughPage(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();

    const firstRows: number[] = [];
    const nextPage: number[] = [];
    const sorting: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${base}/#/404`);
      await page.getByRole('heading', { name: /404/ }).waitFor();
      // Navigation inside the app (the shell is loaded), as a user opening the menu item.
      const started = performance.now();
      await page.evaluate(() => {
        window.location.hash = '#/Device/UAV';
      });
      await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 30_000 });
      firstRows.push(performance.now() - started);

      let before = await firstRow(page);
      await page.getByRole('button', { name: /下一页|next page/i }).click();
      nextPage.push(await waitForChange(page, before));

      before = await firstRow(page);
      await page.getByRole('columnheader', { name: '序列号' }).click();
      sorting.push(await waitForChange(page, before));
      await page.goto(`${base}/#/404`);
    }

    // A cold load: a new page, the whole app from the server, straight to the list.
    // The same tab (the stored session) loads the whole app again, straight into the list.
    const cold = page;
    await cold.goto('about:blank');
    const coldStarted = performance.now();
    await cold.goto(`${base}/#/Device/UAV`);
    await cold.locator('.MuiDataGrid-row').first().waitFor({ timeout: 30_000 });
    const coldFirstRows = performance.now() - coldStarted;

    console.log('');
    console.log(`Device list, ${total} devices on the server (median of ${RUNS}):`);
    console.log(`  API GET /Device/?page_size=20            ${ms(median(apiTimes))}`);
    console.log(`  navigation → first rows (in-app)         ${ms(median(firstRows))}   target < 1000 ms   runs: ${firstRows.map(ms).join(', ')}`);
    console.log(`  full page load → first rows (reload)     ${ms(coldFirstRows)}`);
    console.log(`  next page → new rows                     ${ms(median(nextPage))}   target < 300 ms   runs: ${nextPage.map(ms).join(', ')}`);
    console.log(`  sort by serial → new rows                ${ms(median(sorting))}   target < 300 ms   runs: ${sorting.map(ms).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
