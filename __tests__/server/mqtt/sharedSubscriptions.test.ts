import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { decodeFleet } from '@shared/fleet/codec';
import { TOPIC_FLEET, TOPIC_ONLINE } from '@shared/live';
import { applyOnline, parseOnlineMessage, type OnlineView } from '@shared/onlineList';
import { replyTopic, servicesTopic, statusTopic } from '@shared/dji/topics';
import type { ReplyEnvelope } from '@shared/dji/envelope';
import { forkServerInstance, type ServerInstance } from '../../support/serverInstance';
import { useScaledOutServers } from '../../support/serverProcess';
import { until } from '../../support/until';
import { aircraft, aircraftOsd, RC, TestGateway } from './dji';
import { startOwnMosquitto, type OwnMosquitto } from './mosquitto';
import { connect, end, subscribe } from './support';

jest.setTimeout(180_000);

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';
const GATEWAYS = 10;
/** Each stand-in sends its aircraft's OSD this often (ten times DJI's 1 Hz: enough messages in a short test). */
const OSD_EVERY_MS = 100;

/**
 * A Pilot 2 gateway (RC) with one aircraft, as a real one behaves: from the moment it is connected it sends its
 * update_topo (without waiting for the reply) and its aircraft's OSD, and answers the services it is sent.
 */
class StandIn {
  sent = 0;
  /** The latitude its aircraft reports: the test moves every aircraft to tell snapshots apart. */
  latitude: number;
  readonly statusReplies: string[] = [];
  /** The reply to the update_topo it sent on connecting. */
  readonly topoReply: Promise<ReplyEnvelope>;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly gateway: TestGateway,
    readonly index: number,
  ) {
    this.latitude = 22 + index / 100;
    gateway.client.on('message', (topic, payload) => {
      const message = JSON.parse(payload.toString()) as { tid: string; bid: string; method: string };
      if (topic === replyTopic(statusTopic(gateway.sn))) this.statusReplies.push(message.tid);
      if (topic !== servicesTopic(gateway.sn)) return;
      const reply = {
        tid: message.tid,
        bid: message.bid,
        timestamp: Date.now(),
        method: message.method,
        data: { result: 0, output: { answeredBy: gateway.sn } },
      };
      gateway.client.publish(replyTopic(topic), JSON.stringify(reply), { qos: 1 });
    });
    this.topoReply = gateway.topo(RC, [aircraft(this.aircraftSn)]);
    this.stream();
  }

  get sn() {
    return this.gateway.sn;
  }

  get aircraftSn() {
    return `SH-AC-${this.index}`;
  }

  static async connect(url: string, index: number): Promise<StandIn> {
    return new StandIn(await TestGateway.connect(url, `SH-RC-${index}`, 'device', 'device-secret'), index);
  }

  stream() {
    const send = () => {
      this.gateway.osd(this.aircraftSn, aircraftOsd({ latitude: this.latitude }));
      this.sent++;
    };
    send();
    this.timer = setInterval(send, OSD_EVERY_MS);
  }

  pause() {
    clearInterval(this.timer);
  }

  /** Sends `count` OSD messages at once (streaming paused). */
  burst(count: number) {
    for (let i = 0; i < count; i++) {
      this.gateway.osd(this.aircraftSn, aircraftOsd({ latitude: this.latitude }));
      this.sent++;
    }
  }
}

/** What a browser subscribed to sysinfo/fleet and sysinfo/online shows: each aircraft's latitude, the devices online. */
class BrowserView {
  readonly latitudes = new Map<string, number>();
  online: OnlineView | null = null;
  private readonly checks = new Set<() => void>();

  constructor(client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic === TOPIC_FLEET) {
        const decoded = decodeFleet(payload);
        if (!decoded.ok) return;
        this.latitudes.clear();
        decoded.fleet.sn.forEach((sn, i) => this.latitudes.set(sn, decoded.fleet.lat[i]));
      } else if (topic === TOPIC_ONLINE) {
        const message = parseOnlineMessage(JSON.parse(payload.toString()));
        if (message) this.online = applyOnline(this.online, message).view;
      }
      this.checks.forEach((check) => check());
    });
  }

  /** Resolves when what the browser shows satisfies `predicate` (checked now, then on each message). */
  when(predicate: (view: BrowserView) => boolean, timeoutMs: number, what: string, now = true): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.checks.delete(check);
        reject(new Error(`the browser did not show ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (!predicate(this)) return;
        clearTimeout(timer);
        this.checks.delete(check);
        resolve();
      };
      this.checks.add(check);
      if (now) check();
    });
  }

  /** Every stand-in's aircraft in the fleet at its current latitude, and every gateway and aircraft online. */
  showsAll(standIns: StandIn[]): boolean {
    const online = this.online?.summary.statuses ?? {};
    return standIns.every((s) => this.latitudes.get(s.aircraftSn) === s.latitude && s.sn in online && s.aircraftSn in online);
  }
}

/** OSD messages an instance handled: applied, or dropped because no update_topo had declared the aircraft yet. */
const handledOsd = async (instance: ServerInstance) => {
  const { stats } = await instance.stats();
  return { applied: stats.accepted.osd ?? 0, undeclared: stats.dropped.undeclared_serial, topologies: stats.accepted.status ?? 0 };
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Three server instances on one Mosquitto, PostgreSQL and Redis (issue 35): the device topics are shared
 * subscriptions, so each device message reaches one instance; topologies and presence go through Redis, so the
 * instance holding the sysinfo lease publishes the whole fleet; a killed instance's share moves to the others.
 */
describe('device messages split across three instances (MQTT shared subscriptions)', () => {
  let dir: string;
  let mosquitto: OwnMosquitto;
  const clients: MqttClient[] = [];
  const standIns: StandIn[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-share-'));
    const passwd = path.join(dir, 'passwd');
    execFileSync(MOSQUITTO_PASSWD, ['-c', '-b', passwd, 'skyline-server', 'server-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'viewer', 'viewer-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'device', 'device-secret']);
    fs.chmodSync(passwd, 0o600);
    mosquitto = await startOwnMosquitto(dir, [`password_file ${passwd}`]);
  });
  // Declared before the instances: the clients end before the instances stop, and Mosquitto after them.
  afterAll(async () => {
    standIns.forEach((s) => s.pause());
    await Promise.all([...clients.map(end), ...standIns.map((s) => s.gateway.end())]);
  });
  const instances = useScaledOutServers(
    3,
    () => ({ MQTT_URL: mosquitto.tcpUrl, MQTT_USER: 'skyline-server', MQTT_PASSWORD: 'server-secret', MQTT_SYSINFO_INTERVAL_MS: '2000' }),
    { redis: true, start: forkServerInstance },
  );
  afterAll(() => {
    mosquitto?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let view: BrowserView;

  it('hands each device message to one instance, all three taking a share, and the browser sees the whole fleet', async () => {
    const viewer = await connect(mosquitto.tcpUrl, { clientId: 'web_share', username: 'viewer', password: 'viewer-secret' });
    clients.push(viewer);
    view = new BrowserView(viewer);
    expect(await subscribe(viewer, TOPIC_FLEET)).toBe(0);
    expect(await subscribe(viewer, TOPIC_ONLINE)).toBe(0);

    for (let i = 0; i < GATEWAYS; i++) standIns.push(await StandIn.connect(mosquitto.tcpUrl, i));
    const replies = await Promise.all(standIns.map((s) => s.topoReply));
    expect(replies.map((r) => r.data.result)).toEqual(standIns.map(() => 0));
    // The instance holding the sysinfo lease publishes them all, though it applied a third of their messages.
    await view.when((v) => v.showsAll(standIns), 20_000, 'every gateway online and every aircraft in the fleet');

    standIns.forEach((s) => s.pause());
    const sent = sum(standIns.map((s) => s.sent));
    let handled: Awaited<ReturnType<typeof handledOsd>>[] = [];
    await until(
      async () => {
        handled = await Promise.all(instances.map(handledOsd));
        return sum(handled.map((h) => h.applied + h.undeclared)) >= sent;
      },
      20_000,
      `the instances handling the ${sent} OSD messages sent`,
    );
    // Once each: no instance handles what another did (an unshared subscription would make it three times).
    expect(sum(handled.map((h) => h.applied + h.undeclared))).toBe(sent);
    for (const h of handled) expect(h.applied).toBeGreaterThan(0);
    // Only the first OSD of a gateway, sent with its update_topo, may come before any instance knew the aircraft.
    expect(sum(handled.map((h) => h.undeclared))).toBeLessThanOrEqual(GATEWAYS);
    // Each update_topo applied and answered once.
    expect(sum(handled.map((h) => h.topologies))).toBe(GATEWAYS);
    expect(standIns.map((s) => s.statusReplies.length)).toEqual(standIns.map(() => 1));
  });

  it('gives each instance the replies to its own services', async () => {
    const answers = await Promise.all(instances.map((instance, i) => instance.service(standIns[i].sn, 'shared_subscription_ping')));
    expect(answers).toEqual(instances.map((_, i) => ({ kind: 'service', output: { answeredBy: standIns[i].sn } })));
  });

  it("moves a killed instance's devices to the other two within seconds", async () => {
    // The first instance started holds the sysinfo lease: killing it also moves publishing to another.
    const [killed, ...alive] = instances;
    standIns.forEach((s) => s.stream());
    await killed.kill();
    standIns.forEach((s) => (s.latitude += 1));
    await view.when((v) => v.showsAll(standIns), 15_000, 'the fleet at its new positions after the kill');

    // Every message sent from now on is handled, once, by the two left.
    standIns.forEach((s) => s.pause());
    const settled = async () => {
      const first = await Promise.all(alive.map(handledOsd));
      await view.when(() => true, 5_000, 'the next sysinfo message', false);
      const second = await Promise.all(alive.map(handledOsd));
      return JSON.stringify(first) === JSON.stringify(second) ? second : null;
    };
    let before: Awaited<ReturnType<typeof handledOsd>>[] | null = null;
    await until(async () => (before = await settled()) !== null, 20_000, 'the instances done with what was sent before');
    const from = sum(standIns.map((s) => s.sent));
    standIns.forEach((s) => s.burst(10));
    const sent = sum(standIns.map((s) => s.sent)) - from;
    const base = sum(before!.map((h) => h.applied));
    let after: Awaited<ReturnType<typeof handledOsd>>[] = [];
    await until(
      async () => {
        after = await Promise.all(alive.map(handledOsd));
        return sum(after.map((h) => h.applied)) - base >= sent;
      },
      20_000,
      `the two instances left applying the ${sent} OSD messages sent after the kill`,
    );
    expect(sum(after.map((h) => h.applied)) - base).toBe(sent);
    after.forEach((h, i) => expect(h.applied).toBeGreaterThan(before![i].applied));
  });
});
