/**
 * npm run bench:tas — the situational view under load: the real server (built app from DIST_DIR or dist), the
 * device simulator with 1,000 drones (docks, an aircraft each) at 1 Hz, and /Tas open in headless Chromium. Once every drone reports in the fleet
 * snapshot it opens /Tas afresh and times until all of them are on the map (the fleet canvas's accessible label), warms up, then
 * measures the share of animation frames longer than 50 ms, frame percentiles and the JS heap over time (after a
 * forced GC at each sample). Then, in the same run, the same figures on /Map/Index (same server, simulator and
 * broker connection, no fleet subscription): the baseline, so a reader sees what the view itself adds.
 * Prints figures and the targets they meet or miss; asserts nothing.
 *
 *   npm run bench:tas [-- --drones 1000 --seconds 30 --rate 1 --warmup 30]
 *   options: --profile (top self-time functions of a 5 s CPU profile on /Tas), --trace (main-thread time by trace
 *            event over 5 s on /Tas: layout, paint, scripting…), --search TEXT (filter the side list first)
 */
import mqtt from 'mqtt';
import type { CDPSession, Page } from 'playwright-core';
import { decodeFleet } from '@shared/fleet/codec';
import { TOPIC_FLEET } from '@shared/live';
import { adminApi } from '../e2e/support/api';
import { launchBrowser, loginThroughPage } from '../e2e/support/browser';
import { startServer, type RunningServer } from '../e2e/support/server';
import { brokerUrl } from '../__tests__/support/serverProcess';
import { startSimulator } from '../e2e/support/simulator';

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
const SEARCH = process.argv.includes('--search') ? process.argv[process.argv.indexOf('--search') + 1] : '';
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

/** Seconds from `since` until `check` holds, polling; null when it does not within `timeoutMs`. */
async function secondsUntil(page: Page, check: () => Promise<boolean>, since: number, timeoutMs: number): Promise<number | null> {
  while (!(await check())) {
    if (Date.now() - since > timeoutMs) return null;
    await page.waitForTimeout(100);
  }
  return (Date.now() - since) / 1000;
}

/**
 * Resolves once a sysinfo/fleet snapshot (read as the admin's browser would, over the broker's websocket) carries
 * `aircraft` aircraft: the fleet as the view will get it. The devices' rows say online earlier (at update_topo),
 * before the last aircraft have sent the first OSD that puts them in the snapshot.
 */
async function fleetReported(server: RunningServer, token: string, aircraft: number, timeoutMs: number, output: () => string): Promise<void> {
  const client = await mqtt.connectAsync(brokerUrl(server.url), {
    username: 'admin',
    password: token,
    clientId: `web_bench_tas_${process.pid}`,
    reconnectPeriod: 0,
  });
  let largest = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${largest} of ${aircraft} aircraft in sysinfo/fleet after ${timeoutMs / 1000} s\n${output()}`)),
        timeoutMs,
      );
      client.on('message', (_topic, payload) => {
        const decoded = decodeFleet(payload);
        largest = Math.max(largest, decoded.ok ? decoded.fleet.count : 0);
        if (largest < aircraft) return;
        clearTimeout(timer);
        resolve();
      });
      client.subscribe(TOPIC_FLEET, { qos: 0 }, (error) => error && reject(error));
    });
  } finally {
    await client.endAsync();
  }
}

/** Drones on the fleet canvas, read from its accessible label ("地图上 N 架无人机"); 0 when the map is not open. */
const dronesOnMap = async (page: Page) =>
  Number(/\d+/.exec((await page.evaluate(`document.querySelector('canvas.skyline-drones')?.getAttribute('aria-label') ?? ''`)) as string)?.[0] ?? 0);

async function cpuProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, 5000));
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

async function mainThreadTrace(cdp: CDPSession) {
  const events: Array<{ name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }> = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await new Promise((r) => setTimeout(r, 5000));
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

interface Figures {
  fps: number;
  longShare: number;
  p50: number;
  p95: number;
  max: number;
  heapTrendMbPerMin: number;
  heaps: number[];
  drones: number[];
}

/** Frame times and heap over `seconds` on the page as it is. */
async function measure(page: Page, cdp: CDPSession, seconds: number): Promise<Figures> {
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
  const sample = async () => samples.push({ t: (Date.now() - started) / 1000, heap: await heap(), drones: await dronesOnMap(page) });
  while (Date.now() - started < seconds * 1000) {
    await sample();
    await page.waitForTimeout(3000);
  }
  await sample();
  const frames = (await page.evaluate('(window.__stop = true, window.__frames.slice(1))')) as number[];
  const sorted = [...frames].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return {
    fps: frames.length / seconds,
    longShare: (100 * frames.filter((d) => d > 50).length) / Math.max(1, frames.length),
    p50: pct(0.5),
    p95: pct(0.95),
    max: sorted[sorted.length - 1] ?? 0,
    heapTrendMbPerMin:
      (slope(
        samples.map((s) => s.t),
        samples.map((s) => s.heap),
      ) *
        60) /
      1024 /
      1024,
    heaps: samples.map((s) => s.heap),
    drones: samples.map((s) => s.drones),
  };
}

const framesLine = (f: Figures) =>
  `${f.fps.toFixed(1)} fps; over 50 ms: ${f.longShare.toFixed(2)} %; p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`;
const heapLine = (f: Figures) => `JS heap after GC (MB): ${f.heaps.map(mb).join(' → ')}; trend ${f.heapTrendMbPerMin.toFixed(2)} MB/min`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

async function main() {
  // The whole simulated fleet comes from one address: it registers every dock through the API (the API rate limit)
  // and holds one broker connection per dock (the per-address connection cap).
  const server = await startServer({
    MQTT_SYSINFO_INTERVAL_MS: '2000',
    API_RATE_LIMIT: String(DRONES * 3 + 100),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(DRONES + 100),
  });
  // Docks (an aircraft each) rather than Pilot 2 RCs: a dock signs in with its secret, a pilot with a password whose
  // deliberate hashing cost would keep thousands of simulated pilots queueing for minutes.
  const simulator = startSimulator(server, ['--gateways', '0', '--docks', String(DRONES), '--rate', String(RATE), '--no-plans']);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    const pageMessages: string[] = [];
    page.on('console', (m) => void (['error', 'warning'].includes(m.type()) && pageMessages.push(`${m.type()}: ${m.text().slice(0, 300)}`)));
    await loginThroughPage(page, server.url, 'admin', server.adminPassword);
    await page.getByRole('heading', { name: '态势感知' }).waitFor();
    // The whole fleet up first (the simulator's and server's pace), every aircraft reporting in the fleet snapshot,
    // then /Tas opened afresh and timed until every aircraft is on the map. The ramp waits on /Map/Index: with /Tas
    // drawing the growing fleet as well, this 2-core machine ran out of CPU for server, simulator and browser at once
    // and the simulator gave up on docks whose update_topo went unanswered for 30 s.
    await page.evaluate(`location.hash = '#/Map/Index'`);
    await page.getByRole('heading', { name: '地图总览' }).waitFor();
    await simulator.connected;
    await fleetReported(server, await adminApi(() => server).token(), DRONES, 180_000, simulator.output);
    const reporting = DRONES;
    const opened = Date.now();
    await page.evaluate(`location.hash = '#/Tas'`);
    const firstOnMap = await secondsUntil(page, async () => (await dronesOnMap(page)) > 0, opened, 60_000);
    const allOnMap = await secondsUntil(page, async () => (await dronesOnMap(page)) >= reporting, opened, 60_000);
    const onMap = await dronesOnMap(page);
    const seconds = (value: number | null) => (value === null ? `not within 60 s (${onMap} of ${reporting})` : `${value.toFixed(1)} s`);
    console.log(
      `bench:tas — ${DRONES} drones at ${RATE} Hz (${reporting} aircraft in the fleet snapshot, each in its dock's topology); after opening /Tas: first drones on the map ${seconds(firstOnMap)}, ` +
        `all ${seconds(allOnMap)}; warm-up ${WARMUP} s, then ${SECONDS} s per page`,
    );
    if (allOnMap === null)
      console.log(`header: ${await page.getByLabel('回传中').textContent()}; page warnings and errors so far:\n  ${pageMessages.join('\n  ') || '(none)'}`);
    if (SEARCH) await page.getByLabel('搜索名称、序列号或任务').fill(SEARCH);
    await page.waitForTimeout(WARMUP * 1000);

    const cdp = await page.context().newCDPSession(page);
    if (PROFILE) await cpuProfile(cdp);
    if (TRACE) await mainThreadTrace(cdp);
    const tas = await measure(page, cdp, SECONDS);
    const header = await page.getByLabel('在线设备').textContent();

    await page.evaluate(`location.hash = '#/Map/Index'`);
    await page.getByRole('heading', { name: '地图总览' }).waitFor();
    await page.waitForTimeout(3000);
    const baseline = await measure(page, cdp, SECONDS);

    console.log(`/Tas:        ${framesLine(tas)}`);
    console.log(`/Map/Index:  ${framesLine(baseline)}  (baseline: same load, no fleet view)`);
    console.log(`/Tas         ${heapLine(tas)}`);
    console.log(`/Map/Index   ${heapLine(baseline)}`);
    console.log(`drones on the map during /Tas: ${tas.drones.join(', ')}; header: ${header}`);
    console.log(
      `targets: ${mark(tas.longShare < 5)} < 5 % long frames · ${mark(tas.p95 < 50)} p95 < 50 ms · ${mark(allOnMap !== null && allOnMap < 2)} all on the map < 2 s · ` +
        `${mark(tas.heapTrendMbPerMin <= 1)} heap flat (trend ≤ 1 MB/min; run --seconds 60 for the 60 s figure)`,
    );
  } catch (error) {
    // What the server said last: a fleet that never came up is usually explained there.
    console.error(`server output (last 4000 characters):\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await browser.close();
    await simulator.stop();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
