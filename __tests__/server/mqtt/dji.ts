import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { ReplyEnvelope } from '@shared/dji/envelope';
import { eventsTopic, osdTopic, replyTopic, requestsTopic, servicesTopic, stateTopic, statusTopic } from '@shared/dji/topics';
import type { ServerHandle } from '../../../server/app';
import { BrowserScope } from '../../../server/mqtt/browserScope';
import { connect, loginToken, nextMessage, startServer, subscribe, type TestServer } from './support';

/** Helpers that speak the DJI Cloud API like a gateway (Pilot 2 on an RC, or a dock) would. */

export const envelope = (method: string | undefined, data: unknown, extra: Record<string, unknown> = {}) => ({
  tid: randomUUID(),
  bid: randomUUID(),
  timestamp: Date.now(),
  ...(method === undefined ? {} : { method }),
  data,
  ...extra,
});

export const RC = { domain: '2', type: 119, sub_type: 0 };
export const DOCK = { domain: '3', type: 2, sub_type: 0 };
export const aircraft = (sn: string) => ({ sn, domain: '0', type: 89, sub_type: 0, index: 'A', thing_version: '1.1.2' });

export const aircraftOsd = (extra: Record<string, unknown> = {}) => ({
  latitude: 22.6,
  longitude: 114.1,
  height: 130.5,
  elevation: 95,
  attitude_head: -90,
  horizontal_speed: 8,
  vertical_speed: 0,
  mode_code: 5,
  battery: { capacity_percent: 66, remain_flight_time: 1200 },
  position_state: { gps_number: 20, rtk_number: 30, is_fixed: 2, quality: 5 },
  wind_speed: 3.5,
  wind_direction: 2,
  home_distance: 420,
  ...extra,
});

export class TestGateway {
  constructor(
    readonly client: MqttClient,
    readonly sn: string,
  ) {}

  /** Connects and subscribes to its replies and services, like Pilot 2 / a dock does right after CONNACK. */
  static async connect(url: string, sn: string, username: string, password: string, clientId = `gw_${sn}_${randomUUID().slice(0, 8)}`): Promise<TestGateway> {
    const client = await connect(url, { clientId, username, password });
    for (const topic of [replyTopic(statusTopic(sn)), replyTopic(eventsTopic(sn)), replyTopic(requestsTopic(sn)), servicesTopic(sn)]) {
      const granted = await subscribe(client, topic);
      if (granted !== 1 && granted !== 0) throw new Error(`subscription ${topic} refused (${granted})`);
    }
    return new TestGateway(client, sn);
  }

  /** Publishes `message` on `topic` and resolves with the platform's reply (same tid) on `topic`_reply. */
  async call(topic: string, message: Record<string, unknown>, timeoutMs = 5000): Promise<ReplyEnvelope> {
    const reply = nextMessage(this.client, replyTopic(topic), timeoutMs, (p) => (p as { tid?: unknown }).tid === (message.tid ?? ''));
    this.client.publish(topic, JSON.stringify(message), { qos: 1 });
    return (await reply).payload as ReplyEnvelope;
  }

  topo(self: Record<string, unknown>, subDevices: Array<Record<string, unknown>>) {
    return this.call(statusTopic(this.sn), envelope('update_topo', { ...self, thing_version: '1.1.2', sub_devices: subDevices }));
  }

  /**
   * What a real gateway does: update_topo (QoS 1) and, without waiting for its PUBACK or reply, the first OSD of the
   * aircraft it declares. Resolves with the status_reply, or null when the connection closed instead.
   */
  topoThenOsd(self: Record<string, unknown>, sub: Record<string, unknown> & { sn: string }, osd: unknown): Promise<ReplyEnvelope | null> {
    const closed = new Promise<null>((resolve) => this.client.once('close', () => resolve(null)));
    const reply = this.topo(self, [sub]);
    this.osd(sub.sn, osd);
    return Promise.race([reply, closed]);
  }

  osd(sn: string, data: unknown) {
    this.client.publish(osdTopic(sn), JSON.stringify(envelope(undefined, data, { gateway: this.sn })), { qos: 1 });
  }

  state(sn: string, data: unknown) {
    this.client.publish(stateTopic(sn), JSON.stringify(envelope(undefined, data, { gateway: this.sn })), { qos: 1 });
  }

  event(method: string, data: unknown, needReply = 1, timeoutMs?: number) {
    return this.call(eventsTopic(this.sn), envelope(method, data, { need_reply: needReply, gateway: this.sn }), timeoutMs);
  }

  request(method: string, data: unknown) {
    return this.call(requestsTopic(this.sn), envelope(method, data, { gateway: this.sn }));
  }

  /**
   * A marker: a config request answered by the server. The server handles one connection's messages in order,
   * so once it is answered everything published before it has been handled (started, for a route off the queue).
   */
  async flush() {
    const reply = await this.request('config', { config_type: 'json', config_scope: 'product' });
    if (reply.data.result !== 0) throw new Error(`config request failed: ${JSON.stringify(reply)}`);
  }

  end() {
    return this.client.endAsync(true);
  }
}

/**
 * `tries` gateway connections (from `open`), each sending update_topo and right behind it its aircraft's first OSD
 * (`topoThenOsd`), then ending: what became of each ('heard' when answered with result 0 and the OSD applied).
 */
export async function streamBehindTopo(
  server: ServerHandle,
  open: (i: number) => Promise<TestGateway>,
  self: Record<string, unknown>,
  aircraftSn: (i: number) => string,
  tries = 25,
): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < tries; i++) {
    const gateway = await open(i);
    const osdBefore = server.app.mqtt!.gateway.stats.accepted.osd ?? 0;
    const reply = await gateway.topoThenOsd(self, aircraft(aircraftSn(i)), aircraftOsd({ latitude: 22 + i / 100 }));
    if (reply?.data.result === 0) await gateway.flush();
    const heard =
      (server.app.mqtt!.gateway.stats.accepted.osd ?? 0) > osdBefore && (await server.app.mqtt!.gateway.currentLive(aircraftSn(i)))?.lat === 22 + i / 100;
    outcomes.push(reply === null ? 'closed' : reply.data.result !== 0 ? `result ${reply.data.result}` : heard ? 'heard' : 'osd lost');
    await gateway.end();
  }
  return outcomes;
}

type Json = { code: number; data: Record<string, unknown> & { items?: Array<Record<string, unknown>> }; msg: string };

export async function api(
  server: ServerHandle,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Json & { status: number }> {
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, ...(response.json() as Json) };
}

/** Registers a dock through the API; resolves with its id and its secret (shown once). */
export async function registerDock(server: ServerHandle, token: string, sn: string): Promise<{ id: number; secret: string }> {
  const created = await api(server, token, 'POST', '/api/Device/', { serial: sn, name: `Dock ${sn}`, model: 'DJI Dock 2', kind: 'dock' });
  if (created.status !== 200 || typeof created.data.secret !== 'string') throw new Error(`dock registration failed: ${JSON.stringify(created)}`);
  return { id: created.data.id as number, secret: created.data.secret };
}

/** A server with a registered stand-in dock whose one aircraft is `aircraftSn`, for the tests of a describe block. */
export interface StandInDock {
  server: TestServer;
  /** The admin's token. */
  token: string;
  gateway: TestGateway;
}

/**
 * Starts a server (sysinfo and device timeouts of a minute: nothing changes by itself during the tests) before the
 * block's tests, registers dock `dockSn` and connects it declaring aircraft `aircraftSn`; closes both after them.
 * The fields are set once the block's tests run.
 */
export function useStandInDock(dockSn: string, aircraftSn: string): StandInDock {
  const dock = {} as StandInDock;
  beforeAll(async () => {
    dock.server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 });
    dock.token = await loginToken(dock.server);
    const { secret } = await registerDock(dock.server, dock.token, dockSn);
    dock.gateway = await TestGateway.connect(dock.server.wsUrl, dockSn, dockSn, secret);
    await dock.gateway.topo(DOCK, [aircraft(aircraftSn)]);
  });
  afterAll(async () => {
    await dock.gateway?.end();
    await dock.server?.close();
  });
  return dock;
}

/**
 * What operator1 (a department's data scope) hears of a message about one device on `topic`: `message(sn)` for a
 * device of its department (the payload as sent) and for the stand-in dock's aircraft `foreignSn`, outside it (null).
 */
export async function operatorHears(dock: StandInDock, topic: string, message: (sn: string) => unknown, foreignSn: string) {
  const db = dock.server.database.db;
  const operator = await db.selectFrom('users').select(['id', 'dept_id']).where('username', '=', 'operator1').executeTakeFirstOrThrow();
  const own = await db.selectFrom('devices').select('serial').where('dept_id', '=', operator.dept_id).executeTakeFirstOrThrow();
  const scope = new BrowserScope(db);
  await scope.load('operator-session', operator.id);
  const ownPayload = Buffer.from(JSON.stringify(message(own.serial)));
  return {
    own: scope.narrow('operator-session', topic, ownPayload) === ownPayload,
    foreign: scope.narrow('operator-session', topic, Buffer.from(JSON.stringify(message(foreignSn)))),
  };
}

/** Pilot 2's thing credentials, as the /djiapp page gets them. */
export async function pilotCredentials(server: ServerHandle, token: string): Promise<{ username: string; password: string }> {
  const project = await server.app.db.selectFrom('projects').select('id').orderBy('id').executeTakeFirst();
  const projectId =
    project?.id ??
    (await api(server, token, 'POST', '/api/Project/', { name: `p-${randomUUID().slice(0, 6)}`, status: 'active' }).then((r) => r.data.id as number));
  const conf = await api(server, token, 'GET', `/api/djiconf/${projectId}/`);
  const { mqttUsername, mqttPassword } = conf.data as { mqttUsername: string | null; mqttPassword: string | null };
  if (!mqttUsername || !mqttPassword) throw new Error(`no thing credentials: ${JSON.stringify(conf)}`);
  return { username: mqttUsername, password: mqttPassword };
}
