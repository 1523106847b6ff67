/**
 * DRC round trip (issue 32, docs/remote.md "Live flight controls"): the console's DRC saga (real mqtt.js, the same
 * code the browser runs) against one simulated dock on the embedded broker. Each trial presses a key (W or S, in turn)
 * and measures until its drone_control reaches the device on drc/down, and until an osd_info_push showing the aircraft
 * moving that way is in the console's store; then lets go and waits for the aircraft to brake. Prints p50/p99 (target
 * p99 < 300 ms), the commit and the machine load. Asserts nothing.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import mqtt from 'mqtt';
import createSagaMiddleware from 'redux-saga';
import { startSimulation } from '../scripts/simulator';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import type { HttpClient } from '../src/api/client';
import { rootReducer, type RootState } from '../src/app/rootReducer';
import type { MqttConnect, MqttLike } from '../src/features/broker/mqttClient';
import remoteSaga from '../src/features/remote/remoteSaga';
import { drcEnterRequested, drcExitRequested, drcKeysChanged } from '../src/features/remote/remoteSlice';
import { selectDrc } from '../src/features/remote/selectors';

const ADMIN_PASSWORD = 'bench-drc-Admin-1';
const TRIALS = Number(process.env.DRC_TRIALS ?? 40);
/** Metres the aircraft must have moved the pressed way for the OSD to count as reflecting the key. */
const MOVED_M = 0.05;
const HOME_HEIGHT = 20;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-drc-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', HMS_URL: 'off' });
  const server = await buildServer(config, { apiRateLimit: 1_000_000, loginRateLimit: 100_000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  // The console's HTTP client, answered by the server in process.
  const http = {
    async request(method: string, url: string, options?: { body?: unknown }) {
      const response = await server.app.inject({
        method: method as 'GET',
        url: `/api${url}`,
        headers: { authorization: `Bearer ${token}`, host: `127.0.0.1:${port}` },
        ...(options?.body ? { payload: options.body as object } : {}),
      });
      if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  } as unknown as HttpClient;

  const simulation = await startSimulation({
    url: `ws://127.0.0.1:${port}/mqtt`,
    api: `http://127.0.0.1:${port}`,
    user: 'admin',
    password: ADMIN_PASSWORD,
    gateways: 0,
    docks: 1,
    workspaceId: 1,
    rate: 5,
    hmsEverySeconds: 0,
    prefix: 'BDRC',
    parked: true,
    // A take-off needs an accepted plan in its window: filed around the dock's circuit.
    plans: true,
  });
  const gateway = simulation.gateways[0];
  const aircraftId = (await server.app.db.selectFrom('devices').select('id').where('serial', '=', gateway.plan.aircraft.sn).executeTakeFirstOrThrow()).id;
  const home = gateway.plan.route[0];
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }).then((r) => r.json());
  await until(async () => (await call('GET', `/api/Device/${aircraftId}/live/`)).data.live?.modeCode === 0, 15_000, 'the aircraft in standby');
  await simulation.planWindowsOpen();
  await call('POST', `/api/Device/${aircraftId}/takeoff/`, {
    lat: home.lat + 20 / 111_320,
    lng: home.lng,
    height: HOME_HEIGHT + 20,
    security_takeoff_height: 20,
    commander_flight_height: 20,
    max_speed: 10,
    confirm_sn: gateway.plan.aircraft.sn,
  });
  await until(async () => (await call('GET', `/api/Device/${aircraftId}/flight/`)).data.progress?.status === 'wayline_ok', 40_000, 'the aircraft hovering');

  const mqttConnect: MqttConnect = (url, options) => mqtt.connect(url, options) as unknown as MqttLike;
  const saga = createSagaMiddleware({ context: { http, mqttConnect } });
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false }).concat(saga) });
  saga.run(remoteSaga);
  const drc = () => selectDrc(aircraftId)(store.getState() as RootState);
  store.dispatch(drcEnterRequested({ deviceId: aircraftId, confirmSn: gateway.plan.aircraft.sn }));
  await until(() => drc().phase === 'active' && drc().osd !== null, 10_000, 'DRC connected');

  const toDevice: number[] = [];
  const toConsole: number[] = [];
  const controls = gateway.drc!.controls;
  for (let trial = 0; trial < TRIALS; trial++) {
    const forward = trial % 2 === 0;
    const before = drc().osd!.latitude;
    const sentBefore = controls.length;
    const pressed = performance.now();
    const pressedAt = Date.now();
    store.dispatch(drcKeysChanged({ deviceId: aircraftId, held: [forward ? 'forward' : 'back'] }));
    await new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        const moved = (drc().osd!.latitude - before) * 111_320 * (forward ? 1 : -1);
        if (moved < MOVED_M) return;
        toConsole.push(performance.now() - pressed);
        unsubscribe();
        resolve();
      });
    });
    const first = controls.slice(sentBefore).find((c) => (forward ? c.sticks.x > 0 : c.sticks.x < 0));
    if (first) toDevice.push(first.at - pressedAt);
    store.dispatch(drcKeysChanged({ deviceId: aircraftId, held: [] }));
    // Let the brake reach the aircraft and a still OSD come back.
    await sleep(300 + Math.random() * 200);
  }
  store.dispatch(drcExitRequested(aircraftId));
  await until(() => drc().phase === 'idle', 10_000, 'DRC exited');

  toDevice.sort((a, b) => a - b);
  toConsole.sort((a, b) => a - b);
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  console.log(`DRC round trip, ${TRIALS} key presses (drone_control at 10 Hz, osd_info_push at 10 Hz), commit ${commit}`);
  console.log(`  key press → drone_control at the device:   n ${toDevice.length}, p50 ${ms(percentile(toDevice, 50))}, p99 ${ms(percentile(toDevice, 99))}`);
  console.log(
    `  key press → OSD showing it in the console: n ${toConsole.length}, p50 ${ms(percentile(toConsole, 50))}, p99 ${ms(percentile(toConsole, 99))}, max ${ms(toConsole.at(-1) ?? NaN)} (target p99 < 300 ms)`,
  );
  console.log(
    `  machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1/5/15 min)`,
  );

  await simulation.stop();
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
