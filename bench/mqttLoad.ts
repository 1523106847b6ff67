/**
 * bench:mqtt's load generator, run in a worker thread so the publishers do not share the server's event loop:
 * declares `aircraft` dock gateways over `publishers` connections, says "declared", and on "go" sends each
 * aircraft's OSD once a second for `seconds`, each second spread over ten slices. Reports what it sent and how far
 * behind its schedule it fell.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { benchGateways, DjiPublisher } from './djiPublisher';

export interface LoadOptions {
  url: string;
  aircraft: number;
  publishers: number;
  seconds: number;
}

export type LoadReport = { type: 'declared'; seconds: number } | { type: 'done'; sent: number; seconds: number; maxLateMs: number };

const SLICES = 10;

async function run({ url, aircraft, publishers: connections, seconds }: LoadOptions) {
  const port = parentPort!;
  const gateways = benchGateways('LOAD', aircraft);
  const perPublisher = Math.ceil(aircraft / connections);
  const declaredFrom = performance.now();
  const publishers = await Promise.all(
    Array.from({ length: connections }, (_, i) =>
      DjiPublisher.open(url, { clientId: `bench_load_${i}` }, gateways.slice(i * perPublisher, (i + 1) * perPublisher)),
    ),
  );
  await Promise.all(publishers.map((p) => p.declare(300_000)));
  port.postMessage({ type: 'declared', seconds: (performance.now() - declaredFrom) / 1000 } satisfies LoadReport);
  await new Promise((resolve) => port.once('message', resolve));

  let sent = 0;
  let maxLateMs = 0;
  const start = performance.now();
  for (let second = 0; second < seconds; second++) {
    for (let slice = 0; slice < SLICES; slice++) {
      for (const publisher of publishers)
        for (let i = slice; i < publisher.gateways.length; i += SLICES) {
          publisher.publishOsd(i, second);
          sent++;
        }
      const due = start + second * 1000 + ((slice + 1) * 1000) / SLICES;
      maxLateMs = Math.max(maxLateMs, performance.now() - due);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(publishers.map((p) => p.close()));
  port.postMessage({ type: 'done', sent, seconds: elapsed, maxLateMs } satisfies LoadReport);
}

void run(workerData as LoadOptions);
