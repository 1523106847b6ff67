/**
 * npm run bench:live — live video as a user meets it: the real server (built app from DIST_DIR or dist) with its
 * embedded RTMP ingest, N simulated docks whose aircraft cameras push with ffmpeg (1280×720, DJI's SD 1 Mbps, 25 fps),
 * and M headless-Chromium viewers, each the video wall `#/Live?sn=…` showing all N cameras (mpegts.js, HTTP-FLV).
 *
 * - First frame: from the wall's start request (POST /api/Device/{id}/live/) to the device's reply (the answer), and
 *   from that reply to the tile's first decoded frame (`loadeddata`). The first viewer starts the streams, the others
 *   join them.
 * - Glass-to-glass delay: each frame carries its number (the simulated camera's picture code); ffmpeg reports every
 *   0.2 s how many frames it encoded, which dates each number (at 25 fps), and the bench reads the number of frames the
 *   <video> shows with the time they show (requestVideoFrameCallback): encode → RTMP → server → HTTP-FLV → decode →
 *   display (the progress report's 0.2 s period makes frames look up to 0.2 s younger: a lower bound by that much).
 * - The same delay over LL-HLS: one more viewer picks HLS on a camera card (播放协议; all its tiles switch to hls.js in
 *   low-latency mode: fMP4 parts, blocking playlist reloads) and is measured once its players settled.
 * - Server CPU (user + system, /proc) and resident memory over a window: idle, N streams × 1 viewer, N × M.
 * Prints figures and the targets; asserts nothing.
 *
 *   npm run bench:live [-- --streams 4 --viewers 4 --seconds 15]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { QUALITY_PROFILES } from '@shared/dji/livestream';
import type { DeviceCamera } from '@shared/liveVideo';
import type { Simulation } from '../scripts/simulator';
import { CAMERA_FPS, decodePictureCode } from '../scripts/simulator/camera';
import { until } from '../__tests__/support/until';
import { adminApi } from '../e2e/support/api';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { signInAsAdmin } from '../e2e/support/session';
import { simulateInProcess } from '../e2e/support/simulator';
import { nextFrame } from '../e2e/support/videoFrames';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STREAMS = arg('streams', 4);
const VIEWERS = arg('viewers', 4);
const SECONDS = arg('seconds', 15);
/** DJI's SD: the quality the wall starts a camera with (the simulated camera reports quality 0, adaptive, which starts at SD). */
const SD = QUALITY_PROFILES[2];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/** The pid of the process listening on `port` (the server). */
function listenerPid(port: number): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`no process found listening on ${port}: ${line}`);
  return Number(pid);
}

/** CPU seconds (user + system) and resident MB of `pid`. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss) / 1024 };
}

/** The server's share of a core and its memory over `seconds` (pages keep playing meanwhile). */
async function measure(pid: number, seconds: number): Promise<{ cores: number; rssMb: number }> {
  const before = usage(pid);
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = usage(pid);
  return { cores: (after.cpu - before.cpu) / ((Date.now() - start) / 1000), rssMb: after.rssMb };
}

interface Viewer {
  page: Page;
  /** Epoch ms of each start request and its answer, by camera serial. */
  requested: Map<string, number>;
  answered: Map<string, number>;
}

/** Records each <video>'s first frame (loadeddata) by its label, from the page's first document on (the app navigates by hash). */
async function recordFirstFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const first: Record<string, number> = {};
    (window as unknown as { firstFrames: Record<string, number> }).firstFrames = first;
    document.addEventListener('loadeddata', (event) => void (first[(event.target as HTMLVideoElement).ariaLabel ?? ''] ??= Date.now()), true);
  });
}

/** Opens the wall with the serials' main cameras, recording start requests and answers. */
async function openWall(viewer: Viewer, url: string, serials: string[]): Promise<void> {
  const { page } = viewer;
  const serialOf = (body: string | null) => /"video_id":"([^/]+)\//.exec(body ?? '')?.[1] ?? '';
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/Device\/\d+\/live\/$/.test(request.url())) viewer.requested.set(serialOf(request.postData()), Date.now());
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && /\/api\/Device\/\d+\/live\/$/.test(request.url())) viewer.answered.set(serialOf(request.postData()), Date.now());
  });
  await page.goto(`${url}#/Live?sn=${serials.join(',')}`);
  await page.waitForFunction(
    (count) => Object.keys((window as unknown as { firstFrames: Record<string, number> }).firstFrames).length >= count,
    serials.length,
    { timeout: 120_000 },
  );
}

/** Per camera: reply → first frame (ms), from the viewer's records. */
async function firstFrames(viewer: Viewer, serials: string[]): Promise<Array<{ request: number; frame: number }>> {
  const shown = await viewer.page.evaluate(() => (window as unknown as { firstFrames: Record<string, number> }).firstFrames);
  return serials.map((sn) => {
    const label = Object.keys(shown).find((l) => l.includes(sn));
    const requested = viewer.requested.get(sn) ?? NaN;
    const answered = viewer.answered.get(sn) ?? NaN;
    return { request: answered - requested, frame: (label ? shown[label] : NaN) - answered };
  });
}

/** Glass-to-glass delays (ms) of `samples` frames of each video of each page. */
async function delays(pages: Page[], simulation: Simulation, samples: number): Promise<number[]> {
  const cameras = new Map(simulation.gateways.map((g) => [g.plan.aircraft.sn, g.cameras[0]]));
  const found: number[] = [];
  for (const page of pages)
    for (const video of await page.locator('video').all()) {
      const label = (await video.getAttribute('aria-label')) ?? '';
      const camera = [...cameras.entries()].find(([sn]) => label.includes(sn))?.[1];
      if (!camera) continue;
      for (let i = 0; i < samples; i++) {
        // A page too busy to answer within the call's timeout counts as a frame not seen.
        const frame = await nextFrame(video).catch(() => null);
        if (!frame) continue;
        const encoded = camera.encoded;
        if (!encoded) continue;
        // Frame n was encoded (n − last) / fps after the last frame ffmpeg reported (its number is 16 bits: 43 min).
        const taken = encoded.at + ((decodePictureCode(frame.luma).frame - encoded.frame) * 1000) / CAMERA_FPS;
        found.push(frame.at - taken);
      }
    }
  return found;
}

async function main() {
  console.log(`bench:live — ${STREAMS} cameras (ffmpeg ${SD.width}×${SD.height}, ${SD.kbps} kbps, ${CAMERA_FPS} fps) × ${VIEWERS} Chromium viewers (HTTP-FLV)`);
  const server = await startServer({ RTMP_PORT: '0', LIVE_IDLE_STOP_S: '600', LIVE_PLAY_URL_TTL_S: '600' });
  let simulation: Simulation | undefined;
  const browser = await launchBrowser();
  try {
    simulation = await simulateInProcess(server, { docks: STREAMS, prefix: 'BENCHLIVE', parked: true, plans: false });
    const serials = simulation.gateways.map((g) => g.plan.aircraft.sn);
    const api = adminApi(() => server);
    await until(
      async () => (await api.data<DeviceCamera[]>('GET', '/Live/cameras/')).filter((camera) => serials.includes(camera.sn)).length === STREAMS,
      60_000,
      'every camera is online (its dock reported live_capacity)',
    );
    const pid = listenerPid(Number(new URL(server.url).port));
    const idle = await measure(pid, 5);
    console.log(`server idle (simulator connected): ${(idle.cores * 100).toFixed(1)}% of a core, ${idle.rssMb.toFixed(0)} MB`);

    const viewers: Viewer[] = [];
    const open = async () => {
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      await recordFirstFrames(page);
      await signInAsAdmin(page, server);
      const viewer: Viewer = { page, requested: new Map(), answered: new Map() };
      viewers.push(viewer);
      await openWall(viewer, server.url, serials);
      return viewer;
    };

    const first = await open();
    const started = await firstFrames(first, serials);
    console.log(
      `start (first viewer): request → device reply median ${ms(median(started.map((s) => s.request)))}, ` +
        `reply → first frame median ${ms(median(started.map((s) => s.frame)))} max ${ms(Math.max(...started.map((s) => s.frame)))} (target < 2000 ms)`,
    );
    const one = await measure(pid, SECONDS);
    const oneDelays = await delays([first.page], simulation, 10);
    console.log(
      `${STREAMS} streams × 1 viewer: server ${(one.cores * 100).toFixed(1)}% of a core, ${one.rssMb.toFixed(0)} MB; ` +
        `glass-to-glass p50 ${ms(median(oneDelays))} p95 ${ms(percentile(oneDelays, 95))} (target < 1500 ms)`,
    );

    for (let i = 1; i < VIEWERS; i++) {
      const viewer = await open();
      const joined = await firstFrames(viewer, serials);
      console.log(
        `viewer ${i + 1} (joins): request → answer median ${ms(median(joined.map((s) => s.request)))}, answer → first frame median ${ms(median(joined.map((s) => s.frame)))}`,
      );
    }
    const all = await measure(pid, SECONDS);
    const allDelays = await delays(
      viewers.map((v) => v.page),
      simulation,
      5,
    );
    console.log(
      `${STREAMS} streams × ${VIEWERS} viewers: server ${(all.cores * 100).toFixed(1)}% of a core (target < 50%), ${all.rssMb.toFixed(0)} MB; ` +
        `glass-to-glass p50 ${ms(median(allDelays))} p95 ${ms(percentile(allDelays, 95))}`,
    );
    const perStream = (one.cores - idle.cores) / STREAMS;
    const perViewer = VIEWERS > 1 ? (all.cores - one.cores) / (STREAMS * (VIEWERS - 1)) : NaN;
    console.log(
      `per stream: ${(perStream * 100).toFixed(2)}% of a core, ${((one.rssMb - idle.rssMb) / STREAMS).toFixed(1)} MB; ` +
        `per viewer: ${(perViewer * 100).toFixed(2)}% of a core, ${VIEWERS > 1 ? ((all.rssMb - one.rssMb) / (STREAMS * (VIEWERS - 1))).toFixed(1) : '—'} MB`,
    );

    // LL-HLS: one more viewer switches its wall to HLS; hls.js settles on the playlist's PART-HOLD-BACK first.
    const hls = await open();
    await hls.page.getByRole('combobox', { name: '播放协议' }).first().click();
    await hls.page.getByRole('option', { name: 'HLS' }).click();
    await hls.page.waitForFunction(
      (count) => [...document.querySelectorAll<HTMLVideoElement>('video[data-player="hlsjs"]')].filter((v) => v.currentTime > 3).length >= count,
      STREAMS,
      { timeout: 120_000 },
    );
    const hlsDelays = await delays([hls.page], simulation, 10);
    console.log(
      `LL-HLS (viewer ${VIEWERS + 1}, hls.js low-latency, ${STREAMS} streams): glass-to-glass p50 ${ms(median(hlsDelays))} p95 ${ms(percentile(hlsDelays, 95))}`,
    );
    console.log(`load average while measuring: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()} (the machine is shared: figures include contention)`);
  } finally {
    await browser.close();
    await simulation?.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
