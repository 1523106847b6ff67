/**
 * bench:mqtt's load generator, run as a child process so neither its publishing nor its measuring counts in the
 * server's CPU or event loop: declares `aircraft` dock gateways over `publishers` connections, says "declared", and
 * on "go" sends each aircraft's OSD once a second and each dock's OSD every other second for `seconds`, each second
 * spread over ten slices. It also subscribes to sysinfo/fleet and times each aircraft sample from its send to the
 * first fleet snapshot that carries it. Reports what it sent, how far behind its schedule it fell, and those times.
 */
import { decodeFleet } from '@shared/fleet/codec';
import { TOPIC_FLEET } from '@shared/live';
import { benchGateways, benchPosition, connect, DjiPublisher } from './djiPublisher';

export interface LoadOptions {
  url: string;
  aircraft: number;
  publishers: number;
  seconds: number;
}

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export type LoadReport =
  | { type: 'declared'; seconds: number }
  | { type: 'done'; sent: number; aircraftSent: number; dockSent: number; seconds: number; maxLateMs: number; fleetLatency: Percentiles; fleetUnseen: number };

const SLICES = 10;
/** Docks report every DOCK_PERIOD seconds (0.5 Hz). */
const DOCK_PERIOD = 2;
/** Samples per aircraft waiting to be seen on sysinfo/fleet (a server up to RING seconds behind is still timed). */
const RING = 10;

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
};

async function run({ url, aircraft, publishers: connections, seconds }: LoadOptions) {
  const report = (message: LoadReport, then = () => {}) => process.send!(message, then);
  const gateways = benchGateways('LOAD', aircraft);
  const perPublisher = Math.ceil(aircraft / connections);
  const declaredFrom = performance.now();
  const publishers = await Promise.all(
    Array.from({ length: connections }, (_, i) =>
      DjiPublisher.open(url, { clientId: `bench_load_${i}` }, gateways.slice(i * perPublisher, (i + 1) * perPublisher)),
    ),
  );
  await Promise.all(publishers.map((p) => p.declare(300_000)));

  // Per aircraft, the latitudes of its last RING samples not yet seen and when each was sent; a fleet snapshot
  // carrying one of those latitudes carries that sample (each of 600 samples has its own position). A sample a
  // snapshot never carried (a newer one came first, or none came) is counted as unseen.
  const index = new Map(gateways.map((g, i) => [g.aircraft, i]));
  const pendingLat = new Float64Array(aircraft * RING).fill(NaN);
  const pendingSentAt = new Float64Array(aircraft * RING);
  const latencies: number[] = [];
  const fleet = await connect(url, { clientId: 'bench_load_fleet' });
  fleet.on('message', (_topic, payload) => {
    const receivedAt = Date.now();
    const decoded = decodeFleet(payload);
    if (!decoded.ok) return;
    const { sn, lat } = decoded.fleet;
    for (let k = 0; k < decoded.fleet.count; k++) {
      const i = index.get(sn[k]);
      if (i === undefined) continue;
      for (let r = i * RING; r < (i + 1) * RING; r++) {
        if (lat[k] !== pendingLat[r]) continue;
        latencies.push(receivedAt - pendingSentAt[r]);
        pendingLat[r] = NaN;
      }
    }
  });
  await fleet.subscribeAsync(TOPIC_FLEET, { qos: 0 });

  report({ type: 'declared', seconds: (performance.now() - declaredFrom) / 1000 });
  await new Promise((resolve) => process.once('message', resolve));

  let aircraftSent = 0;
  let dockSent = 0;
  let superseded = 0;
  let maxLateMs = 0;
  const start = performance.now();
  for (let second = 0; second < seconds; second++) {
    for (let slice = 0; slice < SLICES; slice++) {
      for (let p = 0; p < publishers.length; p++) {
        const publisher = publishers[p];
        for (let i = slice; i < publisher.gateways.length; i += SLICES) {
          const gateway = p * perPublisher + i;
          const r = gateway * RING + (second % RING);
          if (!Number.isNaN(pendingLat[r])) superseded++;
          pendingLat[r] = benchPosition(i, second).lat;
          pendingSentAt[r] = Date.now();
          publisher.publishOsd(i, second);
          aircraftSent++;
          if ((gateway + second) % DOCK_PERIOD === 0) {
            publisher.publishDockOsd(i, second);
            dockSent++;
          }
        }
      }
      const due = start + second * 1000 + ((slice + 1) * 1000) / SLICES;
      maxLateMs = Math.max(maxLateMs, performance.now() - due);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  // The last samples reach a snapshot within a few fleet intervals, or are counted unseen.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const fleetUnseen = pendingLat.reduce((n, lat) => (Number.isNaN(lat) ? n : n + 1), superseded);
  await Promise.all([...publishers.map((p) => p.close()), fleet.endAsync(true)]);
  report(
    {
      type: 'done',
      sent: aircraftSent + dockSent,
      aircraftSent,
      dockSent,
      seconds: elapsed,
      maxLateMs,
      fleetLatency: percentiles(latencies),
      fleetUnseen,
    },
    () => process.disconnect(),
  );
}

void run(JSON.parse(process.argv[2]) as LoadOptions).catch((error: unknown) => {
  console.error('bench:mqtt load generator failed:', error);
  process.exit(1);
});
