import type { z } from 'zod';
import { RESULT, type Envelope } from '@shared/dji/envelope';

export type DropReason =
  | 'not_json'
  | 'invalid_envelope'
  | 'invalid_data'
  | 'undeclared_serial'
  | 'unexpected_topic'
  | 'unmatched_reply'
  | 'hms_over_budget'
  | 'not_owner'
  | 'serial_not_allowed';

/** The uplink channels capabilities handle (services_reply belongs to the link itself: it resolves sendService). */
export type CapabilityChannel = 'status' | 'osd' | 'state' | 'events' | 'requests';

/** How the link treats one channel before and after a capability handles it (docs/architecture.md). */
export interface ChannelRule {
  /** Who may publish on it: any serial (status claims one), a declared device (gateway or sub-device), or a gateway. */
  sender: 'any' | 'device' | 'gateway';
  /** Whether it is answered on `…_reply`: always, only when the message asks (need_reply 1), or never. */
  reply: 'always' | 'asked' | 'never';
  /** Whether routes are per method (status, events, requests) or one for the whole channel (osd, state). */
  byMethod: boolean;
  /** The result an unknown method is answered with (it is counted either way). */
  unknownResult: number;
}

export const CHANNEL_RULES: Record<CapabilityChannel, ChannelRule> = {
  status: { sender: 'any', reply: 'always', byMethod: true, unknownResult: RESULT.unknownMethod },
  osd: { sender: 'device', reply: 'never', byMethod: false, unknownResult: RESULT.unknownMethod },
  state: { sender: 'device', reply: 'asked', byMethod: false, unknownResult: RESULT.unknownMethod },
  // DJI's cloud answers every need_reply event, including those it does not act on.
  events: { sender: 'gateway', reply: 'asked', byMethod: true, unknownResult: RESULT.ok },
  requests: { sender: 'gateway', reply: 'always', byMethod: true, unknownResult: RESULT.unknownMethod },
};

/** What a handler knows of its message besides the validated data. */
export interface LinkMessage {
  envelope: Envelope;
  /** False for another instance's device (REDIS_URL, see GatewayOptions.isLocal): follow it, answer nothing. */
  local: boolean;
}

/** A message a handler read but did not apply: counted as `reason`, answered with `result` where an answer is due. */
export class DroppedMessage {
  constructor(
    readonly reason: DropReason,
    readonly detail: Record<string, unknown>,
    readonly result: number,
  ) {}
}

/** A handler's outcome: nothing, the reply's output (requests), or a drop. */
export type RouteOutcome = void | Record<string, unknown> | DroppedMessage;

export interface Route {
  schema: z.ZodType;
  handle(sn: string, data: unknown, message: LinkMessage): Promise<RouteOutcome> | RouteOutcome;
  /** Also applied (with `local` false) to messages of another instance's devices: topology and live state. */
  followed?: boolean;
  /**
   * The handler runs off the link's serial queue (slow work, e.g. reading an uploaded file from the object store): the
   * message is checked and validated in its turn, the handler started, and the next message taken at once. At most
   * `limit` of the route's handlers run at a time, the others start in arrival order as one ends. Its answer leaves
   * when it ends, possibly after those of later messages.
   */
  offQueue?: { limit: number };
}

/** A route whose handler receives the data as `schema` parsed it. */
export function route<T extends z.ZodType>(
  schema: T,
  handle: (sn: string, data: z.infer<T>, message: LinkMessage) => Promise<RouteOutcome> | RouteOutcome,
  options: Pick<Route, 'followed' | 'offQueue'> = {},
): Route {
  return { schema, handle: (sn, data, message) => handle(sn, data as z.infer<T>, message), ...options };
}

/**
 * One capability of the device link (topology, telemetry, health, missions, media, remote …): the messages it handles
 * per channel and the services it sends. Registered once in the gateway's CapabilityRegistry.
 */
export interface Capability {
  name: string;
  /** `sys/product/{gw}/status` methods. */
  status?: Record<string, Route>;
  /** `thing/product/{sn}/osd`, the whole channel. */
  osd?: Route;
  /** `thing/product/{sn}/state`, the whole channel. */
  state?: Route;
  /** `thing/product/{gw}/events` methods. */
  events?: Record<string, Route>;
  /** `thing/product/{gw}/requests` methods; the handler's output is the reply's. */
  requests?: Record<string, Route>;
  /** `thing/product/{gw}/services` methods it sends (DjiGateway.sendService). */
  services?: readonly string[];
}

export interface RegisteredRoute extends Route {
  capability: string;
}

/** The key of a whole-channel route. */
const WHOLE_CHANNEL = '';

/** Every capability's routes by channel and method; a channel/method pair belongs to one capability only. */
export class CapabilityRegistry {
  private readonly routes = new Map<CapabilityChannel, Map<string, RegisteredRoute>>();
  private readonly registered: Capability[] = [];

  register(capability: Capability): void {
    const entries: [CapabilityChannel, string, Route][] = [
      ...methodRoutes('status', capability.status),
      ...methodRoutes('events', capability.events),
      ...methodRoutes('requests', capability.requests),
      ...(capability.osd ? [['osd', WHOLE_CHANNEL, capability.osd] as [CapabilityChannel, string, Route]] : []),
      ...(capability.state ? [['state', WHOLE_CHANNEL, capability.state] as [CapabilityChannel, string, Route]] : []),
    ];
    for (const [channel, method] of entries) {
      const taken = this.routes.get(channel)?.get(method);
      if (taken) throw new Error(`dji: ${channel} ${method || '(channel)'} is handled by capability ${taken.capability} already, not ${capability.name}`);
    }
    for (const [channel, method, handler] of entries) {
      const byMethod = this.routes.get(channel) ?? new Map<string, RegisteredRoute>();
      byMethod.set(method, { ...handler, capability: capability.name });
      this.routes.set(channel, byMethod);
    }
    this.registered.push(capability);
  }

  /** The route of a message on `channel` (its `method` for the per-method channels), if a capability handles it. */
  find(channel: CapabilityChannel, method: string | undefined): RegisteredRoute | undefined {
    return this.routes.get(channel)?.get(CHANNEL_RULES[channel].byMethod ? (method ?? WHOLE_CHANNEL) : WHOLE_CHANNEL);
  }

  /** What each registered capability handles and sends, one line each (logged at start). */
  describe(): string[] {
    return this.registered.map((capability) => {
      const parts = [
        ...(['status', 'events', 'requests'] as const).map((channel) => {
          const methods = Object.keys(capability[channel] ?? {});
          return methods.length ? `${channel}: ${methods.join(', ')}` : '';
        }),
        capability.osd ? 'osd' : '',
        capability.state ? 'state' : '',
        capability.services?.length ? `services: ${capability.services.join(', ')}` : '',
      ];
      return `${capability.name} (${parts.filter(Boolean).join('; ')})`;
    });
  }
}

function methodRoutes(channel: CapabilityChannel, routes: Record<string, Route> | undefined): [CapabilityChannel, string, Route][] {
  return Object.entries(routes ?? {}).map(([method, handler]) => [channel, method, handler]);
}
