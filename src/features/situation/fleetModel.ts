import type { FleetColumns } from '@shared/fleet/codec';
import { DEVICE_STATUSES } from '@shared/live';
import { TRAIL_LENGTH, type FleetCounts, type FleetFrame } from './fleetFrame';
import { mercatorX, mercatorY } from './projection';

const OFFLINE = DEVICE_STATUSES.indexOf('offline');

type Columns = Omit<FleetFrame, 'version' | 'at' | 'count' | 'sn' | 'taskId' | 'order' | 'counts' | 'dropped' | 'rejected'>;
type ColumnName = keyof Columns;
const COLUMNS: Array<[ColumnName, Float64ArrayConstructor | Float32ArrayConstructor | Uint8ArrayConstructor, number]> = [
  ['lat', Float64Array, 1],
  ['lng', Float64Array, 1],
  ['sampleAt', Float64Array, 1],
  ['alt', Float32Array, 1],
  ['speed', Float32Array, 1],
  ['heading', Float32Array, 1],
  ['battery', Float32Array, 1],
  ['status', Uint8Array, 1],
  ['flagged', Uint8Array, 1],
  ['x', Float64Array, 1],
  ['y', Float64Array, 1],
  ['trail', Float64Array, TRAIL_LENGTH * 2],
  ['trailCount', Uint8Array, 1],
];

/** The buffers of a frame's columns, to transfer rather than copy across threads. */
export const frameBuffers = (frame: FleetFrame): ArrayBuffer[] => [...COLUMNS.map(([name]) => frame[name].buffer), frame.order.buffer] as ArrayBuffer[];

/**
 * The worker's fleet: decoded snapshots applied into growable columns (one slot per serial), trails shifted in
 * place, flags (aircraft with an open conformance alert) and counts recomputed per snapshot. `frame()` hands out a copy the main thread owns.
 */
export class FleetModel {
  private version = 0;
  private at = 0;
  private count = 0;
  private capacity = 0;
  private readonly slots = new Map<string, number>();
  private readonly sn: string[] = [];
  private readonly taskId: Array<string | number | undefined> = [];
  private columns = {} as Columns;
  private order = new Uint32Array(0);
  private counts: FleetCounts = { online: 0, flying: 0, maintenance: 0, offline: 0, flagged: 0 };
  private flaggedSerials = new Set<string>();
  dropped = 0;
  rejected = 0;

  constructor() {
    this.grow(0);
  }

  get size() {
    return this.count;
  }

  /** The aircraft with an open conformance alert (the server judges conformance; the view only shows it). */
  setFlagged(serials: string[]) {
    this.flaggedSerials = new Set(serials);
    this.flagAll();
  }

  /**
   * A snapshot carries every aircraft online, so one that is not in it went offline: its slot stays (last position,
   * trail) with the status offline.
   */
  apply(fleet: FleetColumns) {
    let added = false;
    this.rejected += fleet.rejected;
    const reported = new Uint8Array(this.count + fleet.count);
    for (let i = 0; i < fleet.count; i++) {
      const sn = fleet.sn[i];
      let slot = this.slots.get(sn);
      if (slot === undefined) {
        if (this.count === this.capacity) this.grow(Math.max(64, this.capacity * 2));
        slot = this.count++;
        this.slots.set(sn, slot);
        this.sn.push(sn);
        this.taskId.push(undefined);
        added = true;
      }
      const c = this.columns;
      this.taskId[slot] = fleet.taskId[i];
      c.lat[slot] = fleet.lat[i];
      c.lng[slot] = fleet.lng[i];
      c.sampleAt[slot] = fleet.sampleAt[i];
      c.alt[slot] = fleet.alt[i];
      c.speed[slot] = fleet.speed[i];
      c.heading[slot] = fleet.heading[i];
      c.battery[slot] = fleet.battery[i];
      c.status[slot] = fleet.status[i];
      c.x[slot] = mercatorX(fleet.lng[i]);
      c.y[slot] = mercatorY(fleet.lat[i]);
      this.pushTrail(slot);
      reported[slot] = 1;
    }
    for (let slot = 0; slot < this.count; slot++) if (!reported[slot]) this.columns.status[slot] = OFFLINE;
    if (added) this.order = Uint32Array.from(this.sn.map((_, slot) => slot).sort((a, b) => (this.sn[a] < this.sn[b] ? -1 : 1)));
    this.at = fleet.at;
    this.version++;
    this.flagAll();
  }

  /** A copy of the current state (its buffers can be transferred). */
  frame(): FleetFrame {
    const n = this.count;
    const copies = Object.fromEntries(COLUMNS.map(([name, , width]) => [name, this.columns[name].slice(0, n * width)])) as unknown as Columns;
    return {
      ...copies,
      version: this.version,
      at: this.at,
      count: n,
      sn: this.sn.slice(),
      taskId: this.taskId.slice(),
      order: this.order.slice(),
      counts: { ...this.counts },
      dropped: this.dropped,
      rejected: this.rejected,
    };
  }

  private pushTrail(slot: number) {
    const { trail, trailCount, x, y } = this.columns;
    const base = slot * TRAIL_LENGTH * 2;
    let n = trailCount[slot];
    if (n === TRAIL_LENGTH) trail.copyWithin(base, base + 2, base + TRAIL_LENGTH * 2);
    else n = trailCount[slot] = n + 1;
    trail[base + (n - 1) * 2] = x[slot];
    trail[base + (n - 1) * 2 + 1] = y[slot];
  }

  private flagAll() {
    const c = this.columns;
    const counts: FleetCounts = { online: 0, flying: 0, maintenance: 0, offline: 0, flagged: 0 };
    for (let slot = 0; slot < this.count; slot++) {
      const status = DEVICE_STATUSES[c.status[slot]];
      counts[status]++;
      const flagged = this.flaggedSerials.has(this.sn[slot]);
      c.flagged[slot] = flagged ? 1 : 0;
      if (flagged) counts.flagged++;
    }
    this.counts = counts;
  }

  private grow(capacity: number) {
    const next = {} as Record<ColumnName, Float64Array | Float32Array | Uint8Array>;
    for (const [name, Type, width] of COLUMNS) {
      next[name] = new Type(capacity * width);
      if (this.capacity) next[name].set(this.columns[name]);
    }
    this.columns = next as unknown as Columns;
    this.capacity = capacity;
  }
}
