import { encodeFleet } from '@shared/fleet/codec';
import type { DeviceStore, PresenceWrite } from '../devices/store';
import { type DeviceStatus, type Telemetry } from '@shared/live';
import { diffOnline, type OnlineMessage, type OnlineSnapshot, type OnlineStatuses } from '@shared/onlineList';
import { TOPIC_FLEET, TOPIC_ONLINE, TOPIC_WEATHER } from '@shared/live';
import type { PresenceEntry, SharedPresence } from './sharedPresence';
import type { WeatherArea, WeatherProvider } from './weather';

/** What the live channel needs from a broker: the embedded aedes instance or a client of an external broker. */
export interface MessageBus {
  readonly kind: 'embedded' | 'external';
  publish(topic: string, payload: string | Buffer, options: { retain: boolean; qos: 0 | 1 }): Promise<void>;
  subscribe(filter: string, handler: (topic: string, payload: Buffer) => void): Promise<void>;
  close(): Promise<void>;
}

export interface LiveChannelStats {
  /** Device reports applied (the DJI gateway validates and counts what it drops). */
  telemetryAccepted: number;
  onlinePublished: number;
  weatherPublished: number;
  fleetPublished: number;
}

interface DeviceState {
  status: DeviceStatus;
  lastSeen: number;
  lastWrite: number;
}

/** What the live channel reads and writes of the domain: the device rows (presence, count) and the projects' areas (weather). */
export interface DeviceDirectory extends Pick<DeviceStore, 'countDevices' | 'recordPresence'> {
  listAreas(): Promise<WeatherArea[]>;
}

export interface LiveChannelOptions {
  bus: MessageBus;
  directory: DeviceDirectory;
  weather: WeatherProvider;
  sysinfoIntervalMs: number;
  deviceTimeoutMs: number;
  /** How often sysinfo/fleet goes out (default FLEET_INTERVAL_MS). */
  fleetIntervalMs?: number;
  log: { debug(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  now?: () => number;
  /**
   * Whether this instance publishes sysinfo/* now (several instances sharing one broker: the holder of a lease);
   * always when absent. Every instance still tracks presence, so a new holder takes over with a current picture.
   */
  publishes?: () => boolean;
  /**
   * Instances splitting the devices' messages (external broker, `$share`): each one's observations go to Redis, and
   * what sysinfo/online and sysinfo/fleet publish is read from there, whole.
   */
  shared?: SharedPresence;
  /**
   * The platform task each aircraft flies now (serial → task id, from the database): sysinfo/fleet names it, so the
   * /Tas card and map know the task of a DJI aircraft (whose OSD names none).
   */
  tasksFlown?: () => Promise<ReadonlyMap<string, number>>;
}

/** The samples with the platform task each aircraft flies; a task the sample names itself stays. Pure. */
export function withTasksFlown(samples: Telemetry[], tasks: ReadonlyMap<string, number>): Telemetry[] {
  if (tasks.size === 0) return samples;
  return samples.map((s) => {
    const taskId = tasks.get(s.sn);
    return taskId === undefined || s.taskId !== undefined ? s : { ...s, taskId };
  });
}

/** What sysinfo/* publishes: the devices online with their statuses, and the newest sample of each aircraft among them. */
interface Picture {
  statuses: OnlineStatuses;
  fleet: Telemetry[];
}

/** Device rows are written at most this often per device while nothing but the position changes. */
const DB_WRITE_INTERVAL_MS = 5_000;
/** The device rows due are written together this often (a statement per device would cost more than its message). */
const PRESENCE_FLUSH_MS = 1_000;
/** Online changes are gathered this long before one sysinfo/online goes out. */
const ONLINE_DEBOUNCE_MS = 200;
/** A delta changing more than this share of the devices online goes out as a snapshot instead (and at least this many). */
const DELTA_SHARE = 0.25;
const DELTA_MIN = 64;
/**
 * A browser pays about a millisecond of main-thread time per MQTT message: a thousand drones at 1 Hz on
 * thing/product/+/osd would leave it no time to draw, so the fleet goes out as one snapshot this often.
 */
export const FLEET_INTERVAL_MS = 1_000;
/** Observations shared through Redis (LiveChannelOptions.shared) are written together this often. */
const SHARE_FLUSH_MS = 250;

/** Device presence and samples (fed by the DJI gateway), and the sysinfo publishers. Transport-independent. */
export class LiveChannel {
  readonly stats: LiveChannelStats = { telemetryAccepted: 0, onlinePublished: 0, weatherPublished: 0, fleetPublished: 0 };
  private readonly devices = new Map<string, DeviceState>();
  /** Newest sample of every aircraft online: each sysinfo/fleet carries them all, so a new subscriber sees the whole fleet at once. */
  private readonly fleet = new Map<string, Telemetry>();
  /** Registered devices plus unregistered ones seen live, as of the last count. */
  private deviceCount = 0;
  /** The last sysinfo/online snapshot sent (what the next deltas change) and the seq of the last message. */
  private onlineSnapshot: OnlineSnapshot | null = null;
  private onlineSeq = 0;
  /** The statuses of the last sysinfo/online sent (snapshot or delta). */
  private onlineSent: OnlineStatuses | null = null;
  /** Observations not yet written to Redis (`shared`), the newest per device. */
  private outbox = new Map<string, PresenceEntry>();
  /** Device rows due, the newest per device, until the next flush. */
  private presence = new Map<string, PresenceWrite>();
  /** The last sysinfo/fleet was empty (after start, at first: a retained snapshot from before may be stale). */
  private fleetEmptyPublished = false;
  private timers: NodeJS.Timeout[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: LiveChannelOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    const { sysinfoIntervalMs, shared } = this.options;
    await this.refreshDeviceCount();
    await Promise.all([this.publishOnline('snapshot'), this.publishWeather()]);
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(
        () => void Promise.resolve(fn()).catch((error: unknown) => this.options.log.warn({ err: error }, 'mqtt: periodic task failed')),
        ms,
      );
      timer.unref();
      this.timers.push(timer);
    };
    every(sysinfoIntervalMs, async () => {
      await this.refreshDeviceCount();
      await Promise.all([this.publishOnline('snapshot'), this.publishWeather()]);
    });
    every(Math.min(1000, this.options.deviceTimeoutMs / 4), () => this.sweep());
    every(this.options.fleetIntervalMs ?? FLEET_INTERVAL_MS, () => this.publishFleet());
    every(PRESENCE_FLUSH_MS, () => this.flushPresence());
    if (shared) every(SHARE_FLUSH_MS, () => this.flushShared());
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.timers.forEach(clearInterval);
    this.timers = [];
    if (this.debounce) clearTimeout(this.debounce);
    await Promise.all([this.flushPresence(), this.flushShared()]);
  }

  /**
   * A device's newest status from the DJI gateway, with its sample when its position is known. Aircraft samples
   * (`inFleet`) also go out on sysinfo/fleet; the device row follows at most every DB_WRITE_INTERVAL_MS unless the
   * status changes, with the next flush of the rows due.
   */
  observe(sn: string, status: DeviceStatus, sample: Telemetry | null, inFleet: boolean): void {
    this.stats.telemetryAccepted++;
    if (sample && inFleet) this.fleet.set(sn, sample);
    const now = this.now();
    const device = this.devices.get(sn) ?? { status: 'offline' as DeviceStatus, lastSeen: 0, lastWrite: 0 };
    const statusChanged = device.status !== status;
    device.status = status;
    device.lastSeen = now;
    this.devices.set(sn, device);
    if (statusChanged || now - device.lastWrite >= DB_WRITE_INTERVAL_MS) {
      device.lastWrite = now;
      this.queueRow(sn, status, sample?.at ?? now, sample);
    }
    if (statusChanged) this.markChanged();
    if (this.options.shared) this.outbox.set(sn, { sn, status, at: now, sample: inFleet ? sample : null });
  }

  /** The gateway's connection closed, or the device left its gateway's topology: offline now. */
  deviceDisconnected(sn: string): void {
    const device = this.devices.get(sn);
    if (device) this.setOffline(sn, device);
    if (this.options.shared) this.outbox.set(sn, { sn, status: 'offline', at: this.now(), sample: null });
  }

  /**
   * The devices online and their statuses. Offline devices are not listed: with a large fleet that list would be most
   * of the payload.
   */
  onlineStatuses(): OnlineStatuses {
    const statuses: OnlineStatuses = {};
    for (const [sn, device] of this.devices) if (device.status !== 'offline') statuses[sn] = device.status;
    return statuses;
  }

  private get silent(): boolean {
    return this.closed || !(this.options.publishes?.() ?? true);
  }

  /**
   * One sysinfo/online: a retained snapshot (at start, every sysinfoIntervalMs, and when the changes since the last one
   * are many), else a delta with every change since the last snapshot (not retained: a browser that subscribes gets
   * the snapshot, then applies the next delta). The seq is the later of the last one + 1 and the clock (ms), so it
   * keeps growing across restarts and a take-over by another instance.
   */
  async publishOnline(kind: OnlineMessage['kind'] = 'delta', known?: Picture): Promise<void> {
    if (this.silent) return;
    const { shared } = this.options;
    const statuses = known?.statuses ?? (shared ? (await this.sharedPicture(shared)).statuses : this.onlineStatuses());
    const at = this.now();
    const seq = (this.onlineSeq = Math.max(this.onlineSeq + 1, at));
    const total = Math.max(this.deviceCount, Object.keys(statuses).length);
    const base = kind === 'delta' ? this.onlineSnapshot : null;
    const delta = base ? diffOnline(base.statuses, statuses) : null;
    const size = delta ? Object.keys(delta.set).length + delta.removed.length : Infinity;
    let message: OnlineMessage;
    if (base && delta && size <= Math.max(DELTA_MIN, DELTA_SHARE * Object.keys(base.statuses).length)) {
      message = { kind: 'delta', seq, base: base.seq, at, total, ...delta };
    } else message = this.onlineSnapshot = { kind: 'snapshot', seq, at, total, statuses };
    this.onlineSent = statuses;
    await this.options.bus.publish(TOPIC_ONLINE, JSON.stringify(message), { retain: message.kind === 'snapshot', qos: 1 });
    this.stats.onlinePublished++;
  }

  async publishWeather(): Promise<void> {
    if (this.silent) return;
    const areas = await this.options.directory.listAreas();
    const report = await this.options.weather.observe(areas, this.now());
    await this.options.bus.publish(TOPIC_WEATHER, JSON.stringify(report), { retain: true, qos: 1 });
    this.stats.weatherPublished++;
  }

  /**
   * One sysinfo/fleet (binary, shared/fleet/codec) with the newest sample of every aircraft online, retained so a
   * browser opening the view has the fleet at once. When none is online, one empty snapshot (the view turns the
   * last aircraft offline, and the retained one is no longer stale), then nothing. Shared through Redis, the online
   * list's changes go out with it (this instance does not hear of the others' as they happen).
   */
  async publishFleet(): Promise<void> {
    // Without the lease another instance publishes; the samples stay, so a take-over sends the whole fleet at once.
    const { shared } = this.options;
    if (this.silent || (!shared && this.fleet.size === 0 && this.fleetEmptyPublished)) return;
    let fleet: Telemetry[];
    if (shared) {
      const picture = await this.sharedPicture(shared);
      const changes = this.onlineSent && diffOnline(this.onlineSent, picture.statuses);
      if (changes && (changes.removed.length || Object.keys(changes.set).length)) await this.publishOnline('delta', picture);
      fleet = picture.fleet;
    } else fleet = [...this.fleet.values()];
    if (fleet.length === 0 && this.fleetEmptyPublished) return;
    if (fleet.length && this.options.tasksFlown) fleet = withTasksFlown(fleet, await this.tasksFlown(this.options.tasksFlown));
    const bytes = encodeFleet(this.now(), fleet);
    this.fleetEmptyPublished = fleet.length === 0;
    await this.options.bus.publish(TOPIC_FLEET, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { retain: true, qos: 0 });
    this.stats.fleetPublished++;
  }

  /** The tasks flown now; none when they cannot be read (the fleet goes out without them). */
  private async tasksFlown(read: () => Promise<ReadonlyMap<string, number>>): Promise<ReadonlyMap<string, number>> {
    try {
      return await read();
    } catch (error) {
      this.options.log.warn({ err: error }, 'live channel: the tasks flown could not be read');
      return new Map();
    }
  }

  /** What sysinfo/* publishes shared through Redis: every instance's observations, this one's written there first. */
  private async sharedPicture(shared: SharedPresence): Promise<Picture> {
    await this.flushShared();
    const statuses: OnlineStatuses = {};
    const fleet: Telemetry[] = [];
    for (const { sn, status, sample } of await shared.read(this.now())) {
      if (status !== 'offline') statuses[sn] = status;
      if (sample) fleet.push(sample);
    }
    return { statuses, fleet };
  }

  /** Writes this instance's observations since the last flush to Redis (`shared`). */
  private async flushShared(): Promise<void> {
    if (!this.options.shared || this.outbox.size === 0) return;
    const entries = this.outbox.values();
    this.outbox = new Map();
    await this.options.shared.record(entries);
  }

  /**
   * Devices silent for longer than the timeout go offline. Shared through Redis, this instance's picture only: it
   * hears a share of each device's messages, so the others may still hear one it does not (the publisher leaves out
   * the devices nobody heard for the timeout).
   */
  sweep(): void {
    const limit = this.now() - this.options.deviceTimeoutMs;
    for (const [sn, device] of this.devices) {
      if (device.status !== 'offline' && device.lastSeen < limit) this.setOffline(sn, device);
    }
  }

  private setOffline(sn: string, device: DeviceState) {
    if (device.status === 'offline') return;
    device.status = 'offline';
    this.fleet.delete(sn);
    this.markChanged();
    this.queueRow(sn, 'offline', null, null);
  }

  /** The row's next write; what it does not change (last seen, position) is kept from a write still due. */
  private queueRow(sn: string, status: DeviceStatus, lastSeen: number | null, sample: Telemetry | null) {
    const due = this.presence.get(sn);
    this.presence.set(sn, { sn, status, lastSeen: lastSeen ?? due?.lastSeen ?? null, sample: sample ?? due?.sample ?? null });
  }

  /** Writes the device rows due since the last flush, in one go. */
  async flushPresence(): Promise<void> {
    if (this.presence.size === 0) return;
    const writes = [...this.presence.values()];
    this.presence = new Map();
    // The rows catch up with the next change of each device; a failed write is not retried.
    await this.options.directory
      .recordPresence(writes)
      .catch((error: unknown) => this.options.log.warn({ err: error, devices: writes.length }, 'mqtt: device presence write failed'));
  }

  private markChanged() {
    // Shared through Redis, the changes go out with the next fleet snapshot (publishFleet).
    if (this.debounce || this.closed || this.options.shared) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.publishOnline().catch((error: unknown) => this.options.log.warn({ err: error }, 'mqtt: sysinfo/online publish failed'));
    }, ONLINE_DEBOUNCE_MS);
    this.debounce.unref();
  }

  private async refreshDeviceCount() {
    this.deviceCount = await this.options.directory.countDevices([...this.devices.keys()]);
  }
}
