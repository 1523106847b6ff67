/**
 * npm run bench:bundle — the JavaScript /login costs as a browser loads it. Starts the real server on the build in
 * DIST_DIR (default dist/; `npm run build` first) the way the browser tests do, opens /login in headless chromium
 * (a fresh context, so an empty cache, each run) and prints, each chunk named with its gzip size and what it holds:
 *   (a) the JS fetched before the login form is usable (password field visible and enabled), target ≤ 200 KB gzip;
 *   (b) the JS fetched before the first menu page (/Tas) shows after signing in as admin, and what sign-in added.
 * Prints figures; asserts nothing (e2e/loginBundle.e2e.ts holds the target).
 */
import { launchBrowser, loginThroughPage } from '../e2e/support/browser';
import { describeScripts, formatKb, recordScripts, totalGzip, type ScriptLoad } from '../e2e/support/scriptLoads';
import { startServer } from '../e2e/support/server';

const RUNS = 3;

const summary = (scripts: ScriptLoad[]) => `${formatKb(totalGzip(scripts))} gzip in ${scripts.length} files`;

async function main() {
  const server = await startServer({ DEMO_SEED: '0' });
  const browser = await launchBrowser();
  try {
    const runs: Array<{ login: ScriptLoad[]; firstPage: ScriptLoad[] }> = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      const scripts = recordScripts(page);
      await page.goto(`${server.url}#/login`);
      const login = await scripts.fetchedWhen({ passwordField: true });
      await loginThroughPage(page, server.url, 'admin', server.adminPassword);
      const firstPage = await scripts.fetchedWhen({ heading: '态势感知' });
      runs.push({ login, firstPage });
      await page.context().close();
    }
    const { login, firstPage } = runs[runs.length - 1];
    const added = firstPage.filter((s) => !login.some((l) => l.path === s.path));
    console.log(`/login in chromium, ${RUNS} runs:`);
    console.log(`(a) JS fetched before the login form is usable: ${runs.map((r) => formatKb(totalGzip(r.login))).join(', ')}   target ≤ 200 KB`);
    console.log(`    last run: ${summary(login)}`);
    for (const line of describeScripts(login)) console.log(line);
    console.log(`(b) JS fetched before the first menu page (/Tas) after sign-in: ${runs.map((r) => formatKb(totalGzip(r.firstPage))).join(', ')}`);
    console.log(`    last run: ${summary(firstPage)}; after the form was usable, ${summary(added)}:`);
    for (const line of describeScripts(added)) console.log(line);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
