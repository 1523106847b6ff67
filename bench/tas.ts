/**
 * npm run bench:tas — the situational view under load: the real server (built app from DIST_DIR or dist), the
 * device simulator with 1,000 drones at 1 Hz, and /Tas open in headless Chromium for 30 s. Prints the share of
 * animation frames longer than 50 ms and the JS heap over time (after a forced GC at each sample). Target: < 5 %
 * long frames, no growth trend. Prints figures; asserts nothing.
 *
 *   npm run bench:tas [-- --drones 1000 --seconds 30 --rate 1 --warmup 30]
 *   options: --profile (top self-time functions of a 5 s CPU profile), --trace (main-thread time by trace event
 *            over 5 s: layout, paint, scripting…), --search TEXT (filter the side list first),
 *            --baseline (measure on /Map/Index: same server, simulator and broker connection, no telemetry subscription)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { launchBrowser, loginThroughPage } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DRONES = arg('drones', 1000);
const SECONDS = arg('seconds', 30);
const RATE = arg('rate', 1);
/** Seconds to run before measuring, so the trails (30 samples per drone) have filled: the steady state is measured. */
const WARMUP = arg('warmup', 30);
/** --profile: also print the top self-time functions of a 5 s CPU profile. */
const PROFILE = process.argv.includes('--profile');
/** --trace: also print where the renderer's main thread spends 5 s, by trace event name (self time). */
const TRACE = process.argv.includes('--trace');
/** --search TEXT: type into the drone list's search first (e.g. a text matching nothing, to measure without the list). */
/** --baseline: measure on /Map/Index instead (no telemetry subscription), to separate the view's cost from the rest. */
const BASELINE = process.argv.includes('--baseline');
const SEARCH = process.argv.includes('--search') ? process.argv[process.argv.indexOf('--search') + 1] : '';
const root = path.resolve(__dirname, '..');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

async function main() {
  // Every simulated RC signs in like its pilot: the login rate limit must let them all in at once.
  const server = await startServer({ MQTT_SYSINFO_INTERVAL_MS: '2000', LOGIN_RATE_LIMIT: String(DRONES + 10) });
  const url = `${server.url.replace(/^http/, 'ws').replace(/\/$/, '')}/mqtt`;
  const simulator = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, 'scripts/simulate.ts'),
      '--drones',
      String(DRONES),
      '--rate',
      String(RATE),
      '--url',
      url,
    ],
    {
      cwd: root,
      env: { ...process.env, ADMIN_PASSWORD: server.adminPassword },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let simOutput = '';
  simulator.stdout.on('data', (c) => (simOutput += c));
  simulator.stderr.on('data', (c) => (simOutput += c));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await loginThroughPage(page, server.url, 'admin', server.adminPassword);
    await page.getByRole('heading', { name: '态势感知' }).waitFor();
    const droneCount = async () =>
      (await page.evaluate(`Object.keys(document.querySelector('.leaflet-container')?.droneLayer?.drones() ?? {}).length`)) as number;
    const warmStart = Date.now();
    while ((await droneCount()) < Math.floor(DRONES * 0.95)) {
      if (Date.now() - warmStart > 90_000) throw new Error(`only ${await droneCount()} drones on the map after 90 s\nsimulator:\n${simOutput.slice(-2000)}`);
      await page.waitForTimeout(500);
    }
    console.log(
      `bench:tas — ${DRONES} drones at ${RATE} Hz; all on the map after ${((Date.now() - warmStart) / 1000).toFixed(1)} s; warm-up ${WARMUP} s, then measuring ${SECONDS} s`,
    );
    if (SEARCH) await page.getByLabel('搜索序列号或任务').fill(SEARCH);
    await page.waitForTimeout(WARMUP * 1000);
    if (BASELINE) {
      await page.evaluate(`location.hash = '#/Map/Index'`);
      await page.getByRole('heading', { name: '地图总览' }).waitFor();
      await page.waitForTimeout(3000);
    }

    const cdp = await page.context().newCDPSession(page);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await page.waitForTimeout(5000);
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<string, number>();
      const dt = new Map<number, number>();
      profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
      for (const node of profile.nodes) {
        const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0));
      }
      console.log('CPU profile, self time over 5 s:');
      for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
    }
    if (TRACE) {
      const events: Array<{ name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }> = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      await page.waitForTimeout(5000);
      await cdp.send('Tracing.end');
      await done;
      const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      // Self time: a complete event's duration less the complete events nested directly inside it.
      const slices = events
        .filter((e) => e.ph === 'X' && e.dur !== undefined && main && e.pid === main.pid && e.tid === main.tid)
        .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      const self = new Map<string, number>();
      const stack: Array<{ end: number; name: string }> = [];
      for (const e of slices) {
        while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
        const parent = stack[stack.length - 1];
        if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
        self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
        stack.push({ end: e.ts + e.dur!, name: e.name });
      }
      console.log('main thread, self time by trace event over 5 s:');
      for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
    }
    await cdp.send('Performance.enable');
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
    };

    // A string, not a function: tsx would add helpers (__name) the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__stop = false;
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (!window.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);

    const samples: Array<{ t: number; heap: number; drones: number }> = [];
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      samples.push({ t: (Date.now() - started) / 1000, heap: await heap(), drones: BASELINE ? 0 : await droneCount() });
      await page.waitForTimeout(3000);
    }
    samples.push({ t: (Date.now() - started) / 1000, heap: await heap(), drones: BASELINE ? 0 : await droneCount() });
    const frames = (await page.evaluate('(window.__stop = true, window.__frames.slice(1))')) as number[];
    const online = BASELINE ? '(baseline: /Map/Index)' : await page.getByLabel('在线设备').textContent();

    const long = frames.filter((d) => d > 50).length;
    const sorted = [...frames].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    const heapSlope = slope(
      samples.map((s) => s.t),
      samples.map((s) => s.heap),
    );
    console.log(
      `frames: ${frames.length} in ${SECONDS} s (${(frames.length / SECONDS).toFixed(1)} fps); over 50 ms: ${long} = ${((100 * long) / Math.max(1, frames.length)).toFixed(2)} %; p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms`,
    );
    console.log(`JS heap after GC (MB): ${samples.map((s) => mb(s.heap)).join(' → ')}`);
    console.log(
      `heap trend: ${((heapSlope * 60) / 1024 / 1024).toFixed(2)} MB/min (first ${mb(samples[0].heap)} MB, last ${mb(samples[samples.length - 1].heap)} MB, max ${mb(Math.max(...samples.map((s) => s.heap)))} MB)`,
    );
    console.log(`drones on the map: ${samples.map((s) => s.drones).join(', ')}; header: ${online}`);
  } finally {
    await browser.close();
    simulator.kill('SIGTERM');
    await new Promise((r) => (simulator.exitCode !== null ? r(null) : simulator.once('exit', r)));
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
