import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { RESULT } from '@shared/dji/envelope';
import { osdTopic } from '@shared/dji/topics';
import type { AlertNotification } from '@shared/entities/alert';
import { TOPIC_ALERTS } from '@shared/live';
import { buildServer, type ServerHandle } from '../../server/app';
import { readConfig } from '../../server/config';
import { readMqttConfig } from '../../server/config';
import { startSimulation, type Simulation } from '../../scripts/simulator';

const ADMIN_PASSWORD = 'sim-test-Admin-1';

let server: ServerHandle;
let dataDir: string;
let api: string;
let simulation: Simulation;
let observer: MqttClient;
let token: string;

async function get<T>(url: string): Promise<T> {
  const response = await server.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/** Resolves with the next message on `topic` that satisfies `accept`. */
function nextMessage<T>(topic: string, accept: (message: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (t: string, payload: Buffer) => {
      const message = JSON.parse(payload.toString('utf8')) as T;
      if (t !== topic || !accept(message)) return;
      clearTimeout(timer);
      observer.off('message', onMessage);
      resolve(message);
    };
    observer.on('message', onMessage);
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-sim-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', HMS_URL: 'off' });
  config.mqtt = readMqttConfig({});
  server = await buildServer(config, { apiRateLimit: 10_000, loginRateLimit: 1000 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  api = `http://127.0.0.1:${port}`;
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  token = (login.json() as { data: { token: string } }).data.token;
  observer = await new Promise<MqttClient>((resolve, reject) => {
    const client = mqtt.connect(`ws://127.0.0.1:${port}/mqtt`, { clientId: 'web_sim_test', username: 'admin', password: token, reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
  await observer.subscribeAsync(['thing/product/+/osd', TOPIC_ALERTS], { qos: 1 });
  simulation = await startSimulation({
    url: `ws://127.0.0.1:${port}/mqtt`,
    api,
    user: 'admin',
    password: ADMIN_PASSWORD,
    gateways: 1,
    docks: 1,
    workspaceId: 1,
    rate: 5,
    hmsEverySeconds: 0,
    prefix: 'SIMT',
  });
});

afterAll(async () => {
  await simulation?.stop();
  await observer?.endAsync(true);
  await server?.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface DeviceRow {
  id: number;
  serial: string;
  kind: string;
  model: string;
  gateway_sn: string | null;
  status: string;
}

const device = async (serial: string) => (await get<{ items: DeviceRow[] }>(`/Device/?search=${serial}`)).items.find((d) => d.serial === serial);

describe('the simulator against the real server', () => {
  it('a Pilot 2 gateway and a dock complete the topology handshake; the platform binds their devices and pairs the aircraft', async () => {
    const [pilot, dock] = simulation.gateways;
    expect(simulation.connected()).toBe(2);
    expect(await device(pilot.sn)).toMatchObject({ kind: 'remote_controller', model: 'DJI RC Pro Enterprise', gateway_sn: null });
    // The demo data's first aircraft flies under the first Pilot 2 gateway (it keeps its registered model).
    expect((await get<{ items: DeviceRow[] }>('/Device/?kind=aircraft&page_size=100')).items.map((d) => d.serial)).toContain(pilot.plan.aircraft.sn);
    expect(await device(pilot.plan.aircraft.sn)).toMatchObject({ kind: 'aircraft', gateway_sn: pilot.sn });
    expect(await device(dock.sn)).toMatchObject({ kind: 'dock', model: 'DJI Dock 2' });
    expect(await device(dock.plan.aircraft.sn)).toMatchObject({ kind: 'aircraft', model: 'Matrice 3D', gateway_sn: dock.sn });
  });

  it('OSD of aircraft, RC and dock is applied to the live state in DJI terms', async () => {
    const [pilot, dock] = simulation.gateways;
    for (const sn of [pilot.plan.aircraft.sn, pilot.sn, dock.sn]) await nextMessage(osdTopic(sn));
    // The server applied what the observer saw once the next one arrives (one broker, in order).
    await nextMessage(osdTopic(pilot.plan.aircraft.sn));
    const aircraft = await get<{ live: Record<string, unknown> }>(`/Device/${(await device(pilot.plan.aircraft.sn))!.id}/live/`);
    expect(aircraft.live).toMatchObject({ kind: 'aircraft', modeCode: 3, mode: { en: 'Manual flight' } });
    expect(aircraft.live).toHaveProperty('remainFlightTime');
    expect(aircraft.live).toHaveProperty('gpsNumber');
    const rc = await get<{ live: Record<string, unknown> }>(`/Device/${(await device(pilot.sn))!.id}/live/`);
    expect(rc.live).toMatchObject({ kind: 'remote_controller', sdrQuality: expect.any(Number) });
    const dockLive = await get<{ live: Record<string, unknown> }>(`/Device/${(await device(dock.sn))!.id}/live/`);
    expect(dockLive.live).toMatchObject({ kind: 'dock', dock: { droneInDock: 0, coverState: 1 } });
  });

  it('an HMS event is answered with result 0 and becomes an active alert pushed on sysinfo/alerts', async () => {
    const [pilot] = simulation.gateways;
    const notified = nextMessage<AlertNotification>(TOPIC_ALERTS, (n) => n.alert.code === '0x1B030017');
    const reply = await pilot.raiseHms([{ code: '0x1B030017', level: 1, module: 3, in_the_sky: 1, imminent: 0, device_type: pilot.deviceType('aircraft') }]);
    expect(reply.result).toBe(RESULT.ok);
    expect((await notified).alert).toMatchObject({ device_sn: pilot.plan.aircraft.sn, gateway_sn: pilot.sn, level: 1, active: 1 });
  });

  it('answers services: result 0 for the methods it knows, non-zero for others and for mission commands without a mission', async () => {
    const [pilot] = simulation.gateways;
    const gateway = server.app.mqtt!.gateway;
    await expect(gateway.sendService(pilot.sn, 'flight_authority_grab', {}, { timeoutMs: 5000 })).resolves.toBeDefined();
    await expect(gateway.sendService(pilot.sn, 'no_such_method', {}, { timeoutMs: 5000 })).rejects.toMatchObject({ result: RESULT.unknownMethod });
    // Missions are flown by the mission tests (__tests__/server/missions/simulator.test.ts); none flies here.
    await expect(gateway.sendService(pilot.sn, 'return_home', {}, { timeoutMs: 5000 })).rejects.toMatchObject({ result: expect.any(Number) });
    expect(pilot.servicesReceived).toEqual(['flight_authority_grab', 'no_such_method', 'return_home']);
  });
});
