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
import { ADMIN_PASSWORD } from '../api/harness';
import { aircraft, aircraftOsd, RC, TestGateway } from './dji';
import { startOwnMosquitto, type OwnMosquitto } from './mosquitto';
import { connect, end, subscribe } from './support';

jest.setTimeout(180_000);

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';
/** Enough for each of three instances to own some: rendezvous hashing leaves one without any once in 70,000 runs. */
const GATEWAYS = 30;
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
  /** The mode its aircraft reports (5: wayline flight, aircraftOsd's). */
  modeCode = 5;
  /** The battery its aircraft reports. */
  battery = 66;
  /** Whether its OSD carries the battery alone (a partial report, as a dock's OSD comes in parts). */
  partial = false;
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
    this.pause();
    const send = () => this.burst(1);
    send();
    this.timer = setInterval(send, OSD_EVERY_MS);
  }

  pause() {
    clearInterval(this.timer);
  }

  /** Sends `count` OSD messages at once (streaming paused). */
  burst(count: number) {
    for (let i = 0; i < count; i++) {
      const battery = { capacity_percent: this.battery, remain_flight_time: 1200 };
      this.gateway.osd(this.aircraftSn, this.partial ? { battery } : aircraftOsd({ latitude: this.latitude, mode_code: this.modeCode, battery }));
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

/**
 * OSD messages an instance handled: applied (and each aircraft's samples, as flight records and monitors hear them),
 * dropped because no update_topo had declared the aircraft yet, or because another instance owns its gateway.
 */
const handledOsd = async (instance: ServerInstance) => {
  const { stats, samples } = await instance.stats();
  return {
    applied: stats.accepted.osd ?? 0,
    samples,
    undeclared: stats.dropped.undeclared_serial,
    notOwner: stats.dropped.not_owner,
    topologies: stats.accepted.status ?? 0,
  };
};
type Handled = Awaited<ReturnType<typeof handledOsd>>;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Each aircraft's samples applied by each instance between two readings: sn → one count per instance. */
const samplesBetween = (before: Handled[], after: Handled[], standIns: StandIn[]) =>
  new Map(standIns.map((s) => [s.aircraftSn, after.map((h, i) => (h.samples[s.aircraftSn] ?? 0) - (before[i]?.samples[s.aircraftSn] ?? 0))]));

/** The instances that applied samples of the aircraft (by index), per aircraft. */
const appliedBy = (counts: Map<string, number[]>) => [...counts.values()].map((perInstance) => perInstance.flatMap((n, i) => (n > 0 ? [i] : [])));

/** An API request to `instance` (signed in with `token`): its status and envelope. */
const request = async (instance: ServerInstance, method: string, url: string, token?: string, body?: unknown) => {
  const response = await fetch(new URL(`api${url}`, instance.url), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; error_code?: string } };
};

/** An API call to `instance` that succeeds: the envelope's data. */
const call = async <T>(instance: ServerInstance, method: string, url: string, token?: string, body?: unknown): Promise<T> => {
  const { status, body: envelope } = await request(instance, method, url, token, body);
  if (status !== 200) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(envelope)}`);
  return envelope.data as T;
};

/** Every gateway answers a config request: its owner has applied all it sent before (one instance applies a gateway's messages in order). */
const flushAll = (standIns: StandIn[]) => Promise.all(standIns.map((s) => s.gateway.flush()));

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
    () => ({
      ADMIN_PASSWORD,
      API_RATE_LIMIT: '100000',
      MQTT_URL: mosquitto.tcpUrl,
      MQTT_USER: 'skyline-server',
      MQTT_PASSWORD: 'server-secret',
      MQTT_SYSINFO_INTERVAL_MS: '2000',
    }),
    { redis: true, start: forkServerInstance },
  );
  afterAll(() => {
    mosquitto?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let view: BrowserView;

  it("hands all of one gateway's messages to one instance, all three taking a share, and the browser sees the whole fleet", async () => {
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
    await flushAll(standIns);
    const handled = await Promise.all(instances.map(handledOsd));
    const counts = samplesBetween([], handled, standIns);
    // Every sample of one aircraft on one instance: its flight record, conformance and safety monitors see them all.
    expect(appliedBy(counts).map((by) => by.length)).toEqual(standIns.map(() => 1));
    for (const h of handled) expect(h.applied).toBeGreaterThan(0);
    // The owner subscribes once it knows the topology: no OSD reaches an instance that does not know the aircraft.
    expect(sum(handled.map((h) => h.undeclared))).toBe(0);
    // A gateway never seen before: what it sent before its owner's SUBACK is lost (nobody subscribed to it yet), the
    // OSD right behind its update_topo at least, more while the instances are busy (here 100 ms apart, two cores).
    const lost = standIns.map((s) => s.sent - sum(counts.get(s.aircraftSn)!));
    console.info(`OSDs lost behind the first update_topo: ${sum(lost)} of ${sum(standIns.map((s) => s.sent))} (per gateway: ${lost.join(' ')})`);
    for (const n of lost) expect(n).toBeLessThanOrEqual(5);
    // Each update_topo applied and answered once.
    expect(sum(handled.map((h) => h.topologies))).toBe(GATEWAYS);
    expect(standIns.map((s) => s.statusReplies.length)).toEqual(standIns.map(() => 1));
  });

  it('loses no OSD of a gateway that connects again: its owner is subscribed already', async () => {
    const again = standIns.slice(0, 10);
    await Promise.all(again.map((s) => s.gateway.end()));
    const before = await Promise.all(instances.map(handledOsd));
    const reconnected = await Promise.all(again.map((s) => StandIn.connect(mosquitto.tcpUrl, s.index)));
    standIns.splice(0, again.length, ...reconnected);
    expect((await Promise.all(reconnected.map((s) => s.topoReply))).map((r) => r.data.result)).toEqual(reconnected.map(() => 0));
    reconnected.forEach((s) => s.pause());
    await flushAll(reconnected);
    const counts = samplesBetween(before, await Promise.all(instances.map(handledOsd)), reconnected);
    // Every OSD of each, the first one behind its update_topo included, on one instance.
    expect(appliedBy(counts).map((by) => by.length)).toEqual(reconnected.map(() => 1));
    expect(reconnected.map((s) => sum(counts.get(s.aircraftSn)!))).toEqual(reconnected.map((s) => s.sent));
  });

  it('gives each instance the replies to its own services', async () => {
    const answers = await Promise.all(instances.map((instance, i) => instance.service(standIns[i].sn, 'shared_subscription_ping')));
    expect(answers).toEqual(instances.map((_, i) => ({ kind: 'service', output: { answeredBy: standIns[i].sn } })));
  });

  /** The admin's token and each aircraft's device id (registered by the live state test). */
  let token = '';
  const ids = new Map<string, number>();
  /** Whether each aircraft's live state read through `readersOf` it (GET /api/Device/{id}/live/) is its newest position, mode and gateway. */
  const liveShown = async (readersOf: (s: StandIn, index: number) => ServerInstance[]) => {
    const reads = standIns.flatMap((s, i) => readersOf(s, i).map((instance) => ({ s, instance })));
    const answers = await Promise.all(
      reads.map(({ s, instance }) =>
        call<{ live: { lat?: number; modeCode?: number; battery?: number } | null; gatewaySn: string | null }>(
          instance,
          'GET',
          `/Device/${ids.get(s.aircraftSn)}/live/`,
          token,
        ),
      ),
    );
    return answers.every(
      ({ live, gatewaySn }, i) =>
        live?.lat === reads[i].s.latitude && live.modeCode === reads[i].s.modeCode && live.battery === reads[i].s.battery && gatewaySn === reads[i].s.sn,
    );
  };

  it("answers every device's live state on every instance, the owner's newest within a second", async () => {
    ({ token } = await call<{ token: string }>(instances[0], 'POST', '/auth/login/', undefined, { username: 'admin', password: ADMIN_PASSWORD }));
    // Registered (the broker's devices bind to no workspace by themselves): the API answers for rows it has.
    for (const s of standIns)
      ids.set(
        s.aircraftSn,
        (await call<{ id: number }>(instances[0], 'POST', '/Device/', token, { serial: s.aircraftSn, name: s.aircraftSn, model: 'M30', kind: 'aircraft' })).id,
      );
    // Each aircraft's owner (the one instance that applied its samples) and the two others, which never hear its OSD.
    const handled = await Promise.all(instances.map(handledOsd));
    const others = standIns.map((s) => instances.filter((_, i) => !handled[i].samples[s.aircraftSn]));
    expect(others.map((o) => o.length)).toEqual(standIns.map(() => 2));
    await until(() => liveShown((_, i) => others[i]), 5_000, "each aircraft's live state on the instances that do not own it");

    // Every aircraft moves and changes mode: the others show it as soon as its owner shares it (every 250 ms).
    const sent = Date.now();
    standIns.forEach((s) => {
      s.latitude += 0.5;
      s.modeCode = 9;
      s.burst(1);
    });
    await until(() => liveShown((_, i) => others[i]), 1_500, "each aircraft's newest live state on the instances that do not own it");
    console.info(`${GATEWAYS} aircraft's newest live state on the two other instances ${Date.now() - sent} ms after their OSD`);

    // A remote command's flight rule reads the same state: an instance that does not own the gateway sends a flying
    // aircraft home, and refuses once it reports standing on the ground.
    const [first] = standIns;
    const [elsewhere] = others[0];
    const returnHome = () => request(elsewhere, 'POST', `/Device/${ids.get(first.aircraftSn)}/return-home/`, token, { confirm_sn: first.aircraftSn });
    expect((await returnHome()).status).toBe(200);
    first.modeCode = 0;
    first.burst(1);
    await until(() => liveShown((_, i) => (i === 0 ? [elsewhere] : [])), 1_500, 'the aircraft on the ground on an instance that does not own it');
    expect(await returnHome()).toMatchObject({ status: 409, body: { error_code: 'remote.not_flying' } });
  });

  /**
   * Streams from before `change` until the samples the `live` instances applied since then satisfy `moved` (the
   * gateways on their new owners), then sends a burst once all is applied: how long the move took, and who applied
   * the burst.
   */
  const moveAndBurst = async (live: ServerInstance[], change: () => Promise<void>, moved: (since: Map<string, number[]>) => boolean) => {
    standIns.forEach((s) => s.stream());
    const base = await Promise.all(live.map(handledOsd));
    const started = Date.now();
    await change();
    let took = 0;
    await until(
      async () => {
        took = Date.now() - started;
        return moved(samplesBetween(base, await Promise.all(live.map(handledOsd)), standIns));
      },
      15_000,
      'the gateways applied by their new owners',
    );
    standIns.forEach((s) => s.pause());
    await flushAll(standIns);
    const before = await Promise.all(live.map(handledOsd));
    standIns.forEach((s) => s.burst(10));
    await flushAll(standIns);
    const burst = samplesBetween(before, await Promise.all(live.map(handledOsd)), standIns);
    return { took, burst };
  };

  it("moves a killed instance's gateways to the other two within 15 s, each then on one instance", async () => {
    // The first instance started holds the sysinfo lease: killing it also moves publishing to another.
    const [killed, ...alive] = instances;
    const owned = Object.keys((await handledOsd(killed)).samples);
    const { took, burst } = await moveAndBurst(
      alive,
      () => killed.kill(),
      (since) => owned.every((sn) => since.get(sn)!.some((n) => n > 0)),
    );
    console.info(`the killed instance's ${owned.length} aircraft applied by the survivors ${took} ms after the kill`);
    // All of each aircraft's burst on one survivor, none lost.
    expect([...burst.values()].map((perInstance) => [perInstance.filter((n) => n > 0).length, sum(perInstance)])).toEqual(standIns.map(() => [1, 10]));
    standIns.forEach((s) => (s.latitude += 1));
    standIns.forEach((s) => s.burst(1));
    await view.when((v) => v.showsAll(standIns), 15_000, 'the fleet at its new positions after the kill');
  });

  it("gives a new instance its share, each aircraft still on one instance, continuing each one's state", async () => {
    // From now on the aircraft report their battery alone: the newcomer merges them onto what the former owners shared.
    standIns.forEach((s) => {
      s.partial = true;
      s.battery = 40;
    });
    const joined = await instances.startAnother();
    const live = instances.slice(1);
    const at = live.indexOf(joined);
    const { took, burst } = await moveAndBurst(
      live,
      () => Promise.resolve(),
      (since) => [...since.values()].some((perInstance) => perInstance[at] > 0),
    );
    console.info(`the new instance applied its first gateway's samples ${took} ms after it started`);
    expect([...burst.values()].map((perInstance) => [perInstance.filter((n) => n > 0).length, sum(perInstance)])).toEqual(standIns.map(() => [1, 10]));
    // The newcomer owns about a third of the gateways.
    const newcomer = [...burst.values()].filter((perInstance) => perInstance[at] > 0).length;
    expect(newcomer).toBeGreaterThan(0);
    expect(newcomer).toBeLessThan(GATEWAYS);
    await until(() => liveShown(() => live), 1_500, "each aircraft's position, mode and new battery on every instance after the newcomer's share moved");
    // The instances that handed gateways to the newcomer answer for them from Redis, not with what they last heard.
    standIns.forEach((s) => {
      s.partial = false;
      s.latitude += 0.5;
      s.burst(1);
    });
    await until(() => liveShown(() => live), 1_500, "each aircraft's newest live state on every instance after the newcomer's share moved");
  });
});
