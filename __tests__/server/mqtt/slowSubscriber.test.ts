import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../../server/mqtt/embedded';
import { connect, end, nextMessage, subscribe, within } from './support';

/**
 * A browser on a slow link (or a frozen tab) is a subscriber whose socket stops draining. The broker must go on
 * carrying the fleet's messages to everyone else, must not hold an unbounded backlog for it, and must survive the
 * moment it drains again: aedes' in-process emitter used to fill its 100 delivery slots with deliveries waiting for
 * that socket, queue everything behind them, and then drain the queue recursively until the stack overflowed (seen
 * with 5,000 docks ramping up while a browser watched /Tas).
 */

/** A TCP relay between a client and the broker whose broker side can stop reading, as a congested link does. */
async function congestibleLink(target: AddressInfo) {
  const upstreams = new Map<net.Socket, net.Socket>();
  const relay = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.address);
    upstreams.set(upstream, downstream);
    downstream.pipe(upstream);
    upstream.pipe(downstream);
    const close = () => (downstream.destroy(), upstream.destroy());
    downstream.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  return {
    address: relay.address() as AddressInfo,
    /** The link stops taking bytes from the broker: its socket buffers fill and stay full. */
    freeze: () => upstreams.forEach((downstream, upstream) => (upstream.unpipe(downstream), upstream.pause())),
    thaw: () => upstreams.forEach((downstream, upstream) => upstream.pipe(downstream)),
    close: () => new Promise<void>((resolve) => (upstreams.forEach((_, upstream) => upstream.destroy()), relay.close(() => resolve()))),
  };
}

/** How a client reaches a listener: MQTT over TCP, or over a websocket as browsers do. */
const transports = [
  ['TCP', (address: AddressInfo) => `mqtt://127.0.0.1:${address.port}`, (broker: EmbeddedBroker) => broker.tcpAddress!],
  [
    'websocket',
    (address: AddressInfo) => `ws://127.0.0.1:${address.port}/mqtt`,
    (_broker: EmbeddedBroker, server: http.Server) => server.address() as AddressInfo,
  ],
] as const;

describe.each(transports)('embedded broker with a subscriber that stops draining (%s)', (_transport, urlOf, listenerOf) => {
  let server: http.Server;
  let broker: EmbeddedBroker;
  let link: Awaited<ReturnType<typeof congestibleLink>>;
  let direct: string;
  let congested: string;
  const clients: MqttClient[] = [];
  const browser = async (url: string) => {
    const client = await connect(url, { clientId: `web_${clients.length}`, username: `web${clients.length}`, password: 'token' });
    clients.push(client);
    expect(await subscribe(client, 'sysinfo/#')).toBe(0);
    return client;
  };

  beforeEach(async () => {
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    broker = await startEmbeddedBroker({
      server,
      wsPath: '/mqtt',
      tcpPort: 0,
      tcpHost: '127.0.0.1',
      trustProxy: false,
      authenticate: async (username) => ({ identity: { kind: 'web', username, userId: 1, sessionId: username } }),
      mayClaimGateway: async () => true,
      mayDeclare: async () => true,
      log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    });
    const listener = listenerOf(broker, server);
    link = await congestibleLink(listener);
    direct = urlOf(listener);
    congested = urlOf(link.address);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map(end));
    await link.close();
    await broker.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('goes on delivering the fleet to the server and to other browsers, and survives the slow one draining again', async () => {
    const healthy = await browser(direct);
    const slow = await browser(congested);
    // The server's own subscription, as the device gateway has one: its handler returns at once.
    const DEVICES = 20_000;
    let ingested = 0;
    let allIngested!: Promise<void>;
    await new Promise<void>((subscribed) => {
      allIngested = new Promise<void>((resolve) => {
        void broker.bus.subscribe('thing/product/+/osd', () => void (++ingested === DEVICES && resolve())).then(subscribed);
      });
    });

    link.freeze();
    // A second of fleet snapshots is more than the frozen link's buffers take.
    const snapshot = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 200; i++) void broker.bus.publish('sysinfo/fleet', snapshot, { retain: false, qos: 0 });
    // Thousands of devices report while the browser is stuck.
    for (let i = 0; i < DEVICES; i++) void broker.bus.publish(`thing/product/SN${i}/osd`, '{}', { retain: false, qos: 0 });
    await within(allIngested, 10_000, 'every device message reaching the server');
    const healthyGetsOnline = nextMessage(healthy, 'sysinfo/online', 5000, (payload) => payload === 'after');
    void broker.bus.publish('sysinfo/online', '"after"', { retain: false, qos: 0 });
    await healthyGetsOnline;

    // The slow browser catches up: it then gets what is published after, and the broker is still there.
    link.thaw();
    const slowGetsLatest = nextMessage(slow, 'sysinfo/online', 10_000, (payload) => payload === 'latest');
    const published = setInterval(() => void broker.bus.publish('sysinfo/online', '"latest"', { retain: false, qos: 0 }), 200);
    try {
      await slowGetsLatest;
    } finally {
      clearInterval(published);
    }
  });

  it('skips snapshots for a browser that is far behind, never what does not come again, and sends the rest in order', async () => {
    const healthy = await browser(direct);
    const slow = await browser(congested);
    const received = (client: MqttClient) => {
      const topics: string[] = [];
      client.on('message', (topic) => topics.push(topic));
      return topics;
    };
    const healthyGot = received(healthy);
    const slowGot = received(slow);

    link.freeze();
    const SNAPSHOTS = 400;
    const snapshot = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < SNAPSHOTS; i++) {
      // Paced by the healthy browser, as a real feed is by the clock.
      const arrived = nextMessage(
        healthy,
        'sysinfo/fleet',
        5000,
        () => true,
        () => i,
      );
      void broker.bus.publish('sysinfo/fleet', snapshot, { retain: false, qos: 0 });
      await arrived;
      if (i === SNAPSHOTS / 2) void broker.bus.publish('sysinfo/alerts', '"alert"', { retain: false, qos: 0 });
    }
    void broker.bus.publish('sysinfo/online', '"latest"', { retain: false, qos: 0 });
    const slowCaughtUp = nextMessage(slow, 'sysinfo/online', 20_000, (payload) => payload === 'latest');
    link.thaw();
    await slowCaughtUp;

    const count = (topics: string[], topic: string) => topics.filter((t) => t === topic).length;
    expect(count(healthyGot, 'sysinfo/fleet')).toBe(SNAPSHOTS);
    expect(count(slowGot, 'sysinfo/fleet')).toBeLessThan(SNAPSHOTS / 2);
    expect(count(slowGot, 'sysinfo/fleet')).toBeGreaterThan(0);
    expect(broker.stats.skippedBehind).toBe(SNAPSHOTS - count(slowGot, 'sysinfo/fleet'));
    expect(slowGot.filter((t) => t !== 'sysinfo/fleet')).toEqual(['sysinfo/alerts', 'sysinfo/online']);
  });
});
