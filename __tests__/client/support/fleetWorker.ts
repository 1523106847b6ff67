import type { FleetFrame, FleetWorkerPort, FromFleetWorker } from '../../../src/features/situation/fleetFrame';
import { fleetWorkerHandler } from '../../../src/features/situation/fleetWorkerHandler';

/** The worker's own handler run in-thread, answering asynchronously like a Worker (what tests inject). */
export function inThreadFleetWorker(): FleetWorkerPort & { frames: FleetFrame[]; terminated: boolean } {
  const port: FleetWorkerPort & { frames: FleetFrame[]; terminated: boolean } = {
    onmessage: null,
    onerror: null,
    frames: [],
    terminated: false,
    postMessage: (message) => handle(message),
    terminate: () => void (port.terminated = true),
  };
  const handle = fleetWorkerHandler((message: FromFleetWorker) => {
    if (message.type === 'frame') port.frames.push(message.frame);
    queueMicrotask(() => !port.terminated && port.onmessage?.({ data: message }));
  });
  return port;
}
