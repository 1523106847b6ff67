/**
 * npm run bench:conformance — live conformance monitoring under load, in one process on one core: the real monitor
 * (server/conformance/) on a SQLite database with 2,000 accepted plans and 500 no-fly polygons, fed 2,000 flying
 * aircraft at 1 Hz (the samples the DJI gateway hands it, spread evenly over each second). 5 % of the aircraft leave
 * their area for a while and 1 % cross a no-fly zone, so alerts open and close and plans change state meanwhile.
 * Prints the checks per second the judge sustains (synchronous time per sample), the achieved sample rate, and the
 * time from the telemetry sample that completes an alert's hysteresis to the alert published on sysinfo/alerts
 * (p50/p99/max). Target: keeps up with 2,000 Hz on one core, p99 < 1 s. Asserts nothing.
 *
 *   npm run bench:conformance [-- --aircraft 2000 --zones 500 --seconds 30]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { DEFAULT_AIRSPACE_RULES } from '../shared/airspace';
import type { Polygon } from '../shared/geo';
import { ConformanceMonitor } from '../server/conformance/monitor';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { nowIso } from '../server/db/time';
import { AlertService } from '../server/entities/alert/service';
import { HmsCatalogue } from '../server/hms/catalogue';
import type { AircraftSample } from '../server/mqtt/gateway/service';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const AIRCRAFT = arg('aircraft', 2000);
const ZONES = arg('zones', 500);
const SECONDS = arg('seconds', 30);
const MANUAL_FLIGHT = 3;
/** Plan areas are CELL° squares on a grid of pitch 2·CELL; no-fly zones sit in the gaps between them. */
const CELL = 0.01;
const COLUMNS = 50;
const settings = { tolerance: { horizontalM: 10, verticalM: 5 }, hysteresis: { openAfterMs: 3000, closeAfterMs: 5000 } };

const square = (west: number, south: number, size: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});
const cellOrigin = (i: number) => ({ lng: 113 + (i % COLUMNS) * 2 * CELL, lat: 22 + Math.floor(i / COLUMNS) * 2 * CELL });

async function seed(db: Kysely<Database>, start: number, end: number) {
  const now = nowIso();
  const stamp = { created_at: now, updated_at: now };
  for (let from = 0; from < AIRCRAFT; from += 200) {
    const batch = Array.from({ length: Math.min(200, AIRCRAFT - from) }, (_, k) => from + k);
    const devices = await db
      .insertInto('devices')
      .values(batch.map((i) => ({ serial: `BENCH-${i}`, name: `bench ${i}`, model: 'M3E', kind: 'aircraft', status: 'flying', ...stamp })))
      .returning('id')
      .execute();
    const applications = await db
      .insertInto('airspace_applications')
      .values(
        batch.map((i, k) => ({
          applicant_id: null,
          device_id: devices[k].id,
          area: JSON.stringify(square(cellOrigin(i).lng, cellOrigin(i).lat, CELL)),
          min_alt: 0,
          max_alt: 120,
          start_at: nowIso(start),
          end_at: nowIso(end),
          purpose: 'bench',
          status: 'approved',
          reviewer_id: null,
          review_note: null,
          ...stamp,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('flight_plans')
      .values(
        batch.map((_, k) => ({
          application_id: applications[k].id,
          task_id: null,
          route_id: null,
          device_id: devices[k].id,
          status: 'accepted',
          planned_start_at: nowIso(start),
          planned_end_at: nowIso(end),
          note: null,
          activated_at: null,
          ended_at: null,
          ...stamp,
        })),
      )
      .execute();
  }
  // Zones in the gap east of the first ZONES cells.
  const zones = Array.from({ length: ZONES }, (_, i) => ({
    name: `no-fly ${i}`,
    category: 'no_fly_zone',
    geometry: JSON.stringify(square(cellOrigin(i).lng + CELL * 1.25, cellOrigin(i).lat + CELL * 0.25, CELL / 2)),
    style: '{}',
    properties: '{}',
    project_id: null,
    ...stamp,
  }));
  for (let from = 0; from < zones.length; from += 200)
    await db
      .insertInto('features')
      .values(zones.slice(from, from + 200))
      .execute();
}

/** Where aircraft i is at second t: circling its cell; every 20th leaves it for 10 s, every 100th crosses the zone east of it. */
function position(i: number, t: number): { lng: number; lat: number } {
  const o = cellOrigin(i);
  const angle = (t / 60) * 2 * Math.PI + i;
  const inside = { lng: o.lng + CELL * (0.5 + 0.3 * Math.cos(angle)), lat: o.lat + CELL * (0.5 + 0.3 * Math.sin(angle)) };
  const away = t >= 5 && t < 15;
  if (i % 100 === 0 && i < ZONES && away) return { lng: o.lng + CELL * 1.5, lat: o.lat + CELL * 0.5 };
  if (i % 20 === 0 && away) return { lng: o.lng + CELL * 0.5, lat: o.lat - CELL * 0.5 };
  return inside;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-conformance-'));
  const database = openDatabase({ dataDir: root });
  await migrateToLatest(database);
  const { db } = database;
  const began = Date.now();
  await seed(db, began - 60_000, began + 3_600_000);
  console.log(`seeded ${AIRCRAFT} aircraft with accepted plans and ${ZONES} no-fly zones in ${((Date.now() - began) / 1000).toFixed(1)} s`);

  /** Wall-clock time each aircraft's newest sample was handed to the monitor. */
  const fedAt = new Map<string, number>();
  const latencies: number[] = [];
  let opened = 0;
  let closed = 0;
  const bus = {
    publish: async (_topic: string, payload: string) => {
      const { alert } = JSON.parse(payload) as { alert: { device_sn: string; active: number } };
      if (alert.active) {
        opened++;
        latencies.push(performance.now() - fedAt.get(alert.device_sn)!);
      } else closed++;
    },
  };
  const log = { warn: (obj: unknown, msg?: string) => console.warn(msg, obj) };
  const monitor = new ConformanceMonitor({
    db,
    alerts: new AlertService(db, () => bus, log, new HmsCatalogue()),
    settings,
    margins: DEFAULT_AIRSPACE_RULES,
    log,
  });
  const loadStart = performance.now();
  await monitor.start();
  console.log(`monitor loaded its plan cache and zone index in ${(performance.now() - loadStart).toFixed(0)} ms`);

  let samples = 0;
  let judging = 0;
  const t0 = Date.now();
  const SLICES = 100;
  const perSlice = Math.ceil(AIRCRAFT / SLICES);
  for (let second = 0; second < SECONDS; second++) {
    for (let slice = 0; slice < SLICES; slice++) {
      const due = t0 + second * 1000 + slice * (1000 / SLICES);
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else await new Promise((resolve) => setImmediate(resolve));
      const startedAt = performance.now();
      for (let i = slice * perSlice; i < Math.min(AIRCRAFT, (slice + 1) * perSlice); i++) {
        const sn = `BENCH-${i}`;
        const at = Date.now();
        const sample: AircraftSample = {
          sn,
          gatewaySn: `RC-${i}`,
          at,
          live: { sn, kind: 'aircraft', at, ...position(i, second), elevation: 60, modeCode: MANUAL_FLIGHT },
        };
        fedAt.set(sn, performance.now());
        monitor.onSample(sample);
        samples++;
      }
      judging += performance.now() - startedAt;
    }
  }
  const elapsed = (Date.now() - t0) / 1000;
  await monitor.stop();
  const statuses = await db
    .selectFrom('flight_plans')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  await db.destroy();
  fs.rmSync(root, { recursive: true, force: true });

  const sorted = latencies.sort((a, b) => a - b);
  const capacity = samples / (judging / 1000);
  const p99 = percentile(sorted, 99);
  console.log(`\n${samples} samples from ${AIRCRAFT} aircraft in ${elapsed.toFixed(1)} s: ${(samples / elapsed).toFixed(0)} samples/s fed`);
  console.log(`judge: ${((judging / samples) * 1000).toFixed(1)} µs per sample on the event loop → ${capacity.toFixed(0)} checks/s on one core`);
  console.log(`alerts: ${opened} opened, ${closed} closed; plans now ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log(
    `telemetry → alert published: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`,
  );
  console.log(`target 2,000 checks/s on one core: ${capacity >= 2000 ? 'met' : 'MISSED'}; p99 < 1 s: ${p99 < 1000 ? 'met' : 'MISSED'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
