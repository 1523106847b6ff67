/**
 * npm run bench:flight — missions under load: the real server in this process (SQLite, calm test weather), the device
 * simulator with N docks (200 by default), each aircraft flying a 50-waypoint mission dispatched through
 * POST /api/Task/{id}/execute/ at 1 Hz telemetry. A console store, driven by the tasks feature's own saga
 * (src/features/tasks/tasksSaga.ts) fed from a broker connection, receives sysinfo/task. Prints the progress-event
 * latency (device publish → console store, p50/p99) and, per landed aircraft, how long after landing its flight
 * record appears in /api/Airspace/Report/ ("n/a" when none does). Targets: p99 < 500 ms, record < 1 s. Asserts nothing.
 *
 *   npm run bench:flight [-- --aircraft 200 --waypoints 50 --radius 120 --speed 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import mqtt from 'mqtt';
import createSagaMiddleware from 'redux-saga';
import { TOPIC_TASK } from '@shared/entities/task';
import { acceptedPlan, TestWeather } from '../__tests__/server/missions/fixtures';
import { startSimulation } from '../scripts/simulator';
import { offset } from '../scripts/simulator/geometry';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import { EventBus, type BrokerEvents } from '../src/features/broker/eventBus';
import tasksSaga from '../src/features/tasks/tasksSaga';
import tasks from '../src/features/tasks/tasksSlice';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const AIRCRAFT = arg('aircraft', 200);
const WAYPOINTS = arg('waypoints', 50);
const RADIUS = arg('radius', 120);
const SPEED = arg('speed', 10);
const ADMIN_PASSWORD = 'bench-flight-Admin-1';

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');

/** A closed loop of `n` waypoints around `home` at 30 m. */
const loop = (home: { lat: number; lng: number }, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return { ...offset(home, RADIUS * Math.cos(a) - RADIUS, RADIUS * Math.sin(a)), alt: 30, speed: SPEED };
  });

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-flight-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    HMS_URL: 'off',
    TASK_SCHEDULER_INTERVAL_MS: '0',
    MISSION_REPLY_TIMEOUT_MS: '30000',
  });
  const server = await buildServer(config, { apiRateLimit: 1_000_000, loginRateLimit: 100_000, weather: new TestWeather() });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return {
      status: response.statusCode,
      body: response.json() as { data: Record<string, unknown> & { items?: Array<Record<string, unknown>> }; msg: string },
    };
  };

  // Device publish times of every progress event, by flight, status and percent.
  const published = new Map<string, number>();
  const key = (flightId: string, status: string | null, percent: number) => `${flightId}|${status}|${percent}`;
  console.log(`Starting ${AIRCRAFT} simulated docks…`);
  const simulation = await startSimulation({
    url: `ws://127.0.0.1:${port}/mqtt`,
    api: base,
    user: 'admin',
    password: ADMIN_PASSWORD,
    gateways: 0,
    docks: AIRCRAFT,
    workspaceId: 1,
    rate: 1,
    hmsEverySeconds: 0,
    prefix: 'BF',
    parked: true,
    replyTimeoutMs: 30_000,
    onProgressSent: (p) => published.set(key(p.flightId, p.status, p.percent), p.at),
  });

  // The console's store: the tasks slice and saga, fed by a broker connection through the broker feature's event bus.
  const bus = new EventBus<BrokerEvents>();
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: {
      tasks,
      auth: (state: { token: string | null } = { token }) => state,
      broker: (state: { subscriptions: string[] } = { subscriptions: [] }) => state,
    },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(sagas),
  });
  sagas.run(tasksSaga, { bus });
  const browser = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, { username: 'admin', password: token, clientId: `web_bench_${process.pid}` });
  browser.on('message', (topic, payload) => bus.emit(topic, { topic, message: JSON.parse(payload.toString()) as unknown }));
  await browser.subscribeAsync(TOPIC_TASK, { qos: 1 });

  const flightOfTask = new Map<number, { flightId: string; deviceId: number }>();
  const latencies: number[] = [];
  const landedAt = new Map<number, number>();
  const seen = new Map<number, number>();
  store.subscribe(() => {
    const now = Date.now();
    for (const live of Object.values(store.getState().tasks.live)) {
      if (seen.get(live.task_id) === live.at) continue;
      seen.set(live.task_id, live.at);
      const flight = flightOfTask.get(live.task_id);
      const sent = flight && live.progress ? published.get(key(flight.flightId, live.progress.status, live.progress.percent)) : undefined;
      if (sent !== undefined) latencies.push(now - sent);
      if (live.status !== 'running' && !landedAt.has(live.task_id)) landedAt.set(live.task_id, sent ?? now);
    }
  });

  // Execute needs each aircraft online: wait for its first OSD.
  const online = async () =>
    (await Promise.all(simulation.gateways.map((g) => server.app.mqtt!.gateway.currentLive(g.plan.aircraft.sn)))).every((live) => live !== undefined);
  for (const deadline = Date.now() + 60_000; !(await online()) && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(`Planning and dispatching ${AIRCRAFT} missions of ${WAYPOINTS} waypoints…`);
  const started = Date.now();
  const dispatchOne = async (gateway: (typeof simulation.gateways)[number]) => {
    const device = await server.app.db.selectFrom('devices').select('id').where('serial', '=', gateway.plan.aircraft.sn).executeTakeFirstOrThrow();
    const route = await call('POST', '/api/Route/', {
      project_id: 1,
      name: `bench ${gateway.sn}`,
      waypoints: loop(gateway.plan.route[0], WAYPOINTS),
      settings: { rth_altitude: 30 },
    });
    const task = await call('POST', '/api/Task/', {
      name: `bench ${gateway.sn}`,
      project_id: 1,
      route_id: route.body.data.id,
      device_id: device.id,
      kind: 'inspection',
    });
    const taskId = task.body.data.id as number;
    await acceptedPlan(server.app.db, { deviceId: device.id, taskId, routeId: route.body.data.id as number });
    const executed = await call('POST', `/api/Task/${taskId}/execute/`);
    if (executed.status !== 200) throw new Error(`execute of task ${taskId}: ${executed.status} ${executed.body.msg}`);
    flightOfTask.set(taskId, { flightId: executed.body.data.flight_id as string, deviceId: device.id });
  };
  const failures: string[] = [];
  for (let i = 0; i < simulation.gateways.length; i += 20)
    await Promise.all(simulation.gateways.slice(i, i + 20).map((g) => dispatchOne(g).catch((error: Error) => void failures.push(error.message))));
  console.log(
    `${flightOfTask.size} dispatched in ${((Date.now() - started) / 1000).toFixed(1)} s${failures.length ? `, ${failures.length} failed: ${failures[0]}` : ''}`,
  );

  // Until every dispatched task ended (or 10 minutes), then look for the flight records.
  const until = Date.now() + 600_000;
  while (landedAt.size < flightOfTask.size && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1000));
  const recordDelays: number[] = [];
  for (const [taskId, { deviceId }] of flightOfTask) {
    const landed = landedAt.get(taskId);
    if (landed === undefined) continue;
    for (const deadline = Date.now() + 3000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const reports = await call('GET', `/api/Airspace/Report/?device_id=${deviceId}&page_size=1`);
      if ((reports.body.data.items ?? []).length) {
        const created = Date.parse(String(reports.body.data.items![0].created_at));
        recordDelays.push(Number.isFinite(created) ? created - landed : Date.now() - landed);
        break;
      }
    }
  }

  latencies.sort((a, b) => a - b);
  recordDelays.sort((a, b) => a - b);
  const stats = server.app.missions!.stats;
  console.log('');
  console.log(
    `aircraft ${AIRCRAFT} · waypoints ${WAYPOINTS} · missions ended ${landedAt.size}/${flightOfTask.size} · progress events applied ${stats.progressApplied}`,
  );
  console.log(
    `progress latency device publish → console store: n ${latencies.length}, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)} (target p99 < 500 ms)`,
  );
  console.log(
    recordDelays.length
      ? `flight record written after landing: n ${recordDelays.length}, p50 ${ms(percentile(recordDelays, 50))}, p99 ${ms(percentile(recordDelays, 99))} (target < 1 s)`
      : 'flight record written after landing: n/a (no records appeared in /api/Airspace/Report/)',
  );

  await browser.endAsync();
  await simulation.stop();
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
