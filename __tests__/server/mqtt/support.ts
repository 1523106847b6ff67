import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { buildServer, type BuildOptions, type ServerHandle } from '../../../server/app';
import { readConfig, readMqttConfig } from '../../../server/config';
import type { MqttConfig } from '../../../server/mqtt/config';
import { applyOnline, parseOnlineMessage, type OnlineStatuses, type OnlineView } from '@shared/onlineList';

export const ADMIN_PASSWORD = 'mqtt-test-Admin-1';

/**
 * A nextMessage predicate for sysinfo/online: applies every message to the list as a browser holds it and holds when
 * `check` does on a message sent after the subscription (a retained snapshot may predate the last deltas).
 */
export function onlineWhere(check: (statuses: OnlineStatuses) => boolean): (payload: unknown, retain: boolean) => boolean {
  let view: OnlineView | null = null;
  return (payload, retain) => {
    const message = parseOnlineMessage(payload);
    if (!message) return false;
    view = applyOnline(view, message).view;
    return !retain && view !== null && check(view.summary.statuses as OnlineStatuses);
  };
}

export interface TestServer extends ServerHandle {
  port: number;
  wsUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startServer(mqttOverrides: Partial<MqttConfig> = {}, env: NodeJS.ProcessEnv = {}, build: BuildOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-mqtt-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', HMS_URL: 'off', ...env });
  config.mqtt = { ...readMqttConfig(env), ...mqttOverrides };
  const handle = await buildServer(config, { apiRateLimit: 10_000, loginRateLimit: 1000, ...build });
  await handle.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (handle.app.server.address() as { port: number }).port;
  return {
    ...handle,
    port,
    dataDir,
    wsUrl: `ws://127.0.0.1:${port}/mqtt`,
    async close() {
      await handle.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function loginToken(server: ServerHandle, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username, password } });
  const body = response.json() as { data: { token: string } };
  if (!body.data?.token) throw new Error(`login failed: ${response.body}`);
  return body.data.token;
}

/** Connects and resolves on CONNACK; rejects with the broker's error (e.g. bad credentials). */
export function connect(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, clean: true, ...options });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

export function nextMessage(
  client: MqttClient,
  topic: string,
  timeoutMs = 5000,
  predicate: (payload: unknown, retain: boolean) => boolean = () => true,
  /** Payloads are JSON unless the topic is binary (sysinfo/fleet). */
  decode: (payload: Buffer) => unknown = (payload) => JSON.parse(payload.toString()),
): Promise<{ payload: unknown; retain: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (t: string, payload: Buffer, packet: { retain: boolean }) => {
      if (t !== topic) return;
      const parsed = decode(payload);
      if (!predicate(parsed, packet.retain)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve({ payload: parsed, retain: packet.retain });
    };
    client.on('message', onMessage);
  });
}

export function subscribe(client: MqttClient, topic: string): Promise<number> {
  return new Promise((resolve, reject) =>
    client.subscribe(topic, { qos: 0 }, (error, granted) => {
      // mqtt.js 5 reports a SUBACK failure code (0x80) as an error carrying the packet.
      const refused = (error as { packet?: { granted?: number[] } } | undefined)?.packet?.granted?.[0];
      if (refused !== undefined) return resolve(refused);
      return error ? reject(error) : resolve(granted?.[0]?.qos ?? -1);
    }),
  );
}

export const end = (client: MqttClient | undefined) => (client ? client.endAsync(true) : Promise.resolve());

/**
 * Records what `client` receives on `topic` from now on. `untilMarker` has the server publish a marker there and
 * resolves, once it arrives, with what came before it: a message the broker had accepted earlier would be among them.
 */
export function recordMessages(client: MqttClient, topic: string) {
  const seen: string[] = [];
  const onMessage = (t: string, payload: Buffer) => void (t === topic && seen.push(payload.toString()));
  client.on('message', onMessage);
  return {
    async untilMarker(server: ServerHandle): Promise<string[]> {
      const bus = server.app.mqtt?.bus;
      if (!bus) throw new Error('the server runs no MQTT');
      const marker = `marker-${randomUUID()}`;
      const arrived = nextMessage(
        client,
        topic,
        5000,
        (payload) => payload === marker,
        (payload) => payload.toString(),
      );
      await bus.publish(topic, marker, { retain: false, qos: 0 });
      await arrived;
      client.off('message', onMessage);
      return seen.slice(0, seen.indexOf(marker));
    },
  };
}

/** Resolves with `promise`, or rejects once `timeoutMs` passed without it. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
