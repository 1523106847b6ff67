import { randomUUID } from 'node:crypto';
import { deviceKindOf, parseDeviceTypeKey, type DjiDomain } from '@shared/dji/devices';
import { parseEnvelope, replyDataSchema, replyTo, RESULT, type Envelope } from '@shared/dji/envelope';
import { hmsEventSchema, METHOD_HMS } from '@shared/dji/events';
import { normaliseOsd, toTelemetry, type DjiLive, type DjiLiveKind } from '@shared/dji/live';
import { mergeLive } from '@shared/dji/mergeLive';
import { stateSchema } from '@shared/dji/osd';
import {
  airportBindStatusRequestSchema,
  airportOrganizationBindRequestSchema,
  airportOrganizationGetRequestSchema,
  configRequestSchema,
  METHOD_AIRPORT_BIND_STATUS,
  METHOD_AIRPORT_ORGANIZATION_BIND,
  METHOD_AIRPORT_ORGANIZATION_GET,
  METHOD_CONFIG,
  type ConfigOutput,
} from '@shared/dji/requests';
import { deriveDeviceStatus } from '@shared/dji/status';
import { expectsReply, parseDeviceTopic, replyTopic, servicesTopic, UPLINK_FILTERS } from '@shared/dji/topics';
import { METHOD_UPDATE_TOPO, updateTopoSchema } from '@shared/dji/topology';
import type { z } from 'zod';
import type { AlertService, AttributedHms } from '../../entities/alert/service';
import type { LiveChannel, MessageBus } from '../liveChannel';
import { toTopoDevice, type Binder, type DeviceLinkStore } from './store';
import { spendHmsBudget, type HmsBucket } from './hmsBudget';

export type DropReason = 'not_json' | 'invalid_envelope' | 'invalid_data' | 'undeclared_serial' | 'unexpected_topic' | 'unmatched_reply' | 'hms_over_budget';

export interface GatewayStats {
  /** Messages applied, per channel. */
  accepted: Record<string, number>;
  dropped: Record<DropReason, number>;
  /** events/requests methods this platform does not know, per method (still answered). */
  unknownMethods: Record<string, number>;
}

export interface PlatformIdentity {
  appId: string;
  appKey: string;
  appLicense: string;
  ntpServerHost: string;
  /** The workspace a dock binds to (airport_organization_*). */
  organizationId: string;
  organizationName: string;
}

export interface GatewayOptions {
  bus: MessageBus;
  channel: LiveChannel;
  store: DeviceLinkStore;
  alerts: AlertService;
  platform: PlatformIdentity;
  /** Who vouches for gateway `sn`'s unknown devices (embedded broker identities); null with an external broker. */
  binderOf(gatewaySn: string): Binder | null;
  /** Called with an accepted topology before its status_reply (external broker with dynamic security: the gateway's ACL follows). */
  topologyChanged?(gatewaySn: string, subSerials: string[]): Promise<void>;
  offlineAfterMs: number;
  /**
   * Whether gateway `sn` is connected to this instance. Instances sharing their brokers' messages (REDIS_URL) each
   * receive every device message: only the device's own instance acts on it (answers, binds, alerts, state, events,
   * flight records, conformance), the others only follow its topology and live state for sysinfo/* and the
   * replies to their own commands. Absent: every message is this instance's.
   */
  isLocal?(gatewaySn: string): boolean;
  log: { debug(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  now?: () => number;
}

interface TopologyEntry {
  kind: DjiLiveKind;
  /** Sub-devices by serial (payloads included, with kind null). */
  subs: Map<string, { domain: DjiDomain; kind: DjiLiveKind | null }>;
}

/** One applied OSD report of an aircraft: what flight records and conformance monitoring read. */
export interface AircraftSample {
  sn: string;
  /** The gateway (RC or dock) it reports through. */
  gatewaySn: string | undefined;
  live: DjiLive;
  at: number;
}

/** A gateway's topology as applied: online with its sub-devices (and whether it just came online), or gone. */
export interface TopologyChange {
  gatewaySn: string;
  online: boolean;
  cameOnline?: boolean;
  subSerials: string[];
}

type EventHandler = (gatewaySn: string, data: unknown, envelope: Envelope) => Promise<void>;
type RequestHandler = (gatewaySn: string, data: unknown) => Promise<Record<string, unknown>>;

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
 * The DJI Cloud API device gateway (docs/mqtt.md): reads what gateways publish on the broker (embedded or external),
 * keeps topology and live state, answers status/events/requests, and sends services. Every message is untrusted:
 * a bad one is dropped and counted, and answered with a non-zero result where the protocol expects an answer.
 */
export class DjiGateway {
  readonly stats: GatewayStats = {
    accepted: {},
    dropped: { not_json: 0, invalid_envelope: 0, invalid_data: 0, undeclared_serial: 0, unexpected_topic: 0, unmatched_reply: 0, hms_over_budget: 0 },
    unknownMethods: {},
  };
  private readonly topology = new Map<string, TopologyEntry>();
  /** Serial → the gateway that declared it. */
  private readonly gatewayOf = new Map<string, string>();
  private readonly live = new Map<string, DjiLive>();
  private readonly pending = new Map<string, { resolve(output: Record<string, unknown>): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private readonly now: () => number;
  private readonly aircraftListeners: ((sample: AircraftSample) => void)[] = [];
  private readonly topologyListeners: ((change: TopologyChange) => void)[] = [];
  /** `events` methods handled by other services (beyond HMS), with their payload schema. */
  private readonly eventHandlers = new Map<string, { schema: z.ZodType; handle: EventHandler }>();
  /** `requests` methods answered by other services, with their payload schema. */
  private readonly requestHandlers = new Map<string, { schema: z.ZodType; answer: RequestHandler }>();
  /** Each gateway's HMS budget (hmsBudget.ts), kept across reconnects so a reconnect does not refill it. */
  private readonly hmsBuckets = new Map<string, HmsBucket>();
  /** The tail of the messages being applied. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: GatewayOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    for (const filter of UPLINK_FILTERS) await this.options.bus.subscribe(filter, (topic, payload) => void this.handle(topic, payload));
  }

  stop(): void {
    for (const [tid, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new ServiceError('the server is stopping', 'timeout'));
      this.pending.delete(tid);
    }
  }

  /** The newest normalised live state of a device, if it reported since the server started. */
  liveState(sn: string): DjiLive | undefined {
    return this.live.get(sn);
  }

  /** Calls `listener` after each applied aircraft OSD report (synchronously; a throwing listener is logged, not fatal). */
  onAircraftSample(listener: (sample: AircraftSample) => void): void {
    this.aircraftListeners.push(listener);
  }

  /** Calls `listener` after a gateway's topology was applied (update_topo) or dropped (its connection closed). */
  onTopologyChange(listener: (change: TopologyChange) => void): void {
    this.topologyListeners.push(listener);
  }

  /**
   * Handles the `events` method `method`: the payload is validated by `schema` (invalid → dropped, answered with a
   * non-zero result), then `handle` runs, and a need_reply event is answered ok once it resolved.
   */
  onEventMethod<T extends z.ZodType>(method: string, schema: T, handle: (gatewaySn: string, data: z.infer<T>, envelope: Envelope) => Promise<void>): void {
    this.eventHandlers.set(method, { schema, handle: (gatewaySn, data, envelope) => handle(gatewaySn, data as z.infer<T>, envelope) });
  }

  /**
   * Answers the `requests` method `method`: the payload is validated by `schema` (invalid → answered with a non-zero
   * result), then `answer`'s output goes back on requests_reply with result 0 (a throwing answer: internal error).
   */
  onRequestMethod<T extends z.ZodType>(method: string, schema: T, answer: (gatewaySn: string, data: z.infer<T>) => Promise<Record<string, unknown>>): void {
    this.requestHandlers.set(method, { schema, answer: (gatewaySn, data) => answer(gatewaySn, data as z.infer<T>) });
  }

  /** The sub-devices gateway `gatewaySn` declared last. */
  subDevicesOf(gatewaySn: string): string[] {
    return [...(this.topology.get(gatewaySn)?.subs.keys() ?? [])];
  }

  /** The gateway a device is connected through (itself for a gateway), if known. */
  gatewayFor(sn: string): string | undefined {
    return this.topology.has(sn) ? sn : this.gatewayOf.get(sn);
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

  /** The gateway's connection closed: it and everything behind it is offline. */
  gatewayDisconnected(gatewaySn: string): void {
    const entry = this.topology.get(gatewaySn);
    this.topology.delete(gatewaySn);
    for (const sn of entry?.subs.keys() ?? []) this.forget(sn, gatewaySn);
    this.live.delete(gatewaySn);
    this.options.channel.deviceDisconnected(gatewaySn);
    if (entry) this.topologyChanged({ gatewaySn, online: false, subSerials: [] });
  }

  private topologyChanged(change: TopologyChange): void {
    for (const listener of this.topologyListeners) {
      try {
        listener(change);
      } catch (error) {
        this.options.log.warn({ err: error, gatewaySn: change.gatewaySn }, 'dji: topology listener failed');
      }
    }
  }

  /**
   * Handles one message from the broker. Messages are applied one after the other in arrival order, so a gateway's
   * update_topo takes effect before the OSD it sent next, and its answers leave in the order it asked.
   */
  handle(topic: string, payload: Buffer): Promise<void> {
    this.queue = this.queue
      .then(() => this.apply(topic, payload))
      .catch((error: unknown) => this.options.log.warn({ err: error, topic }, 'dji: message handling failed'));
    return this.queue;
  }

  private async apply(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) return this.drop('unexpected_topic', { topic });
    const message = parseEnvelope(payload);
    if (this.options.isLocal && !this.options.isLocal(this.gatewayFor(parsed.sn) ?? parsed.sn)) {
      if (message.ok) this.follow(parsed.channel, parsed.sn, message.envelope);
      return;
    }
    const replied = expectsReply(parsed.channel);
    if (!message.ok) {
      this.drop(message.reason, { topic });
      if (replied) await this.reply(topic, { tid: message.tid ?? '', bid: message.bid ?? '', method: message.method }, RESULT.invalidMessage);
      return;
    }
    const envelope = message.envelope;
    try {
      switch (parsed.channel) {
        case 'status':
          return await this.onStatus(topic, parsed.sn, envelope);
        case 'osd':
          return this.onOsd(parsed.sn, envelope);
        case 'state':
          return await this.onState(topic, parsed.sn, envelope);
        case 'events':
          return await this.onEvent(topic, parsed.sn, envelope);
        case 'requests':
          return await this.onRequest(topic, parsed.sn, envelope);
        case 'services_reply':
          return this.onServiceReply(envelope);
        default:
          return this.drop('unexpected_topic', { topic });
      }
    } catch (error) {
      this.options.log.warn({ err: error, topic }, 'dji: message handling failed');
      if (replied || envelope.need_reply === 1) await this.reply(topic, envelope, RESULT.internalError);
    }
  }

  /** Another instance's device (see `isLocal`): its topology and live state, and replies to this instance's commands. */
  private follow(channel: string, sn: string, envelope: Envelope) {
    if (channel === 'services_reply' && this.pending.has(envelope.tid)) return this.onServiceReply(envelope);
    // A device whose update_topo this instance missed (it started later) stays unknown here, without a drop per report.
    if (channel === 'osd' && this.kindOf(sn)) return this.onOsd(sn, envelope, false);
    if (channel !== 'status' || envelope.method !== METHOD_UPDATE_TOPO) return;
    const topo = updateTopoSchema.safeParse(envelope.data);
    const kind = topo.success ? this.applyTopology(sn, topo.data) : null;
    if (kind) this.report(sn, kind);
  }

  /** Takes a gateway's update_topo as its topology; returns the gateway's kind, or null for a domain that is not a gateway. */
  private applyTopology(gatewaySn: string, topo: z.infer<typeof updateTopoSchema>): DjiLiveKind | null {
    const kind = deviceKindOf(topo.domain);
    if (!kind) return null;
    const subs = new Map(topo.sub_devices.filter((d) => d.sn !== gatewaySn).map((d) => [d.sn, { domain: d.domain, kind: deviceKindOf(d.domain) }]));
    const previous = this.topology.get(gatewaySn);
    for (const sn of previous?.subs.keys() ?? []) if (!subs.has(sn)) this.forget(sn, gatewaySn);
    this.topology.set(gatewaySn, { kind, subs });
    for (const sn of subs.keys()) this.gatewayOf.set(sn, gatewaySn);
    return kind;
  }

  private async onStatus(topic: string, gatewaySn: string, envelope: Envelope) {
    if (envelope.method !== METHOD_UPDATE_TOPO) return this.unknownMethod(topic, envelope, true);
    const topo = updateTopoSchema.safeParse(envelope.data);
    const wasOnline = this.topology.has(gatewaySn);
    const kind = topo.success ? this.applyTopology(gatewaySn, topo.data) : null;
    if (!topo.success || !kind) return this.invalid(topic, envelope, topo.error, true);
    const devices = [
      { sn: gatewaySn, domain: topo.data.domain, type: topo.data.type, subType: topo.data.sub_type, thingVersion: topo.data.thing_version, gatewaySn: null },
      ...topo.data.sub_devices.filter((d) => d.sn !== gatewaySn).map((d) => toTopoDevice(d, gatewaySn)),
    ];
    const created = await this.options.store.applyTopology(devices, this.options.binderOf(gatewaySn));
    if (created.length) this.options.log.info({ gatewaySn, created }, 'dji: devices bound');
    await this.options.topologyChanged?.(gatewaySn, this.subDevicesOf(gatewaySn));
    this.topologyChanged({ gatewaySn, online: true, cameOnline: !wasOnline, subSerials: this.subDevicesOf(gatewaySn) });
    this.count('status');
    this.report(gatewaySn, kind);
    await this.reply(topic, envelope, RESULT.ok);
  }

  /** Applies an OSD report; `local` (the device is connected here) also hands aircraft samples to the listeners. */
  private onOsd(sn: string, envelope: Envelope, local = true) {
    const kind = this.kindOf(sn);
    if (!kind) return this.drop('undeclared_serial', { sn, channel: 'osd' });
    const result = normaliseOsd(sn, kind, envelope.data, this.now());
    if (!result.ok) return this.drop('invalid_data', { sn, issues: result.issues.slice(0, 3) });
    const live = mergeLive(this.live.get(sn), result.live);
    this.live.set(sn, live);
    this.count('osd');
    this.report(sn, kind);
    if (kind !== 'aircraft' || !local) return;
    const sample: AircraftSample = { sn, gatewaySn: this.gatewayFor(sn), live, at: this.now() };
    for (const listener of this.aircraftListeners) {
      try {
        listener(sample);
      } catch (error) {
        this.options.log.warn({ err: error, sn }, 'dji: aircraft sample listener failed');
      }
    }
  }

  /** `state` properties; a need_reply one (e.g. a Matrice 4TD's payloads[].control_source) is answered on state_reply. */
  private async onState(topic: string, sn: string, envelope: Envelope) {
    const needsReply = envelope.need_reply === 1;
    if (!this.kindOf(sn)) {
      this.drop('undeclared_serial', { sn, channel: 'state' });
      if (needsReply) await this.reply(topic, envelope, RESULT.notAllowed);
      return;
    }
    const state = stateSchema.safeParse(envelope.data);
    if (!state.success) return this.invalid(topic, envelope, state.error, needsReply);
    await this.options.store.recordState(sn, state.data);
    this.count('state');
    if (needsReply) await this.reply(topic, envelope, RESULT.ok);
  }

  private async onEvent(topic: string, gatewaySn: string, envelope: Envelope) {
    const needsReply = envelope.need_reply === 1;
    const entry = this.topology.get(gatewaySn);
    if (!entry) {
      this.drop('undeclared_serial', { sn: gatewaySn, channel: 'events' });
      if (needsReply) await this.reply(topic, envelope, RESULT.notAllowed);
      return;
    }
    if (envelope.method === METHOD_HMS) {
      const event = hmsEventSchema.safeParse(envelope.data);
      if (!event.success) return this.invalid(topic, envelope, event.error, needsReply);
      const { fits, bucket } = spendHmsBudget(this.hmsBuckets.get(gatewaySn), event.data.list.length, this.now());
      this.hmsBuckets.set(gatewaySn, bucket);
      if (!fits) {
        // Answered like any other, so the gateway does not resend it; its items are not applied.
        this.drop('hms_over_budget', { sn: gatewaySn, items: event.data.list.length });
        if (needsReply) await this.reply(topic, envelope, RESULT.ok);
        return;
      }
      const devices = [gatewaySn, ...[...entry.subs].filter(([, d]) => d.kind).map(([sn]) => sn)];
      const aircraft = [...entry.subs].find(([, d]) => d.domain === 0)?.[0];
      const items: AttributedHms[] = event.data.list.map((item) => ({
        item,
        deviceSn: parseDeviceTypeKey(item.device_type)?.domain === 0 && aircraft ? aircraft : gatewaySn,
      }));
      await this.options.alerts.recordHms(gatewaySn, devices, items);
    } else {
      const registered = this.eventHandlers.get(envelope.method ?? '');
      if (!registered) return this.unknownMethod(topic, envelope, needsReply, RESULT.ok);
      const data = registered.schema.safeParse(envelope.data);
      if (!data.success) return this.invalid(topic, envelope, data.error, needsReply);
      await registered.handle(gatewaySn, data.data, envelope);
    }
    this.count('events');
    if (needsReply) await this.reply(topic, envelope, RESULT.ok);
  }

  private async onRequest(topic: string, gatewaySn: string, envelope: Envelope) {
    if (!this.topology.has(gatewaySn)) {
      this.drop('undeclared_serial', { sn: gatewaySn, channel: 'requests' });
      return this.reply(topic, envelope, RESULT.notAllowed);
    }
    const { platform, store } = this.options;
    const answer = async <T extends z.ZodType>(schema: T, output: (data: z.infer<T>) => Promise<Record<string, unknown>> | Record<string, unknown>) => {
      const data = schema.safeParse(envelope.data);
      if (!data.success) return this.invalid(topic, envelope, data.error, true);
      this.count('requests');
      await this.reply(topic, envelope, RESULT.ok, await output(data.data));
    };
    switch (envelope.method) {
      case METHOD_CONFIG: {
        const config: ConfigOutput = {
          ntp_server_host: platform.ntpServerHost,
          app_id: platform.appId,
          app_key: platform.appKey,
          app_license: platform.appLicense,
        };
        return answer(configRequestSchema, () => config);
      }
      case METHOD_AIRPORT_BIND_STATUS:
        return answer(airportBindStatusRequestSchema, async (data) => {
          const known = await store.devicesBySerial(data.devices.map((d) => d.sn));
          return {
            bind_status: data.devices.map(({ sn }) => ({
              sn,
              is_device_bind_organization: known.has(sn),
              organization_id: known.has(sn) ? platform.organizationId : '',
              organization_name: known.has(sn) ? platform.organizationName : '',
              device_callsign: sn,
            })),
          };
        });
      case METHOD_AIRPORT_ORGANIZATION_GET:
        return answer(airportOrganizationGetRequestSchema, () => ({ organization_name: platform.organizationName }));
      case METHOD_AIRPORT_ORGANIZATION_BIND:
        // Binding means being registered: an administrator registers the dock (and so issues its secret) first.
        return answer(airportOrganizationBindRequestSchema, async (data) => {
          const known = await store.devicesBySerial(data.bind_devices.map((d) => d.sn));
          return { err_infos: data.bind_devices.filter((d) => !known.has(d.sn)).map((d) => ({ sn: d.sn, err_code: RESULT.notAllowed })) };
        });
      default: {
        const registered = this.requestHandlers.get(envelope.method ?? '');
        if (registered) return answer(registered.schema, (data) => registered.answer(gatewaySn, data));
        return this.unknownMethod(topic, envelope, true);
      }
    }
  }

  private onServiceReply(envelope: Envelope) {
    const call = this.pending.get(envelope.tid);
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

  private kindOf(sn: string): DjiLiveKind | null {
    const entry = this.topology.get(sn);
    if (entry) return entry.kind;
    const gatewaySn = this.gatewayOf.get(sn);
    return (gatewaySn && this.topology.get(gatewaySn)?.subs.get(sn)?.kind) || null;
  }

  private forget(sn: string, gatewaySn: string) {
    if (this.gatewayOf.get(sn) !== gatewaySn) return;
    this.gatewayOf.delete(sn);
    this.live.delete(sn);
    this.options.channel.deviceDisconnected(sn);
  }

  private async unknownMethod(topic: string, envelope: Envelope, needsReply: boolean, result: number = RESULT.unknownMethod) {
    const method = envelope.method ?? '(none)';
    this.stats.unknownMethods[method] = (this.stats.unknownMethods[method] ?? 0) + 1;
    this.options.log.info({ topic, method }, 'dji: unknown method');
    if (needsReply) await this.reply(topic, envelope, result);
  }

  private async invalid(topic: string, envelope: Envelope, error: z.ZodError | undefined, needsReply: boolean) {
    this.drop('invalid_data', { topic, method: envelope.method, issues: error?.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) });
    if (needsReply) await this.reply(topic, envelope, RESULT.invalidMessage);
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
