import type { FleetColumns } from '@shared/fleet/codec';
import type { DeviceStatus } from '@shared/live';

/** Positions kept per aircraft for its trail (newest last). */
export const TRAIL_LENGTH = 30;

export type FleetCounts = Record<DeviceStatus | 'flagged', number>;

/**
 * The fleet as the situational view draws and lists it: one slot per aircraft (slots only grow), column by column.
 * Built in the worker (fleetModel) and handed over whole once a snapshot; the main thread never edits it. The codec's
 * columns (at, count, sn … status) are kept per slot: `at` is the newest snapshot's time, `sampleAt` each aircraft's.
 */
export interface FleetFrame extends Omit<FleetColumns, 'rejected'> {
  /** Increases with every snapshot applied. */
  version: number;
  /** 1 while the aircraft has an open conformance alert (the server's live conformance monitoring). */
  flagged: Uint8Array;
  /** Position in normalised Web Mercator (0…1 across the world), so drawing needs no trigonometry. */
  x: Float64Array;
  y: Float64Array;
  /** Per slot TRAIL_LENGTH (x, y) pairs in normalised Web Mercator, oldest first; trailCount of them are set. */
  trail: Float64Array;
  trailCount: Uint8Array;
  /** Slots ordered by serial (the list's order). */
  order: Uint32Array;
  counts: FleetCounts;
  /** Snapshots dropped (wrong version, truncated, malformed) and aircraft left out as implausible, since the start. */
  dropped: number;
  rejected: number;
}

export const EMPTY_FRAME: FleetFrame = {
  version: 0,
  at: 0,
  count: 0,
  sn: [],
  taskId: [],
  lat: new Float64Array(0),
  lng: new Float64Array(0),
  sampleAt: new Float64Array(0),
  alt: new Float32Array(0),
  speed: new Float32Array(0),
  heading: new Float32Array(0),
  battery: new Float32Array(0),
  status: new Uint8Array(0),
  flagged: new Uint8Array(0),
  x: new Float64Array(0),
  y: new Float64Array(0),
  trail: new Float64Array(0),
  trailCount: new Uint8Array(0),
  order: new Uint32Array(0),
  counts: { online: 0, flying: 0, maintenance: 0, offline: 0, flagged: 0 },
  dropped: 0,
  rejected: 0,
};

/** Main thread → worker. */
export type ToFleetWorker = { type: 'snapshot'; bytes: Uint8Array } | { type: 'flagged'; serials: string[] };
/** Worker → main thread. */
export type FromFleetWorker = { type: 'frame'; frame: FleetFrame } | { type: 'dropped'; error: string; detail: string; dropped: number };

/** What the view needs of a worker: a real Worker, or the same handler run in-thread (tests inject one). */
export interface FleetWorkerPort {
  postMessage(message: ToFleetWorker, transfer: Transferable[]): void;
  onmessage: ((event: { data: FromFleetWorker }) => void) | null;
  /** A Worker reports a script that failed to load or threw here. */
  onerror: ((event: { message?: string }) => void) | null;
  terminate(): void;
}
