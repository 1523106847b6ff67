/**
 * A server instance in a process of its own, driven by its parent over IPC (serverInstance.ts): it says where it
 * listens, then answers requests for its device link's and live channel's counters, the aircraft samples it applied
 * and its CPU time, or sends a service
 * to a gateway.
 */
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import type { InstanceReply, InstanceRequest } from './serverInstance';

async function main() {
  const { app } = await buildServer(readConfig());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // Each aircraft's OSD samples applied here, as flight records and monitors hear them.
  const samples: Record<string, number> = {};
  app.mqtt?.gateway.onAircraftSample(({ sn }) => (samples[sn] = (samples[sn] ?? 0) + 1));
  const answer = async (request: InstanceRequest): Promise<InstanceReply> => {
    if (!app.mqtt) throw new Error('the live channel is off');
    const { gateway, channel } = app.mqtt;
    if (request.kind === 'stats') return { kind: 'stats', stats: gateway.stats, live: channel.stats, samples, cpu: process.cpuUsage() };
    return gateway.sendService(request.gatewaySn, request.method, null, { timeoutMs: request.timeoutMs }).then(
      (output) => ({ kind: 'service', output }),
      (error: unknown) => ({ kind: 'service', error: error instanceof Error ? error.message : String(error) }),
    );
  };
  process.on('message', (request: InstanceRequest) => {
    void answer(request).then((reply) => process.send?.({ id: request.id, reply }));
  });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.send?.({ url });
}

main().catch((error: unknown) => {
  console.error('server instance failed to start:', error);
  process.exit(1);
});
