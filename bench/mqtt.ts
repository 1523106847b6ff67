/**
 * npm run bench:mqtt — DJI OSD from dock gateways through the broker, measured in the same run by a raw mqtt.js
 * subscriber (counts only), the server's DJI gateway (validated and applied) and the console's broker saga:
 *   1. the embedded broker: each gateway connects with its own dock secret (registered through the API);
 *   2. Mosquitto as the external broker (an own process on a free port): the same burst, then a sustained load of
 *      --aircraft aircraft at 1 Hz and their docks at 0.5 Hz for --seconds (from a child process), checking that the
 *      server applies every message it is sent, with its CPU, event-loop delay and OSD → sysinfo/fleet latency.
 *   3. with --instances 1|2|3 instead: the sustained load on that many server processes on one Mosquitto, PostgreSQL
 *      (TEST_DATABASE_URL, an own schema) and Redis (TEST_REDIS_URL), splitting the devices' messages with shared
 *      subscriptions: each instance's share and CPU, and OSD → sysinfo/fleet as the lease holder publishes it.
 * Prints only; asserts nothing.  Options: --messages 50000 --gateways 20 --aircraft 10000 --seconds 20 --publishers 50,
 * --sustained-only (only the sustained load, e.g. under `node --cpu-prof --import tsx bench/mqtt.ts`), --instances N.
 */
process.env.NODE_ENV ??= 'production'; // the store as the production bundle runs it (no dev-only RTK checks)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { configureStore } from '@reduxjs/toolkit';
import mqtt, { type MqttClient } from 'mqtt';
import createSagaMiddleware from 'redux-saga';
import { buildServer } from '../server/app';
import { readConfig, readMqttConfig } from '../server/config';
import { rootReducer, type RootState } from '../src/app/rootReducer';
import { initialAuthState } from '../src/features/auth/authSlice';
import brokerSaga from '../src/features/broker/brokerSaga';
import { subscriptionsChanged } from '../src/features/broker/brokerSlice';
import type { MqttConnect, MqttLike } from '../src/features/broker/mqttClient';
import { DEFAULT_PLATFORM_CONFIG } from '../src/features/platform/platformConfig';
import { dockLogin, PlatformSession } from '../scripts/simulator/platformApi';
import { benchGateways, connect, DjiPublisher } from './djiPublisher';
import type { LoadOptions, LoadReport } from './mqttLoad';
import { startMosquitto } from './mosquitto';
import { forkServerInstance, type ServerInstance } from '../__tests__/support/serverInstance';
import { assertPostgres, dropSchema, PG_URL } from '../__tests__/support/postgres';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TOTAL = arg('messages', 50_000);
const GATEWAYS = arg('gateways', 20);
const AIRCRAFT = arg('aircraft', 10_000);
const SECONDS = arg('seconds', 20);
const PUBLISHERS = arg('publishers', 50);
const SUSTAINED_ONLY = process.argv.includes('--sustained-only');
const INSTANCES = arg('instances', 0);
const ADMIN_PASSWORD = 'bench-Admin-1';
const OSD_FILTER = 'thing/product/+/osd';

type Server = Awaited<ReturnType<typeof buildServer>>;

const waitFor = async (predicate: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
};

const rate = (n: number, seconds: number) => `${Math.round(n / seconds).toLocaleString('en')} msgs/s`;
const gatewayStats = (server: Server) => server.app.mqtt!.gateway.stats;
const appliedOsd = (server: Server) => gatewayStats(server).accepted.osd ?? 0;

async function startPlatform(mqttEnv: Record<string, string>): Promise<{ server: Server; api: string; wsUrl: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', HMS_URL: 'off' });
  config.mqtt = { ...readMqttConfig(mqttEnv), sysinfoIntervalMs: 600_000 };
  const server = await buildServer(config, { apiRateLimit: 100_000, loginRateLimit: 1000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  return { server, api: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/mqtt`, dataDir };
}

async function stopPlatform({ server, dataDir }: { server: Server; dataDir: string }) {
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A subscriber that only counts OSD messages, and when the last one came. */
async function rawCounter(url: string, options: mqtt.IClientOptions) {
  const counter = { count: 0, last: 0, client: null as MqttClient | null };
  counter.client = await connect(url, options);
  counter.client.on('message', () => {
    counter.count++;
    counter.last = performance.now();
  });
  await counter.client.subscribeAsync(OSD_FILTER, { qos: 0 });
  return counter;
}

/** The console's broker saga and store on a real mqtt.js client, counting the OSD messages it took in. */
async function consoleStore(url: string, auth: { token: string; user: RootState['auth']['user'] }) {
  const saga = createSagaMiddleware({ context: {} });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: { ...initialAuthState, ...auth },
      platform: { config: { ...DEFAULT_PLATFORM_CONFIG, mqtt_host: url } },
    } as Partial<RootState> as RootState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(saga),
  });
  store.dispatch(subscriptionsChanged({ add: [OSD_FILTER] }));
  const realConnect: MqttConnect = (brokerUrl, options) => mqtt.connect(brokerUrl, options) as unknown as MqttLike;
  const task = saga.run(brokerSaga, { connect: realConnect });
  const counter = { count: 0, last: 0, stop: () => task.cancel() };
  store.subscribe(() => {
    const n = store.getState().broker.counters.byTopic[OSD_FILTER] ?? 0;
    if (n !== counter.count) {
      counter.count = n;
      counter.last = performance.now();
    }
  });
  if (!(await waitFor(() => store.getState().broker.status === 'connected', 10_000))) throw new Error('the console saga did not connect');
  await new Promise((r) => setTimeout(r, 200)); // SUBACK of the saga's subscriptions
  return counter;
}

/** Publishes `total` OSD messages round-robin over the publishers' gateways as fast as the sockets drain. */
async function burst(publishers: DjiPublisher[], total: number) {
  const perPublisher = Math.ceil(total / publishers.length);
  await Promise.all(
    publishers.map(async (publisher) => {
      for (let i = 0; i < perPublisher; i++) {
        publisher.publishOsd(i % publisher.gateways.length, i);
        if (i % 500 === 499) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  return perPublisher * publishers.length;
}

/** Burst through the broker; prints raw subscriber vs server ingest (and the console saga when given). */
async function throughput(
  label: string,
  server: Server,
  publishers: DjiPublisher[],
  raw: Awaited<ReturnType<typeof rawCounter>>,
  saga?: Awaited<ReturnType<typeof consoleStore>>,
) {
  const appliedBefore = appliedOsd(server);
  const ingest = { count: 0, last: 0 };
  const ingestWatch = setInterval(() => {
    const applied = appliedOsd(server) - appliedBefore;
    if (applied === ingest.count) return;
    ingest.count = applied;
    ingest.last = performance.now();
  }, 2);
  raw.count = 0;
  const start = performance.now();
  const sent = await burst(publishers, TOTAL);
  const publishedAt = performance.now();
  await waitFor(() => raw.count >= sent && ingest.count >= sent && (!saga || saga.count >= sent), 120_000);
  clearInterval(ingestWatch);
  const secs = (t: number) => Math.max(t - start, 1) / 1000;
  const rawRate = raw.count / secs(raw.last);
  const ingestRate = ingest.count / secs(ingest.last);
  console.log(`\n${label}: ${sent.toLocaleString('en')} aircraft OSD messages from ${publishers.reduce((n, p) => n + p.gateways.length, 0)} dock gateways`);
  console.log(`  publishing took            ${secs(publishedAt).toFixed(2)} s`);
  console.log(`  raw mqtt.js subscriber     ${raw.count} in ${secs(raw.last).toFixed(2)} s = ${rate(raw.count, secs(raw.last))}`);
  console.log(`  server ingest (validated)  ${ingest.count} in ${secs(ingest.last).toFixed(2)} s = ${rate(ingest.count, secs(ingest.last))}`);
  console.log(`  ratio ingest/raw           ${(ingestRate / rawRate).toFixed(2)}×  (target ≥ 0.80)`);
  if (saga) {
    const sagaRate = saga.count / secs(saga.last);
    console.log(
      `  console saga → store       ${saga.count} in ${secs(saga.last).toFixed(2)} s = ${rate(saga.count, secs(saga.last))}  (${(sagaRate / rawRate).toFixed(2)}× raw, target ≥ 0.70)`,
    );
  }
  console.log(`  dropped by the gateway     ${JSON.stringify(gatewayStats(server).dropped)}`);
}

async function embedded() {
  const platform = await startPlatform({});
  const { server, api, wsUrl } = platform;
  const session = await PlatformSession.login(api, 'admin', ADMIN_PASSWORD);
  const publishers: DjiPublisher[] = [];
  for (const gateway of benchGateways('BENCH', GATEWAYS)) {
    const secret = await dockLogin(session, { sn: gateway.dock, model: 'DJI Dock 2', name: gateway.dock });
    publishers.push(await DjiPublisher.open(wsUrl, { clientId: gateway.dock, ...secret }, [gateway]));
  }
  await Promise.all(publishers.map((p) => p.declare()));
  const raw = await rawCounter(wsUrl, { clientId: 'web_bench_raw', username: 'admin', password: session.token });
  const saga = await consoleStore(wsUrl, { token: session.token, user: session.user as RootState['auth']['user'] });
  await throughput('Embedded broker (websocket, one dock secret per gateway)', server, publishers, raw, saga);
  saga.stop();
  await Promise.all([...publishers.map((p) => p.close()), raw.client!.endAsync(true)]);
  await stopPlatform(platform);
}

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * The sustained load from a child process (bench/mqttLoad.ts), so the servers' processes are theirs alone: declares
 * the docks, and once `go` resolves (what to measure from is taken) sends for --seconds, then waits while `applied`
 * still grows (a server slower than the load works through Mosquitto's queue afterwards).
 */
async function runLoad(url: string, applied: () => number | Promise<number>, go: () => void | Promise<void>) {
  const options: LoadOptions = { url, aircraft: AIRCRAFT, publishers: PUBLISHERS, seconds: SECONDS };
  const load = fork(path.join(__dirname, 'mqttLoad.ts'), [JSON.stringify(options)], { execArgv: ['--import', 'tsx'] });
  const report = () => once(load, 'message').then(([message]) => message as LoadReport);
  const declared = await report();
  console.log(`  topology of ${AIRCRAFT.toLocaleString('en')} docks declared in ${declared.seconds.toFixed(1)} s`);
  const from = await applied();
  await go();
  load.send('go');
  const done = await report();
  if (done.type !== 'done') throw new Error('the load generator stopped early');
  const sentAt = performance.now();
  let progress = { applied: await applied(), at: sentAt };
  while (progress.applied - from < done.sent && performance.now() - progress.at < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await applied();
    if (now > progress.applied) progress = { applied: now, at: performance.now() };
  }
  console.log(
    `  sent                       ${done.sent.toLocaleString('en')} (${done.aircraftSent.toLocaleString('en')} aircraft + ${done.dockSent.toLocaleString('en')} dock OSD) in ${done.seconds.toFixed(1)} s = ${rate(done.sent, done.seconds)} (at most ${Math.round(done.maxLateMs)} ms behind the schedule)`,
  );
  const appliedCount = progress.applied - from;
  console.log(
    `  applied by the server(s)   ${appliedCount.toLocaleString('en')} (${((appliedCount / done.sent) * 100).toFixed(2)} %), the last ${((progress.at - sentAt) / 1000).toFixed(1)} s after the last send`,
  );
  const { fleetLatency: f } = done;
  console.log(
    `  OSD → sysinfo/fleet        p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)} (${f.count.toLocaleString('en')} samples timed, ${done.fleetUnseen.toLocaleString('en')} never in a snapshot)`,
  );
  return { appliedCount };
}

const heading = (what: string) =>
  console.log(
    `\n${what}, sustained: ${AIRCRAFT.toLocaleString('en')} aircraft at 1 Hz + their docks at 0.5 Hz for ${SECONDS} s (${PUBLISHERS} publisher connections in a child process)`,
  );

/** 10,000 aircraft at 1 Hz and their docks at 0.5 Hz from a child process (bench/mqttLoad.ts): this process is the server's alone. */
async function sustained(server: Server, url: string) {
  heading('Mosquitto');
  const before = { dropped: { ...gatewayStats(server).dropped } };
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let cpuFrom = process.cpuUsage();
  let wallFrom = performance.now();
  const { appliedCount } = await runLoad(
    url,
    () => appliedOsd(server),
    () => {
      lag.enable();
      cpuFrom = process.cpuUsage();
      wallFrom = performance.now();
    },
  );
  lag.disable();
  const cpu = process.cpuUsage(cpuFrom);
  const cores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallFrom);
  const dropped = Object.fromEntries(
    Object.entries(gatewayStats(server).dropped).map(([reason, n]) => [reason, n - before.dropped[reason as keyof typeof before.dropped]]),
  );
  console.log(`  dropped by the gateway     ${JSON.stringify(dropped)}`);
  console.log(
    `  server CPU                 ${cores.toFixed(2)} core (user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s; ${Math.round((cpu.user + cpu.system) / Math.max(appliedCount, 1))} µs per applied message)`,
  );
  console.log(
    `  server event-loop delay    p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
  );
  console.log(`  target                     every message applied, none dropped, ≤ 1 core, event loop p99 < 50 ms, OSD → fleet p99 < 1 s`);
}

async function external() {
  const mosquitto = await startMosquitto();
  const platform = await startPlatform({ MQTT_URL: mosquitto.url });
  try {
    const { server } = platform;
    if (SUSTAINED_ONLY) return await sustained(server, mosquitto.url);
    const publishers = await Promise.all(benchGateways('BURST', GATEWAYS).map((g) => DjiPublisher.open(mosquitto.url, { clientId: g.dock }, [g])));
    await Promise.all(publishers.map((p) => p.declare()));
    const raw = await rawCounter(mosquitto.url, { clientId: 'bench_raw' });
    await throughput(`Mosquitto as the external broker (${mosquitto.url})`, server, publishers, raw);
    await Promise.all([...publishers.map((p) => p.close()), raw.client!.endAsync(true)]);
    await sustained(server, mosquitto.url);
  } finally {
    await stopPlatform(platform);
    await mosquitto.stop();
  }
}

/**
 * The sustained load on --instances server processes sharing Mosquitto's device messages (PostgreSQL + Redis): each
 * instance's share of the OSD applied and its CPU; the OSD → sysinfo/fleet latency as a browser sees it.
 */
async function scaledOut(count: number) {
  await assertPostgres();
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const schema = `bench_${id}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-'));
  const mosquitto = await startMosquitto();
  const instances: ServerInstance[] = [];
  try {
    const env = {
      DATABASE_URL: `${PG_URL}?schema=${schema}`,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `bench_${id}:`,
      MQTT_URL: mosquitto.url,
      MQTT_SYSINFO_INTERVAL_MS: '600000',
      DATA_DIR: dataDir,
      DEMO_SEED: '0',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    };
    for (let i = 0; i < count; i++) instances.push(await forkServerInstance(env));
    heading(`Mosquitto, ${count} instance(s) on PostgreSQL + Redis`);
    const statsOf = () => Promise.all(instances.map((instance) => instance.stats()));
    const applied = async () => (await statsOf()).reduce((n, { stats }) => n + (stats.accepted.osd ?? 0), 0);
    let before = await statsOf();
    let wallFrom = performance.now();
    const { appliedCount } = await runLoad(mosquitto.url, applied, async () => {
      before = await statsOf();
      wallFrom = performance.now();
    });
    const after = await statsOf();
    const wall = performance.now() - wallFrom;
    after.forEach(({ stats, live, cpu }, i) => {
      const share = (stats.accepted.osd ?? 0) - (before[i].stats.accepted.osd ?? 0);
      const fleets = live.fleetPublished - before[i].live.fleetPublished;
      const used = cpu.user + cpu.system - before[i].cpu.user - before[i].cpu.system;
      console.log(
        `  instance ${i + 1}                 ${share.toLocaleString('en')} applied (${((share / Math.max(appliedCount, 1)) * 100).toFixed(1)} %), CPU ${(used / 1000 / wall).toFixed(2)} core, ${Math.round(used / Math.max(share, 1))} µs per applied message, ${fleets} sysinfo/fleet sent`,
      );
    });
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await mosquitto.stop();
    await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `bench:mqtt  NODE_ENV=${process.env.NODE_ENV}, ${os.cpus().length} CPU(s), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (INSTANCES) await scaledOut(INSTANCES);
  else {
    if (!SUSTAINED_ONLY) await embedded();
    await external();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('bench:mqtt failed:', error);
  process.exit(1);
});
