import type { ToFleetWorker } from './fleetFrame';
import { fleetWorkerHandler } from './fleetWorkerHandler';

/** The Web Worker that decodes sysinfo/fleet off the main thread (created by createFleetWorker.ts). */
const scope = self as unknown as {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToFleetWorker>) => void) | null;
};
const handle = fleetWorkerHandler((message, transfer) => scope.postMessage(message, transfer));
scope.onmessage = (event) => handle(event.data);
