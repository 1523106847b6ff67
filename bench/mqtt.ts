/**
 * npm run bench:mqtt — 50k telemetry messages through the real embedded broker, consumed in the same run by
 * (a) a raw mqtt.js subscriber that only counts them and (b) the console's broker saga (real mqtt.js client, the
 * eventChannel, per-flush batches) feeding a real Redux store. Prints msgs/s of both and the ratio (target ≥ 0.7).
 * Prints only; asserts nothing.  Options: --messages 50000 --devices 10
 */
process.env.NODE_ENV ??= 'production'; // the store as the production bundle runs it (no dev-only RTK checks)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import mqtt, { type MqttClient } from 'mqtt';
import createSagaMiddleware from 'redux-saga';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import { readMqttConfig } from '../server/mqtt/config';
import { rootReducer, type RootState } from '../src/app/rootReducer';
import { initialAuthState } from '../src/features/auth/authSlice';
import brokerSaga from '../src/features/broker/brokerSaga';
import { subscriptionsChanged } from '../src/features/broker/brokerSlice';
import type { MqttConnect, MqttLike } from '../src/features/broker/mqttClient';
import { DEFAULT_PLATFORM_CONFIG } from '../src/features/platform/platformConfig';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TOTAL = arg('messages', 50_000);
const DEVICES = arg('devices', 10);
const ADMIN_PASSWORD = 'bench-Admin-1';
const SECRET = 'bench-device-secret';

function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, ...options });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

const waitFor = async (predicate: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent' });
  config.mqtt = { ...readMqttConfig({ DEVICE_SECRET: SECRET }), sysinfoIntervalMs: 600_000 };
  const server = await buildServer(config, { apiRateLimit: 100_000, loginRateLimit: 1000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  const wsUrl = `ws://127.0.0.1:${port}/mqtt`;
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  const { token, user } = (login.json() as { data: { token: string; user: RootState['auth']['user'] } }).data;

  // (a) raw subscriber
  let rawCount = 0;
  let rawLast = 0;
  const raw = await connect(wsUrl, { clientId: 'web_raw', username: 'admin', password: token });
  raw.on('message', (topic) => {
    if (!topic.endsWith('/osd')) return;
    rawCount++;
    rawLast = performance.now();
  });
  await raw.subscribeAsync('thing/product/+/osd', { qos: 0 });

  // (b) the console's saga and store, with the real mqtt.js client
  const saga = createSagaMiddleware({ context: {} });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: { ...initialAuthState, token, user },
      platform: { config: { ...DEFAULT_PLATFORM_CONFIG, mqtt_host: wsUrl } },
    } as Partial<RootState> as RootState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(saga),
  });
  store.dispatch(subscriptionsChanged({ add: ['thing/product/+/osd'] }));
  const realConnect: MqttConnect = (url, options) => mqtt.connect(url, options) as unknown as MqttLike;
  const sagaTask = saga.run(brokerSaga, { connect: realConnect });
  let sagaLast = 0;
  let sagaCount = 0;
  store.subscribe(() => {
    const n = store.getState().broker.counters.byTopic['thing/product/+/osd'] ?? 0;
    if (n !== sagaCount) {
      sagaCount = n;
      sagaLast = performance.now();
    }
  });
  if (!(await waitFor(() => store.getState().broker.status === 'connected', 10_000)))
    throw new Error(`saga did not connect: ${JSON.stringify(store.getState().broker.status)}`);
  await new Promise((r) => setTimeout(r, 200)); // SUBACK of the saga's subscriptions

  // publishers: DEVICES device clients, TOTAL/DEVICES samples each, QoS 0, as fast as the socket drains
  const devices = await Promise.all(
    Array.from({ length: DEVICES }, (_, i) => connect(wsUrl, { clientId: `dev_bench_${i}`, username: `BENCH-${i}`, password: SECRET })),
  );
  const perDevice = Math.ceil(TOTAL / DEVICES);
  const sent = perDevice * DEVICES;
  const start = performance.now();
  await Promise.all(
    devices.map(async (client, d) => {
      const sn = `BENCH-${d}`;
      for (let i = 0; i < perDevice; i++) {
        const sample = {
          sn,
          lat: 22.54 + i * 1e-6,
          lng: 114.05 + d * 1e-3,
          alt: 80,
          speed: 10,
          heading: (i * 3) % 360,
          battery: 100 - (i / perDevice) * 50,
          status: 'flying',
          at: Date.now(),
        };
        client.publish(`thing/product/${sn}/osd`, JSON.stringify(sample), { qos: 0 });
        if (i % 500 === 499) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  const publishedAt = performance.now();
  await waitFor(() => rawCount >= sent && sagaCount >= sent, 120_000);
  await new Promise((r) => setTimeout(r, 300));

  const secs = (t: number) => (t - start) / 1000;
  const rawRate = rawCount / secs(rawLast);
  const sagaRate = sagaCount / secs(sagaLast);
  const broker = store.getState().broker;
  console.log(`bench:mqtt  ${sent} telemetry messages from ${DEVICES} device clients through the embedded broker (ws), NODE_ENV=${process.env.NODE_ENV}`);
  console.log(`  publishing took          ${secs(publishedAt).toFixed(2)} s`);
  console.log(`  raw mqtt.js subscriber   ${rawCount} msgs in ${secs(rawLast).toFixed(2)} s = ${Math.round(rawRate).toLocaleString('en')} msgs/s`);
  console.log(
    `  saga → Redux store       ${sagaCount} msgs in ${secs(sagaLast).toFixed(2)} s = ${Math.round(sagaRate).toLocaleString('en')} msgs/s  (${broker.counters.batches} store updates, ${Object.keys(broker.telemetry).length} drone tracks, ${broker.counters.invalid} invalid)`,
  );
  console.log(`  ratio saga/raw           ${(sagaRate / rawRate).toFixed(2)}×  (target ≥ 0.70)`);
  console.log(
    `  server ingest            ${server.app.mqtt?.channel.stats.telemetryAccepted} accepted, ${JSON.stringify(server.app.mqtt?.gateway.stats.dropped)} dropped`,
  );

  sagaTask.cancel();
  await Promise.all([...devices, raw].map((c) => c.endAsync(true)));
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('bench:mqtt failed:', error);
  process.exit(1);
});
