import { randomUUID } from 'node:crypto';
import type { DjiDomain } from '@shared/dji/devices';
import { parseEnvelope, replyDataSchema, replyTo, RESULT, type Envelope } from '@shared/dji/envelope';
import { toTelemetry, type DjiLive, type DjiLiveKind } from '@shared/dji/live';
import { deriveDeviceStatus } from '@shared/dji/status';
import { METHOD_UPDATE_TOPO } from '@shared/dji/topology';
import { OWNED_CHANNELS, parseDeviceTopic, replyTopic, servicesTopic, splitUplinkFilters, UPLINK_FILTERS } from '@shared/dji/topics';
import type { TopicSubscriptions } from '../external';
import type { AlertService } from '../../entities/alert/service';
import type { LiveChannel, MessageBus } from '../liveChannel';
import type { AircraftSample, LinkCore, TopologyChange } from './capabilities/core';
import { airsenseCapability } from './capabilities/airsense';
import { healthCapability } from './capabilities/health';
import { organizationCapability, type PlatformIdentity } from './capabilities/organization';
import { telemetryCapability } from './capabilities/telemetry';
import { gatewayTopoSchema, topologyCapability } from './capabilities/topology';
import type { TopologyDeclaration, TopologyMirror } from './sharedTopology';
import { CapabilityRegistry, CHANNEL_RULES, DroppedMessage, type Capability, type CapabilityChannel, type DropReason, type RegisteredRoute } from './registry';
import { WorkPool } from '../../workPool';
import type { Binder, DeviceStore } from '../../devices/store';
import { LinkTopology } from './topology';
import { OwnedUplink, type Members } from './ownedUplink';
import type { SharedLive } from './sharedLive';

export type { AircraftSample, TopologyChange } from './capabilities/core';
export type { PlatformIdentity } from './capabilities/organization';
export type { DropReason } from './registry';

export interface GatewayStats {
  /** Messages applied, per channel. */
  accepted: Record<string, number>;
  dropped: Record<DropReason, number>;
  /** Methods no capability handles, per method (still answered per the protocol). */
  unknownMethods: Record<string, number>;
}

export interface GatewayOptions {
  bus: MessageBus;
  channel: LiveChannel;
  store: DeviceStore;
  alerts: AlertService;
  platform: PlatformIdentity;
  /** Who vouches for gateway `sn`'s unknown devices (embedded broker identities); null with an external broker. */
  binderOf(gatewaySn: string): Binder | null;
  /** Called with an accepted topology before its status_reply (external broker with dynamic security: the gateway's ACL follows). */
  topologyChanged?(gatewaySn: string, subSerials: string[]): Promise<void>;
  /** The claim rules for a gateway's declarations where the broker cannot judge its connection (external with dynamic security). */
  mayDeclare?(gatewaySn: string, devices: { sn: string; domain: DjiDomain }[]): Promise<boolean>;
  offlineAfterMs: number;
  /**
   * Whether gateway `sn` is connected to this instance. Instances sharing their brokers' messages (REDIS_URL) each
   * receive every device message: only the device's own instance acts on it (answers, binds, alerts, state, events,
   * flight records, conformance), the others only follow its topology and live state for sysinfo/* and the
   * replies to their own commands. Absent: every message is this instance's.
   */
  isLocal?(gatewaySn: string): boolean;
  /**
   * Instances splitting the devices' messages on an external broker (REDIS_URL): the MQTT shared subscription group
   * the status channel is subscribed in (replies stay unshared, see splitUplinkFilters), where gateway topologies are
   * shared (a gateway's update_topo may reach any instance), the live members, and the broker's plain subscriptions
   * through which the owner of a gateway alone receives the rest of its messages (OwnedUplink), and where the owner
   * shares its devices' live state with the others (`currentLive`).
   */
  shared?: {
    group: string;
    topology: TopologyMirror;
    members: Members;
    subscriptions: TopicSubscriptions;
    live: Pick<SharedLive, 'changed' | 'gone' | 'read' | 'readMany'>;
  };
  log: { debug(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  now?: () => number;
}

type NotRouted = { kind: 'dropped'; dropped: DroppedMessage } | { kind: 'unknown'; method: string };
type RouteResult = { kind: 'applied'; output: Record<string, unknown> | undefined } | NotRouted;
type ReadyMessage = { kind: 'ready'; handler: RegisteredRoute; data: unknown };
type CheckResult = ReadyMessage | NotRouted;

const OWNED_CHANNEL_SET: ReadonlySet<string> = new Set(OWNED_CHANNELS);

/** The capability channel of an uplink channel, or null (services_reply and property/set_reply are the link's own). */
function capabilityChannel(channel: string): CapabilityChannel | null {
  return Object.hasOwn(CHANNEL_RULES, channel) ? (channel as CapabilityChannel) : null;
}

/** A command's failure: the device's error code, or no answer in time. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly result: number | 'timeout',
  ) {
    super(message);
  }
}

/**
 * The DJI Cloud API device gateway (docs/mqtt.md, docs/architecture.md "The device link"): reads what gateways publish
 * on the broker (embedded or external) and routes each message to the capability registered for its channel and
 * method (registry.ts), answering as the channel's rule says; sends services and matches their replies. Every message
 * is untrusted: a bad one is dropped and counted, and answered with a non-zero result where the protocol expects an
 * answer. Topology, telemetry, health and organization are its own capabilities; others register with `register`.
 */
export class DjiGateway {
  readonly stats: GatewayStats = {
    accepted: {},
    dropped: {
      not_json: 0,
      invalid_envelope: 0,
      invalid_data: 0,
      undeclared_serial: 0,
      unexpected_topic: 0,
      unmatched_reply: 0,
      hms_over_budget: 0,
      not_owner: 0,
      serial_not_allowed: 0,
    },
    unknownMethods: {},
  };
  private readonly registry = new CapabilityRegistry();
  private readonly topology = new LinkTopology();
  private readonly live = new Map<string, DjiLive>();
  private readonly pending = new Map<string, { resolve(output: Record<string, unknown>): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private readonly now: () => number;
  private readonly aircraftListeners: ((sample: AircraftSample) => void)[] = [];
  private readonly topologyListeners: ((change: TopologyChange) => void)[] = [];
  /** The tail of the messages being applied. */
  private queue: Promise<void> = Promise.resolve();
  /** The pools of the off-queue routes (registry.ts `offQueue`). */
  private readonly pools = new Map<RegisteredRoute, WorkPool>();
  /** The gateways this instance owns (`shared`). */
  private readonly owned: OwnedUplink | undefined;

  constructor(private readonly options: GatewayOptions) {
    this.now = options.now ?? Date.now;
    const { shared } = options;
    this.owned =
      shared &&
      new OwnedUplink({
        bus: shared.subscriptions,
        members: shared.members,
        topology: this.topology,
        acquire: async (serials) => {
          for (const live of await shared.live.readMany(serials)) if ((this.live.get(live.sn)?.at ?? -Infinity) < live.at) this.live.set(live.sn, live);
        },
        log: options.log,
      });
    const core: LinkCore = {
      topology: this.topology,
      now: this.now,
      liveState: (sn) => this.live.get(sn),
      setLiveState: (sn, live) => {
        this.live.set(sn, live);
        options.shared?.live.changed(live);
      },
      declared: async ({ gatewaySn }) => {
        await this.owned?.follow(gatewaySn);
      },
      forget: (serials) => this.forget(serials),
      report: (sn, kind) => this.report(sn, kind),
      aircraftSampled: (sample) => this.notify(this.aircraftListeners, sample, { sn: sample.sn }, 'aircraft sample'),
      topologyChanged: (change) => this.notify(this.topologyListeners, change, { gatewaySn: change.gatewaySn }, 'topology'),
    };
    const { store, alerts, platform, binderOf, topologyChanged, mayDeclare, log } = options;
    this.register(topologyCapability(core, { store, binderOf, ...(topologyChanged ? { topologyChanged } : {}), ...(mayDeclare ? { mayDeclare } : {}), log }));
    this.register(telemetryCapability(core, { store }));
    this.register(healthCapability(core, { alerts }));
    this.register(organizationCapability({ platform, store }));
    this.register(airsenseCapability(core, { alerts, publish: (topic, payload) => options.bus.publish(topic, payload, { retain: false, qos: 0 }) }));
  }

  async start(): Promise<void> {
    this.options.log.debug({ capabilities: this.registry.describe() }, 'dji: device link capabilities');
    const { shared } = this.options;
    this.owned?.listen((topic, payload) => void this.handle(topic, payload));
    await shared?.topology.join((declaration) => this.followTopology(declaration));
    for (const filter of shared ? splitUplinkFilters(shared.group) : UPLINK_FILTERS)
      await this.options.bus.subscribe(filter, (topic, payload) => void this.handle(topic, payload));
  }

  stop(): void {
    // Off-queue work not started yet is dropped unanswered; the sweep removes the objects it leaves without a row.
    for (const pool of this.pools.values()) pool.clear();
    for (const [tid, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new ServiceError('the server is stopping', 'timeout'));
      this.pending.delete(tid);
    }
  }

  /**
   * Adds a capability: its routes take the messages of their channel and method from then on (a pair another
   * capability handles already throws). Messages are validated by the route's schema (invalid → dropped, answered
   * with a non-zero result where an answer is due); a handler's throw is answered with an internal error.
   */
  register(capability: Capability): void {
    this.registry.register(capability);
  }

  /**
   * The newest normalised live state of a device, if it reported since the server started and is not gone. Instances
   * splitting the uplink (`shared`): this instance's own if it owns the device's gateway and heard it, else the one
   * its owner shared through Redis (at most SHARED_LIVE_FLUSH_MS old); alone, no Redis call.
   */
  async currentLive(sn: string): Promise<DjiLive | undefined> {
    const local = this.live.get(sn);
    const shared = this.options.shared?.live;
    if (!shared || !this.owned || (local && this.owned.owns(this.gatewayFor(sn) ?? sn))) return local;
    return shared.read(sn);
  }

  /** Calls `listener` after each applied aircraft OSD report (synchronously; a throwing listener is logged, not fatal). */
  onAircraftSample(listener: (sample: AircraftSample) => void): void {
    this.aircraftListeners.push(listener);
  }

  /** Calls `listener` after a gateway's topology was applied (update_topo) or dropped (its connection closed). */
  onTopologyChange(listener: (change: TopologyChange) => void): void {
    this.topologyListeners.push(listener);
  }

  /** The sub-devices gateway `gatewaySn` declared last. */
  subDevicesOf(gatewaySn: string): string[] {
    return this.topology.subDevicesOf(gatewaySn);
  }

  /** The gateway a device is connected through (itself for a gateway), if known. */
  gatewayFor(sn: string): string | undefined {
    return this.topology.gatewayFor(sn);
  }

  /** Publishes a command on thing/product/{gw}/services; resolves with the reply's output, rejects with its error code or a timeout. */
  sendService(
    gatewaySn: string,
    method: string,
    data: Record<string, unknown> | null,
    { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    const tid = randomUUID();
    const message: Envelope = { tid, bid: randomUUID(), timestamp: this.now(), method, data };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(tid);
        reject(new ServiceError(`${method} to ${gatewaySn}: no reply within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.pending.set(tid, { resolve, reject, timer });
      this.options.bus.publish(servicesTopic(gatewaySn), JSON.stringify(message), { retain: false, qos: 1 }).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(tid);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /**
   * A topology another instance received (`shared`): the sub-devices the gateway no longer declares are offline, and
   * the owner's subscriptions follow.
   */
  private followTopology({ gatewaySn, topo, at }: TopologyDeclaration): void {
    const applied = this.topology.apply(gatewaySn, topo, at);
    if (!applied) return;
    this.forget(applied.gone);
    void this.owned?.follow(gatewaySn);
  }

  /** The gateway's connection closed: it and everything behind it is offline. */
  gatewayDisconnected(gatewaySn: string): void {
    const { entry, gone } = this.topology.remove(gatewaySn);
    this.forget(gone);
    this.forget([gatewaySn]);
    if (entry) this.notify(this.topologyListeners, { gatewaySn, online: false, subSerials: [] }, { gatewaySn }, 'topology');
  }

  private notify<T>(listeners: ((value: T) => void)[], value: T, context: Record<string, unknown>, what: string): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        this.options.log.warn({ err: error, ...context }, `dji: ${what} listener failed`);
      }
    }
  }

  /**
   * Handles one message from the broker. Messages are applied one after the other in arrival order, so a gateway's
   * update_topo takes effect before the OSD it sent next, and its answers leave in the order it asked. A route marked
   * `offQueue` (registry.ts) is checked and started in that order but not awaited: its slow work (a media upload's
   * file) holds no other message, and its answer leaves when it is done.
   */
  handle(topic: string, payload: Buffer): Promise<void> {
    if (this.owned && topic.startsWith('sys/')) this.announce(topic, payload);
    this.queue = this.queue
      .then(() => this.apply(topic, payload))
      .catch((error: unknown) => this.options.log.warn({ err: error, topic }, 'dji: message handling failed'));
    return this.queue;
  }

  /**
   * An update_topo reaching one of several instances splitting the uplink goes out before it waits its turn behind
   * the messages ahead of it (other gateways' work, database writes): the gateway streams its OSD right behind it
   * (issue 28), so its owner hears the topology and subscribes at once (the owner itself before applying it). The
   * other instances apply it as it comes, this one in its turn (capabilities/topology.ts). A declaration the claim
   * rules refuse is neither announced nor subscribed to: no instance would take another gateway's devices' messages
   * or state for it.
   */
  private announce(topic: string, payload: Buffer): void {
    const { shared, mayDeclare } = this.options;
    const { owned } = this;
    const parsed = parseDeviceTopic(topic);
    if (!shared || !owned || parsed?.channel !== 'status') return;
    const message = parseEnvelope(payload);
    if (!message.ok || message.envelope.method !== METHOD_UPDATE_TOPO) return;
    const topo = gatewayTopoSchema.safeParse(message.envelope.data);
    if (!topo.success) return;
    const gatewaySn = parsed.sn;
    const subs = topo.data.sub_devices.filter((d) => d.sn !== gatewaySn);
    void (async () => {
      if (
        mayDeclare &&
        !(await mayDeclare(
          gatewaySn,
          subs.map(({ sn, domain }) => ({ sn, domain })),
        ))
      )
        return;
      void shared.topology.publish({ gatewaySn, topo: topo.data, at: message.envelope.timestamp });
      await owned.prepare(gatewaySn, [...new Set(subs.map((d) => d.sn))]);
    })().catch((error: unknown) => this.options.log.warn({ err: error, gatewaySn }, 'dji: topology not announced'));
  }

  private async apply(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) return this.drop('unexpected_topic', { topic });
    // A message of a gateway another instance owns now, sent before the members changed and the subscriptions followed.
    if (this.owned && OWNED_CHANNEL_SET.has(parsed.channel) && !this.owned.owns(this.gatewayFor(parsed.sn) ?? parsed.sn))
      return this.drop('not_owner', { topic });
    const message = parseEnvelope(payload);
    if (this.options.isLocal && !this.options.isLocal(this.gatewayFor(parsed.sn) ?? parsed.sn)) {
      if (message.ok) await this.follow(parsed.channel, parsed.sn, message.envelope);
      return;
    }
    if (parsed.channel === 'services_reply') return message.ok ? this.onServiceReply(message.envelope) : this.drop(message.reason, { topic });
    const channel = capabilityChannel(parsed.channel);
    if (!channel) return this.drop('unexpected_topic', { topic });
    const rule = CHANNEL_RULES[channel];
    if (!message.ok) {
      this.drop(message.reason, { topic });
      if (rule.reply !== 'never') await this.reply(topic, { tid: message.tid ?? '', bid: message.bid ?? '', method: message.method }, RESULT.invalidMessage);
      return;
    }
    const envelope = message.envelope;
    const checked = this.check(channel, parsed.sn, envelope, true);
    if (checked.kind === 'ready' && checked.handler.offQueue) {
      this.poolOf(checked.handler).run(() => this.settle(topic, channel, envelope, () => this.run(checked, parsed.sn, envelope, true)));
      return;
    }
    await this.settle(topic, channel, envelope, () => (checked.kind === 'ready' ? this.run(checked, parsed.sn, envelope, true) : checked));
  }

  /** Counts a message's outcome and answers it as its channel's rule says; a handler's throw is answered with an internal error. */
  private async settle(topic: string, channel: CapabilityChannel, envelope: Envelope, outcome: () => Promise<RouteResult> | RouteResult): Promise<void> {
    const rule = CHANNEL_RULES[channel];
    const answers = rule.reply === 'always' || (rule.reply === 'asked' && envelope.need_reply === 1);
    try {
      const result = await outcome();
      if (result.kind === 'unknown') {
        this.stats.unknownMethods[result.method] = (this.stats.unknownMethods[result.method] ?? 0) + 1;
        this.options.log.info({ topic, method: result.method }, 'dji: unknown method');
        if (answers) await this.reply(topic, envelope, rule.unknownResult);
      } else if (result.kind === 'dropped') {
        this.drop(result.dropped.reason, { topic, ...result.dropped.detail });
        if (answers) await this.reply(topic, envelope, result.dropped.result);
      } else {
        this.count(channel);
        if (answers) await this.reply(topic, envelope, RESULT.ok, result.output);
      }
    } catch (error) {
      this.options.log.warn({ err: error, topic }, 'dji: message handling failed');
      if (answers) await this.reply(topic, envelope, RESULT.internalError);
    }
  }

  /** The pool an off-queue route's handlers run in (registry.ts `offQueue`), made on its first message. */
  private poolOf(handler: RegisteredRoute): WorkPool {
    let pool = this.pools.get(handler);
    if (!pool) {
      pool = new WorkPool(handler.offQueue!.limit, (error) =>
        this.options.log.warn({ err: error, capability: handler.capability }, 'dji: message handling failed'),
      );
      this.pools.set(handler, pool);
    }
    return pool;
  }

  /**
   * Whether a message reaches a capability: the channel's sender check, the route of its method, the route's schema.
   * Ready (with the handler and the validated data), dropped (with why and the answer due), or unknown.
   */
  private check(channel: CapabilityChannel, sn: string, envelope: Envelope, local: boolean): CheckResult {
    const rule = CHANNEL_RULES[channel];
    const declared = rule.sender === 'any' || (rule.sender === 'device' ? this.topology.kindOf(sn) !== null : this.topology.gateway(sn) !== undefined);
    if (!declared) return { kind: 'dropped', dropped: new DroppedMessage('undeclared_serial', { sn, channel }, RESULT.notAllowed) };
    const handler = this.registry.find(channel, envelope.method);
    if (!handler || (!local && !handler.followed)) return { kind: 'unknown', method: envelope.method ?? '(none)' };
    const data = handler.schema.safeParse(envelope.data);
    if (!data.success) {
      const issues = data.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
      return { kind: 'dropped', dropped: new DroppedMessage('invalid_data', { method: envelope.method, issues }, RESULT.invalidMessage) };
    }
    return { kind: 'ready', handler, data: data.data };
  }

  /** Hands a checked message to its capability: applied (with the reply's output) or dropped. */
  private async run({ handler, data }: ReadyMessage, sn: string, envelope: Envelope, local: boolean): Promise<RouteResult> {
    const outcome = await handler.handle(sn, data, { envelope, local });
    if (outcome instanceof DroppedMessage) return { kind: 'dropped', dropped: outcome };
    return { kind: 'applied', output: outcome ?? undefined };
  }

  /**
   * Another instance's device (see `isLocal`): the followed routes (its topology and live state) quietly, and the
   * replies to this instance's commands. A device whose update_topo this instance missed stays unknown here.
   */
  private async follow(channel: string, sn: string, envelope: Envelope) {
    if (channel === 'services_reply' && this.pending.has(envelope.tid)) return this.onServiceReply(envelope);
    const followed = capabilityChannel(channel);
    if (!followed) return;
    const checked = this.check(followed, sn, envelope, false);
    if (checked.kind === 'ready') await this.run(checked, sn, envelope, false);
  }

  private onServiceReply(envelope: Envelope) {
    const call = this.pending.get(envelope.tid);
    // Every instance splitting the uplink hears every reply: one to another instance's command is not a stray.
    if (!call && this.options.shared) return;
    const data = replyDataSchema.safeParse(envelope.data);
    if (!call || !data.success) return this.drop(call ? 'invalid_data' : 'unmatched_reply', { tid: envelope.tid, method: envelope.method });
    this.pending.delete(envelope.tid);
    clearTimeout(call.timer);
    this.count('services_reply');
    if (data.data.result === 0) call.resolve(data.data.output ?? {});
    else call.reject(new ServiceError(`${envelope.method ?? 'service'} failed with result ${data.data.result}`, data.data.result));
  }

  /** Feeds the live channel: status from topology, mode and freshness; the fleet sample for aircraft. */
  private report(sn: string, kind: DjiLiveKind) {
    const live = this.live.get(sn);
    const now = this.now();
    const status = deriveDeviceStatus({ kind, inTopology: true, modeCode: live?.modeCode, lastSeenAt: now, now, offlineAfterMs: this.options.offlineAfterMs });
    this.options.channel.observe(sn, status, live ? toTelemetry(live, status) : null, kind === 'aircraft');
  }

  /** The devices are offline: their live state goes, and the live channel hears it. */
  private forget(serials: string[]) {
    const now = this.now();
    for (const sn of serials) {
      this.live.delete(sn);
      this.options.shared?.live.gone(sn, now);
      this.options.channel.deviceDisconnected(sn);
    }
  }

  private drop(reason: DropReason, detail: Record<string, unknown>) {
    this.stats.dropped[reason]++;
    if (reason === 'undeclared_serial') this.options.log.info({ reason, ...detail }, 'dji: message dropped');
    else this.options.log.debug({ reason, ...detail }, 'dji: message dropped');
  }

  private count(channel: string) {
    this.stats.accepted[channel] = (this.stats.accepted[channel] ?? 0) + 1;
  }

  private async reply(topic: string, request: Pick<Envelope, 'tid' | 'bid' | 'method'>, result: number, output?: Record<string, unknown>) {
    const message = replyTo(request, result, output, this.now());
    await this.options.bus.publish(replyTopic(topic), JSON.stringify(message), { retain: false, qos: 1 });
  }
}
