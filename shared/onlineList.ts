import { DEVICE_STATUSES, type DeviceStatus, type OnlineSummary } from './live';

/**
 * sysinfo/online on the wire (docs/mqtt.md): a retained full snapshot, then deltas against it. Each delta carries every
 * change since the snapshot it names (`base`), so a browser holding that snapshot (the retained one it got when it
 * subscribed, or a later one) applies any delta on it and a lost delta costs nothing; a delta on another snapshot is a
 * gap: the browser keeps what it shows and resyncs from the next snapshot.
 */
export type OnlineStatuses = Record<string, Exclude<DeviceStatus, 'offline'>>;

export interface OnlineSnapshot {
  kind: 'snapshot';
  /** Numbers every snapshot and delta the server sends, in order. */
  seq: number;
  at: number;
  /** Devices counted (registered plus unregistered ones seen live). */
  total: number;
  /** Every device online now with its status; every other device is offline. */
  statuses: OnlineStatuses;
}

export interface OnlineDelta {
  kind: 'delta';
  seq: number;
  /** The seq of the snapshot this delta changes. */
  base: number;
  at: number;
  total: number;
  /** Devices added or whose status changed since the base snapshot. */
  set: OnlineStatuses;
  /** Devices of the base snapshot offline now. */
  removed: string[];
}

export type OnlineMessage = OnlineSnapshot | OnlineDelta;

/** What a browser holds: the snapshot its deltas apply to, the newest seq applied, and the list as it stands. */
export interface OnlineView {
  base: OnlineSnapshot;
  seq: number;
  summary: OnlineSummary;
}

export type OnlineApplied = 'snapshot' | 'delta' | 'stale' | 'gap';

const ONLINE_STATUSES = new Set<string>(DEVICE_STATUSES.filter((s) => s !== 'offline'));
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStatuses = (v: unknown): v is OnlineStatuses =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string' && ONLINE_STATUSES.has(s));

/** A message read from sysinfo/online, or null when it is not one. */
export function parseOnlineMessage(v: unknown): OnlineMessage | null {
  if (!v || typeof v !== 'object') return null;
  const m = v as Partial<OnlineSnapshot> & Partial<Omit<OnlineDelta, 'kind'>>;
  if (!isNum(m.seq) || !isNum(m.at) || !isNum(m.total)) return null;
  if (m.kind === 'snapshot') return isStatuses(m.statuses) ? (v as OnlineSnapshot) : null;
  const d = v as Partial<OnlineDelta>;
  if (d.kind === 'delta' && isNum(d.base) && isStatuses(d.set) && Array.isArray(d.removed) && d.removed.every((sn) => typeof sn === 'string'))
    return v as OnlineDelta;
  return null;
}

/** What changed from `base` to `current`: devices added or changed, and devices gone. */
export function diffOnline(base: OnlineStatuses, current: OnlineStatuses): { set: OnlineStatuses; removed: string[] } {
  const set: OnlineStatuses = {};
  for (const [sn, status] of Object.entries(current)) if (base[sn] !== status) set[sn] = status;
  const removed = Object.keys(base).filter((sn) => !(sn in current));
  return { set, removed };
}

const bySerial = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function summarise(statuses: OnlineStatuses, total: number, at: number): OnlineSummary {
  const online = Object.keys(statuses).sort(bySerial);
  return { online, statuses, onlineCount: online.length, total: Math.max(total, online.length), at };
}

/**
 * A message applied to what a browser holds: a snapshot replaces it; a delta on the snapshot held and newer than what
 * was applied updates it; an older one changes nothing (`stale`); one on another snapshot (or none held) is a gap.
 */
export function applyOnline(view: OnlineView | null, message: OnlineMessage): { view: OnlineView | null; applied: OnlineApplied } {
  if (message.kind === 'snapshot') {
    // A snapshot always replaces: the server's clock numbers it, and a new publishing instance's clock may lag a little.
    return { view: { base: message, seq: message.seq, summary: summarise(message.statuses, message.total, message.at) }, applied: 'snapshot' };
  }
  if (!view || message.base !== view.base.seq) return { view, applied: message.seq <= (view?.seq ?? -1) ? 'stale' : 'gap' };
  if (message.seq <= view.seq) return { view, applied: 'stale' };
  const statuses: OnlineStatuses = { ...view.base.statuses, ...message.set };
  for (const sn of message.removed) delete statuses[sn];
  return { view: { base: view.base, seq: message.seq, summary: summarise(statuses, message.total, message.at) }, applied: 'delta' };
}

/** The share of a message a data scope sees: its devices only, counted against the `total` devices it shows. */
export function narrowOnline(message: OnlineMessage, sees: (sn: string) => boolean, total: number): OnlineMessage {
  const keep = (statuses: OnlineStatuses) => Object.fromEntries(Object.entries(statuses).filter(([sn]) => sees(sn))) as OnlineStatuses;
  if (message.kind === 'snapshot') {
    const statuses = keep(message.statuses);
    return { ...message, statuses, total: Math.max(total, Object.keys(statuses).length) };
  }
  return { ...message, set: keep(message.set), removed: message.removed.filter(sees), total };
}
