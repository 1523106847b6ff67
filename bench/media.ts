/**
 * npm run bench:media — the media library as docks fill it and as a user meets it (SQLite, local object store, calm
 * test weather). Asserts nothing; prints:
 *
 * - Ingest: the device simulator's docks (10 by default, registered and connected as real ones, through the API and
 *   the broker) each fly a wayline task dispatched through POST /api/Task/{id}/execute/, taking a photo at each
 *   waypoint (500 photos in all). Each dock uploads as a DJI dock does: storage_config_get, S3 put of a real DJI JPEG,
 *   file_upload_callback through the device gateway. A department user (task:read, data scope `dept`) polls the
 *   library over HTTP, newest first, as the /Media page does; per photo: callback sent → listed, and → listed with
 *   its thumbnail (target < 2 s), and the thumbnail's wait after the row was listed.
 * - The list at 100k rows (copies of the ingested rows over a year, spread over five departments' projects), as that
 *   user meets it over HTTP: the /Media page's first page (48 newest, with the total), and the filters (project, lens,
 *   a month of one device, a bbox, page 3, with defects): p50/p99 (target p99 < 50 ms).
 * - The inspection report of a 200-photo task with 20 defects: GET /api/Task/{id}/report/?format=pdf (target < 20 s).
 *
 *   npm run bench:media [-- --photos 500 --docks 10 --rows 100000]
 */
import { apiClient } from './apiClient';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acceptedPlan, TestWeather } from '../__tests__/server/missions/fixtures';
import { startSimulation } from '../scripts/simulator';
import { offset } from '../scripts/simulator/geometry';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PHOTOS = arg('photos', 500);
const DOCKS = arg('docks', 10);
const ROWS = arg('rows', 100_000);
const REPORT_PHOTOS = 200;
const REPORT_DEFECTS = 20;
const LIST_ROUNDS = 60;
const POLL_MS = 50;
const DEPARTMENTS = 5;
const ADMIN_PASSWORD = 'bench-media-Admin-1';
const VIEWER_PASSWORD = 'bench-media-Viewer-1';
const PAGE_SIZE = 48;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');
const spread = (values: number[]) => `n ${values.length}, p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

interface Listed {
  id: number;
  name: string;
  device_sn: string | null;
  thumb_url: string | null;
}

/** A closed loop of `n` waypoints around `home` at 30 m, each with a takePhoto action. */
const photoLoop = (home: { lat: number; lng: number }, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return { ...offset(home, 60 * Math.cos(a) - 60, 60 * Math.sin(a)), alt: 30, speed: 12, actions: [{ type: 'takePhoto' }] };
  });

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-media-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DEMO_SEED: '0',
    HMS_URL: 'off',
    TASK_SCHEDULER_INTERVAL_MS: '0',
    MISSION_REPLY_TIMEOUT_MS: '30000',
  });
  const { app } = await buildServer(config, { apiRateLimit: 1_000_000, loginRateLimit: 100_000, weather: new TestWeather() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  let simulation: Awaited<ReturnType<typeof startSimulation>> | undefined;
  try {
    const { http: call, login } = apiClient(base);
    const http = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => call<Listed>(token, method, url, payload);
    const admin = await login('admin', ADMIN_PASSWORD);

    // Five departments, each with a project; the viewer is in the first, with task:read over its department.
    const projects: number[] = [];
    const departments: number[] = [];
    for (let d = 0; d < DEPARTMENTS; d++) {
      const dept = (await http(admin, 'POST', '/api/Dept/', { name: `bench team ${d}` })).id as number;
      departments.push(dept);
      projects.push((await http(admin, 'POST', '/api/Project/', { name: `bench media ${d}`, status: 'active', dept_id: dept })).id as number);
    }
    const [projectId] = projects;
    const role = (await http(admin, 'POST', '/api/Role/', { code: 'media_viewer', name: 'media viewer', permissions: ['task:read'], data_scope: 'dept' })).id;
    await http(admin, 'POST', '/api/User/', { username: 'viewer', name: 'viewer', password: VIEWER_PASSWORD, dept_id: departments[0], role_ids: [role] });
    const viewer = await login('viewer', VIEWER_PASSWORD);

    // The docks: registered and connected as real ones (scripts/simulator), parked until a task is dispatched.
    const callbackSent = new Map<string, number>();
    const photoKey = (aircraftSn: string | null, name: string) => `${aircraftSn}|${name}`;
    simulation = await startSimulation({
      url: `${base.replace('http', 'ws')}/mqtt`,
      api: base,
      user: 'admin',
      password: ADMIN_PASSWORD,
      gateways: 0,
      docks: DOCKS,
      workspaceId: projectId,
      rate: 1,
      hmsEverySeconds: 0,
      prefix: 'BM',
      parked: true,
      replyTimeoutMs: 30_000,
      onPhotoCallbackSent: (photo) => callbackSent.set(photoKey(photo.aircraftSn, photo.name), photo.at),
    });
    const gateways = simulation.gateways;
    const online = async () => (await Promise.all(gateways.map((g) => app.mqtt!.gateway.currentLive(g.plan.aircraft.sn)))).every((live) => live !== undefined);
    for (const deadline = Date.now() + 60_000; !(await online()) && Date.now() < deadline;) await sleep(200);

    // Each dock's share of the photos, one takePhoto waypoint each, dispatched through the API.
    const taskIds: number[] = [];
    for (const [i, gateway] of gateways.entries()) {
      const share = Math.floor(PHOTOS / DOCKS) + (i < PHOTOS % DOCKS ? 1 : 0);
      const device = await app.db.selectFrom('devices').select('id').where('serial', '=', gateway.plan.aircraft.sn).executeTakeFirstOrThrow();
      const route = (await http(admin, 'POST', '/api/Route/', {
        project_id: projectId,
        name: `bench ${gateway.sn}`,
        waypoints: photoLoop(gateway.plan.route[0], share),
        settings: { rth_altitude: 30 },
      })) as { id: number };
      const task = (await http(admin, 'POST', '/api/Task/', {
        name: `bench ${gateway.sn}`,
        project_id: projectId,
        route_id: route.id,
        device_id: device.id,
        kind: 'inspection',
      })) as {
        id: number;
      };
      await acceptedPlan(app.db, { deviceId: device.id, taskId: task.id, routeId: route.id });
      await http(admin, 'POST', `/api/Task/${task.id}/execute/`);
      taskIds.push(task.id);
    }
    console.log(`${DOCKS} docks flying ${PHOTOS} photos…`);

    // The viewer's library, newest first, polled until every photo is listed with its thumbnail (or 10 minutes).
    const firstListed = new Map<string, number>();
    const withThumb = new Map<string, number>();
    const started = Date.now();
    // Past the first page while it holds a photo still waiting for its thumbnail: one made late, for a photo the newer
    // ones pushed off the first page, is seen too.
    for (const deadline = Date.now() + 600_000; withThumb.size < PHOTOS && Date.now() < deadline; await sleep(POLL_MS)) {
      for (let pageNo = 1; ; pageNo++) {
        const page = await http(viewer, 'GET', `/api/Media/?project_id=${projectId}&ordering=-created_at&page_size=100&page=${pageNo}`);
        const now = Date.now();
        const items = page.items ?? [];
        for (const item of items) {
          const key = photoKey(item.device_sn, item.name);
          if (!firstListed.has(key)) firstListed.set(key, now);
          if (item.thumb_url && !withThumb.has(key)) withThumb.set(key, now);
        }
        if (items.length < 100 || items.every((item) => item.thumb_url)) break;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const listedAfter: number[] = [];
    const thumbAfter: number[] = [];
    const thumbWait: number[] = [];
    for (const [key, sent] of callbackSent) {
      const listed = firstListed.get(key);
      const thumbed = withThumb.get(key);
      if (listed !== undefined) listedAfter.push(listed - sent);
      if (thumbed !== undefined) thumbAfter.push(thumbed - sent);
      if (listed !== undefined && thumbed !== undefined) thumbWait.push(thumbed - listed);
    }
    console.log(`ingest: ${callbackSent.size} callbacks sent, ${withThumb.size} listed with thumbnail, flights done in ${seconds.toFixed(1)} s`);
    console.log(`  callback sent → listed (viewer polls every ${POLL_MS} ms over HTTP): ${spread(listedAfter)}`);
    console.log(`  callback sent → listed with its thumbnail: ${spread(thumbAfter)} (target < 2000 ms)`);
    console.log(`  thumbnail after the row was listed: ${spread(thumbWait)}`);
    await simulation.stop();
    simulation = undefined;

    // 100k rows: copies of the ingested rows over a year, a region and the five departments' projects.
    const templates = await app.db.selectFrom('media').selectAll().where('project_id', '=', projectId).execute();
    const existing = templates.length;
    for (let start = existing; start < ROWS; start += 500) {
      const values = [];
      for (let i = start; i < Math.min(ROWS, start + 500); i++) {
        const { id: _id, ...rest } = templates[i % templates.length];
        const d = i % DEPARTMENTS;
        values.push({
          ...rest,
          object_key: `media/${projects[d]}/bulk/${i}.JPG`,
          project_id: projects[d],
          dept_id: departments[d],
          task_id: null,
          flight_record_id: null,
          fingerprint: `bulk-${i}`,
          name: `DJI_${i}_${['W', 'Z', 'T'][i % 3]}.JPG`,
          lens: ['wide', 'zoom', 'ir'][i % 3],
          device_sn: `BM-DUAV-${String((i % DOCKS) + 1).padStart(3, '0')}`,
          taken_at: new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000 + i * 1000).toISOString(),
          lat: 22 + (i % 1000) / 1000,
          lng: 114 + ((i * 7) % 1000) / 1000,
          has_defects: i % 50 === 0 ? 1 : 0,
        });
      }
      await app.db.insertInto('media').values(values).execute();
    }
    const pages: Array<[string, string]> = [
      ['the /Media page as opened (48 newest)', `/api/Media/?page=1&page_size=${PAGE_SIZE}`],
      ['project', `/api/Media/?project_id=${projectId}&page=1&page_size=${PAGE_SIZE}`],
      ['lens ir, page 3', `/api/Media/?lens=ir&page=3&page_size=${PAGE_SIZE}`],
      [
        'one device, one month',
        `/api/Media/?device_sn=BM-DUAV-004&taken_from=2026-03-01T00:00:00Z&taken_to=2026-04-01T00:00:00Z&page=1&page_size=${PAGE_SIZE}`,
      ],
      ['bbox, photos', `/api/Media/?bbox=114.2,22.2,114.4,22.4&type=photo&page=1&page_size=${PAGE_SIZE}`],
      ['with defects', `/api/Media/?has_defects=true&page=1&page_size=${PAGE_SIZE}`],
    ];
    const seen = (await http(viewer, 'GET', pages[0][1])).total;
    const all: number[] = [];
    const lines: string[] = [];
    for (const [label, url] of pages) {
      const times: number[] = [];
      await http(viewer, 'GET', url);
      for (let i = 0; i < LIST_ROUNDS; i++) {
        const t = performance.now();
        await http(viewer, 'GET', url);
        times.push(performance.now() - t);
      }
      all.push(...times);
      lines.push(`  ${label}: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
    }
    console.log(
      `list at ${ROWS.toLocaleString('en')} rows, the viewer (data scope: one of ${DEPARTMENTS} departments, ${Number(seen).toLocaleString('en')} rows in scope), over HTTP, page of ${PAGE_SIZE} with its total:`,
    );
    for (const line of lines) console.log(line);
    console.log(`  all ${all.length} requests: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))} (target p99 < 50 ms)`);

    // The report of a 200-photo task: the first flight's photos and rows copied from them, 20 defects marked on the
    // flown ones (the report crops those from their objects).
    const reportTask = taskIds[0];
    const flown = await app.db.selectFrom('media').selectAll().where('task_id', '=', reportTask).execute();
    const copies = [];
    for (let i = flown.length; i < REPORT_PHOTOS; i++) {
      const { id: _id, ...rest } = flown[i % flown.length];
      copies.push({
        ...rest,
        object_key: `${rest.object_key}.copy${i}`,
        fingerprint: `report-${i}`,
        name: `DJI_REPORT_${i}_T.JPG`,
        taken_at: new Date(Date.parse(rest.taken_at ?? '') + i * 1000).toISOString(),
      });
    }
    if (copies.length) await app.db.insertInto('media').values(copies).execute();
    const photoIds = flown.map((r) => r.id);
    const severities = ['low', 'medium', 'high', 'critical'];
    for (let i = 0; i < REPORT_DEFECTS; i++) {
      const x = 0.1 + (i % 5) * 0.15;
      await http(admin, 'POST', '/api/Defect/', {
        media_id: photoIds[Math.floor((i * photoIds.length) / REPORT_DEFECTS)],
        region: {
          type: 'rect',
          points: [
            [x, 0.2],
            [x + 0.1, 0.35],
          ],
        },
        severity: severities[i % severities.length],
        note: `bench defect ${i + 1}`,
      });
    }
    const t = performance.now();
    const report = await fetch(`${base}/api/Task/${reportTask}/report/?format=pdf`, { headers: { authorization: `Bearer ${admin}` } });
    const pdf = Buffer.from(await report.arrayBuffer());
    const reportMs = performance.now() - t;
    if (!report.ok) throw new Error(`report: ${report.status} ${pdf.toString()}`);
    console.log(
      `PDF report of a ${flown.length + copies.length}-photo task with ${REPORT_DEFECTS} defects: ${ms(reportMs)}, ${(pdf.length / 1024).toFixed(0)} KiB (target < 20000 ms)`,
    );
  } finally {
    await simulation?.stop();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
