import type { FleetWorkerPort } from './fleetFrame';

/** The real worker, in its own chunk. Jest cannot load this module (import.meta): views get it through FleetWorkerContext. */
export const createFleetWorker = (): FleetWorkerPort =>
  new Worker(/* webpackChunkName: "page-tas-worker" */ new URL('./fleetWorker.ts', import.meta.url), { name: 'fleet' }) as unknown as FleetWorkerPort;
