import net from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import { Duplex } from 'node:stream';
import type { Aedes, AedesPublishPacket, AuthenticateError, Client, PublishPacket } from 'aedes';
import proxyaddr from '@fastify/proxy-addr';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { fastifyTrustProxy, type TrustProxy } from '../http/trustProxy';
import type { DjiDomain } from '@shared/dji/devices';
import { METHOD_UPDATE_TOPO, updateTopoSchema } from '@shared/dji/topology';
import { parseEnvelope, replyTo, RESULT } from '@shared/dji/envelope';
import { expectsReply, parseDeviceTopic, replyTopic } from '@shared/dji/topics';
import { TOPIC_FLEET } from '@shared/live';
import { canPublish, canSubscribe, drcMayPublish, drcMaySubscribe, samePrincipal, sessionOf, type BrokerIdentity, type GatewayIdentity } from './acl';
import { namespaceSerial } from '@shared/topics';
import { checkGatewayPublish, gatewaySubscribeSerial } from './gateway/link';
import type { MessageBus } from './liveChannel';
import { LoginThrottle } from './loginThrottle';
import { packetSizeGuard } from './packetGuard';

/** Largest MQTT packet accepted on either listener. */
export const MAX_PACKET_BYTES = 256 * 1024;
/**
 * Publishes a second above which a gateway connection is closed: a flood, not a device (a real gateway reports 1–2
 * times a second per device, plus its events).
 */
export const GATEWAY_PUBLISHES_PER_SECOND = 500;
/**
 * Where a refused publish goes: MQTT 3.1.1 (§3.3.5) lets the server acknowledge a publish it does not authorise and
 * drop it, which keeps the connection up. Nobody subscribes to a $-topic by wildcard, and only the service account
 * could by name.
 */
export const REFUSED_TOPIC = '$skyline/refused';
/** Failed logins per address and minute before the address is refused outright. */
const LOGIN_FAILURES_PER_MINUTE = 10;
/**
 * Bytes a browser connection may have waiting to be sent before it skips snapshot topics: a few seconds of the
 * fleet feed at 5,000 aircraft (about 300 KB a second).
 */
export const BROWSER_BACKLOG_BYTES = 1024 * 1024;

export type LoginRefusal = 'unknown_username' | 'wrong_secret' | 'session_ended' | 'throttled' | 'client_id_taken';
export type Authenticated = { identity: BrokerIdentity } | { refused: Exclude<LoginRefusal, 'throttled' | 'client_id_taken'> };

type Log = { debug(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

export interface EmbeddedBrokerOptions {
  server: Server;
  wsPath: string;
  tcpPort?: number;
  tcpHost: string;
  /** Take a websocket client's address from the last X-Forwarded-For entry (the one the trusted proxy appended). */
  trustProxy: TrustProxy;
  /** Decides who connects (DRC credentials are bound to a client id). */
  authenticate(username: string, password: string, clientId: string): Promise<Authenticated>;
  /** May this Pilot 2 connection become the gateway `sn` (not a registered dock, nor a device outside its pilot's scope)? */
  mayClaimGateway(identity: GatewayIdentity, sn: string): Promise<boolean>;
  /** May this gateway connection declare these sub-devices (server/devices/topology/claims.ts)? */
  mayDeclare(identity: GatewayIdentity, devices: { sn: string; domain: DjiDomain }[]): Promise<boolean>;
  onGatewayDisconnected?(sn: string): void;
  /**
   * Shared by several instances (REDIS_URL): aedes' message emitter relays messages between their brokers through
   * Redis, with the broker's own persistence (server/mqtt/redisShared.ts).
   */
  shared?: { mq: unknown; persistence: unknown };
  /**
   * What of a message a browser session may receive (its data scope): the payload, a narrowed copy, or null;
   * everything when absent.
   */
  narrow?(sessionId: string, topic: string, payload: Buffer | string): Buffer | string | null;
  log: Log;
  now?: () => number;
}

export interface BrokerStats {
  /** Refused logins, publishes and subscriptions, per reason. */
  refused: Record<string, number>;
  /** Snapshot messages not sent to a browser that was too far behind. */
  skippedBehind: number;
}

export interface EmbeddedBroker {
  aedes: Aedes;
  bus: MessageBus;
  tcpAddress?: net.AddressInfo;
  stats: BrokerStats;
  /** The identity connected as gateway `sn`, if any. */
  gateway(sn: string): GatewayIdentity | undefined;
  /** Closes the connection of gateway `sn` (e.g. its secret was rotated); true when there was one. */
  closeGateway(sn: string): boolean;
  /** The login sessions of the browser connections open now. */
  browserSessions(): Set<string>;
  /** Closes the connections (browsers, Pilot 2, DRC) whose login session is no longer active; returns how many. */
  closeEndedSessions(activeOf: (sessionIds: string[]) => Promise<Set<string>>): Promise<number>;
  /** Closes the DRC connections whose credentials are no longer live (revoked, replaced, expired); returns how many. */
  closeRevokedDrc(liveOf: (usernames: string[]) => Promise<Set<string>>): Promise<number>;
  close(): Promise<void>;
}

const identities = new WeakMap<Client, BrokerIdentity>();
export const identityOf = (client: Client | null) => (client ? identities.get(client) : undefined);
/** The remote address behind each connection's stream (websocket or TCP). */
const addresses = new WeakMap<object, string>();

function authError(): AuthenticateError {
  const error = new Error('Bad username or password') as AuthenticateError;
  error.returnCode = 4;
  return error;
}

/** aedes on the app's own HTTP server (MQTT over websocket at wsPath), plus an optional plain TCP listener. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  // aedes 1.x is an ES module; this CommonJS server loads it on demand.
  const { Aedes } = await import('aedes');
  const { log } = options;
  const stats: BrokerStats = { refused: {}, skippedBehind: 0 };
  const now = options.now ?? Date.now;
  /** Snapshots skipped so far for each browser now behind. */
  const behind = new WeakMap<Client, number>();
  const throttle = new LoginThrottle(LOGIN_FAILURES_PER_MINUTE, 60_000, options.now);
  /** Connected gateways by serial: one connection per gateway. */
  const gateways = new Map<string, Client>();
  /** Connected clients by client id (aedes keeps one too, but not in its typings). */
  const connected = new Map<string, Client>();

  const refuse = (reason: string, detail: Record<string, unknown>) => {
    stats.refused[reason] = (stats.refused[reason] ?? 0) + 1;
    log.info({ reason, ...detail }, 'mqtt: refused');
  };
  /** Makes `sn` this gateway connection's serial, unless another connection holds it or it may not be claimed. */
  const claim = async (client: Client, identity: GatewayIdentity, sn: string) => {
    if (!mayHold(client, identity, sn)) return false;
    if (identity.source === 'pilot' && !(await options.mayClaimGateway(identity, sn))) return false;
    identity.link.gatewaySn = sn;
    gateways.set(sn, client);
    return true;
  };
  /**
   * Whether `client` may be gateway `sn`: nobody else holds it, or the holder is the same principal (a device
   * reconnecting before its stale connection timed out), whose old connection is then closed.
   */
  const mayHold = (client: Client, identity: BrokerIdentity, sn: string) => {
    const holder = gateways.get(sn);
    if (!holder || holder === client || holder.closed) return true;
    const holderIdentity = identityOf(holder);
    if (!holderIdentity || !samePrincipal(holderIdentity, identity)) return false;
    holder.close();
    return true;
  };

  /** Whether a connection without a serial yet could claim `sn` (nobody else holds it, the claim rules allow it). */
  const mayHoldLater = async (client: Client, identity: GatewayIdentity, sn: string) => {
    const holder = gateways.get(sn);
    if (holder && holder !== client && !holder.closed && !samePrincipal(identityOf(holder) ?? identity, identity)) return false;
    return options.mayClaimGateway(identity, sn);
  };

  /** A gateway may not declare another connected gateway, nor a device the claim rules keep from it, as its sub-device. */
  const mayDeclare = async (client: Client, identity: GatewayIdentity, devices: { sn: string; domain: DjiDomain }[]) => {
    const subs = devices.filter((d) => d.sn !== identity.link.gatewaySn);
    if (subs.some((d) => gateways.has(d.sn) && gateways.get(d.sn) !== client)) return false;
    return options.mayDeclare(identity, subs);
  };

  /** The tail of each gateway connection's publish checks. */
  const checks = new WeakMap<Client, Promise<unknown>>();
  const inOrder = <T>(client: Client, check: () => Promise<T>): Promise<T> => {
    const result = (checks.get(client) ?? Promise.resolve()).then(check);
    checks.set(
      client,
      result.catch(() => undefined),
    );
    return result;
  };
  /** A refused status, events (need_reply) or request of the gateway's own is answered "not allowed", as the platform would. */
  const answerRefused = (identity: GatewayIdentity, packet: PublishPacket) => {
    const parsed = parseDeviceTopic(packet.topic);
    if (!parsed || parsed.sn !== identity.link.gatewaySn) return;
    const message = parseEnvelope(packet.payload);
    if (!expectsReply(parsed.channel) && !(message.ok && message.envelope.need_reply === 1)) return;
    if (parsed.channel === 'events' && !(message.ok && message.envelope.need_reply === 1)) return;
    const request = message.ok ? message.envelope : { tid: message.tid ?? '', bid: message.bid ?? '', method: message.method };
    const reply = JSON.stringify(replyTo(request, RESULT.notAllowed, undefined, (options.now ?? Date.now)()));
    aedes.publish({ cmd: 'publish', topic: replyTopic(packet.topic), payload: Buffer.from(reply), qos: 1, retain: false, dup: false }, (error) => {
      if (error) log.warn({ err: error }, 'mqtt: answering a refused publish failed');
    });
  };
  const floods = new FloodGuard(GATEWAY_PUBLISHES_PER_SECOND, options.now);
  /** Why this gateway connection may not publish `packet` now, or null when it may (claims and declarations take effect here). */
  const checkGateway = async (client: Client, identity: GatewayIdentity, packet: PublishPacket): Promise<string | null> => {
    const verdict = checkGatewayPublish(identity.link, packet.topic, packet.retain);
    if (!verdict.ok) return verdict.reason;
    if (verdict.claims && !(await claim(client, identity, verdict.claims))) return 'gateway_taken';
    const declared = verdict.topic.channel === 'status' ? topologyDevices(packet.payload) : null;
    if (!declared) return null;
    if (!(await mayDeclare(client, identity, declared))) return 'serial_not_allowed';
    // The declared sub-devices change with the message itself, so the OSD right behind an update_topo is already allowed.
    identity.link.declared = new Set(declared.map((d) => d.sn));
    return null;
  };

  const aedes = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    // No cap on messages in delivery. With aedes' default of 100, one subscriber whose socket stopped draining (a
    // browser on a slow link) held every slot, so the whole fleet's messages queued behind it; and when it drained,
    // mqemitter worked off its queue recursively, one stack frame chain per message, until the stack overflowed
    // (mcollina/mqemitter#204). Without a cap there is no queue: each delivery waits only for its own subscriber, a
    // browser's backlog is bounded by `mayForward` below, and a socket that never drains is closed after aedes'
    // drainTimeout. The Redis relay's emitter (REDIS_URL) has no cap either.
    concurrency: 0,
    ...(options.shared ?? {}),
    authenticate(client, username, password, done) {
      const address = addresses.get(client.conn) ?? 'unknown';
      const fail = (reason: LoginRefusal) => {
        refuse(reason, { clientId: client.id, username, address });
        if (reason !== 'throttled' && reason !== 'client_id_taken') throttle.fail(address);
        done(authError(), false);
      };
      if (throttle.blocked(address)) return fail('throttled');
      if (!username || !password) return fail('unknown_username');
      options
        .authenticate(username, password.toString('utf8'), client.id)
        .then((result) => {
          if ('refused' in result) return fail(result.refused);
          const holder = connected.get(client.id);
          const holderIdentity = holder && identityOf(holder);
          if (holderIdentity && !samePrincipal(holderIdentity, result.identity)) return fail('client_id_taken');
          const { identity } = result;
          if (identity.kind === 'gateway' && identity.link.gatewaySn && !mayHold(client, identity, identity.link.gatewaySn)) return fail('client_id_taken');
          identities.set(client, identity);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'mqtt: authentication failed');
          done(authError(), false);
        });
    },
    authorizePublish(client, packet, done) {
      // client null: the server's own publish.
      if (!client) return done(null);
      const identity = identityOf(client);
      if (identity?.kind === 'drc') {
        if (drcMayPublish(identity, packet.topic, packet.retain, now())) return done(null);
        refuse('topic_not_allowed', { clientId: client.id, topic: packet.topic });
        return done(new Error(`publish to ${packet.topic} not allowed`));
      }
      if (identity?.kind !== 'gateway') {
        if (identity && canPublish(identity, packet.topic, packet.retain)) return done(null);
        refuse(packet.retain ? 'retained' : 'topic_not_allowed', { clientId: client.id, topic: packet.topic });
        return done(new Error(`publish to ${packet.topic} not allowed`));
      }
      if (floods.flooding(client)) {
        refuse('flood', { clientId: client.id, perSecond: GATEWAY_PUBLISHES_PER_SECOND });
        return done(new Error(`more than ${GATEWAY_PUBLISHES_PER_SECOND} publishes a second`));
      }
      // One connection's publishes are judged in the order they were sent, each after the one before it (an
      // update_topo's checks are asynchronous, and the OSD sent right behind it must see the devices it declares).
      inOrder(client, () => checkGateway(client, identity, packet))
        .then((refusal) => {
          if (!refusal) return done(null);
          refuse(refusal, { clientId: client.id, topic: packet.topic });
          // Another connection holds the serial: this one cannot be that gateway at all.
          if (refusal === 'gateway_taken') return done(new Error(`publish to ${packet.topic} not allowed`));
          // Anything else costs the message, never the connection: acknowledged, answered where an answer is due, and
          // delivered to nobody.
          answerRefused(identity, packet);
          dropPublish(packet);
          done(null);
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'mqtt: publish check failed');
          refuse('check_failed', { clientId: client.id, topic: packet.topic });
          dropPublish(packet);
          done(null);
        });
    },
    authorizeForward(client, received) {
      const identity = identityOf(client);
      // A gateway hears only what is addressed to its own serial or its declared sub-devices (state_reply), whatever it
      // subscribed to before it had a serial.
      if (identity?.kind === 'gateway') {
        const sn = namespaceSerial(received.topic);
        return sn !== null && (sn === identity.link.gatewaySn || identity.link.declared.has(sn)) ? received : null;
      }
      // A DRC connection hears its one topic, until its credentials expire.
      if (identity?.kind === 'drc') return drcMaySubscribe(identity, received.topic, now()) ? received : null;
      if (identity?.kind !== 'web') return received;
      // A browser hears only about the devices in its user's data scope.
      const payload = options.narrow ? options.narrow(identity.sessionId, received.topic, received.payload) : received.payload;
      if (payload === null) return null;
      const packet = payload === received.payload ? received : { ...received, payload };
      // A browser on a slow link gets fewer snapshots instead of an ever longer queue of stale ones (MQTT allows
      // dropping QoS 0); what does not come again (alerts, events, notices) is always sent.
      if (packet.qos !== 0 || !isSnapshot(packet.topic)) return packet;
      const skipped = behind.get(client);
      if (client.conn.writableLength > BROWSER_BACKLOG_BYTES) {
        if (skipped === undefined) log.info({ clientId: client.id, backlog: client.conn.writableLength }, 'mqtt: browser behind, skipping snapshots');
        behind.set(client, (skipped ?? 0) + 1);
        stats.skippedBehind++;
        return null;
      }
      if (skipped !== undefined) {
        log.info({ clientId: client.id, skipped }, 'mqtt: browser caught up');
        behind.delete(client);
      }
      return packet;
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identityOf(client);
      const deny = () => {
        refuse('subscription_not_allowed', { clientId: client.id, topic: subscription.topic });
        // null subscription: SUBACK 0x80 for this filter, the connection stays up.
        done(null, null);
      };
      if (!identity) return deny();
      if (identity.kind === 'drc') return drcMaySubscribe(identity, subscription.topic, now()) ? done(null, subscription) : deny();
      if (identity.kind !== 'gateway') return canSubscribe(identity, subscription.topic) ? done(null, subscription) : deny();
      const sn = gatewaySubscribeSerial(identity.link, subscription.topic);
      if (!sn) return deny();
      if (identity.link.gatewaySn === sn || identity.link.declared.has(sn)) return done(null, subscription);
      // Pilot 2 subscribes before its first update_topo names its serial: allowed for a serial it could claim, without
      // claiming it; until the connection is that gateway nothing under it is forwarded (authorizeForward).
      mayHoldLater(client, identity, sn)
        .then((ok) => (ok ? done(null, subscription) : deny()))
        .catch(() => deny());
    },
  });

  /** Connections living on a login session. */
  const sessionClients = new Map<Client, string>();
  aedes.on('clientReady', (client) => {
    connected.set(client.id, client);
    const identity = identityOf(client);
    if (!identity) return;
    const session = sessionOf(identity);
    if (session) sessionClients.set(client, session);
    if (identity.kind === 'gateway' && identity.link.gatewaySn) gateways.set(identity.link.gatewaySn, client);
  });
  aedes.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === client) connected.delete(client.id);
    const identity = identityOf(client);
    sessionClients.delete(client);
    const sn = identity?.kind === 'gateway' ? identity.link.gatewaySn : undefined;
    if (sn && gateways.get(sn) === client) {
      gateways.delete(sn);
      options.onGatewayDisconnected?.(sn);
    }
  });
  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error.message }, 'mqtt: client error'));
  aedes.on('connectionError', (client, error) => log.debug({ clientId: client?.id, err: error.message }, 'mqtt: connection error'));

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_PACKET_BYTES });
  wss.on('connection', (socket, request: IncomingMessage) => {
    const stream = createWebSocketStream(socket);
    // ws' stream sends each write as its own frame and takes the next only once the socket took the last, while
    // mqtt-packet writes a PUBLISH in pieces (header, topic, payload) under cork(): a loaded event loop then spaces
    // one packet's pieces out over several turns (a 280 KB fleet snapshot reached the browser 0.9 s after its
    // topic at 5,000 docks). With writev the corked pieces, and whatever queued behind them, go out as one frame.
    stream._writev = (chunks, callback) => socket.send(Buffer.concat(chunks.map(({ chunk }) => chunk)), callback);
    stream.on('error', () => socket.terminate());
    addresses.set(stream, clientAddress(request, options.trustProxy));
    aedes.handle(stream, request);
  });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== options.wsPath) return; // someone else's websocket (none today): leave it alone
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  options.server.on('upgrade', onUpgrade);

  let tcp: net.Server | undefined;
  let tcpAddress: net.AddressInfo | undefined;
  if (options.tcpPort !== undefined) {
    const tcpServer = net.createServer((socket) => {
      const guard = packetSizeGuard(MAX_PACKET_BYTES);
      guard.on('error', () => socket.destroy());
      socket.pipe(guard);
      const stream = Duplex.from({ readable: guard, writable: socket });
      stream.on('error', () => socket.destroy());
      socket.on('close', () => stream.destroy());
      addresses.set(stream, socket.remoteAddress ?? 'unknown');
      aedes.handle(stream);
    });
    tcp = tcpServer;
    await new Promise<void>((resolve, reject) => {
      tcpServer.once('error', reject);
      tcpServer.listen(options.tcpPort, options.tcpHost, () => resolve());
    });
    tcpAddress = tcpServer.address() as net.AddressInfo;
    log.info({ port: tcpAddress.port }, 'mqtt: TCP listener ready');
  }

  const bus: MessageBus = {
    kind: 'embedded',
    publish: (topic, payload, { retain, qos }) =>
      new Promise((resolve, reject) =>
        aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false }, (error) => (error ? reject(error) : resolve())),
      ),
    subscribe: (filter, handler) =>
      new Promise((resolve) =>
        aedes.subscribe(
          filter,
          (packet: AedesPublishPacket, callback: () => void) => {
            try {
              handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
            } catch (error) {
              log.warn({ err: error }, 'mqtt: message handler failed');
            }
            callback();
          },
          () => resolve(),
        ),
      ),
    close: async () => undefined,
  };

  return {
    aedes,
    bus,
    tcpAddress,
    stats,
    gateway(sn) {
      const client = gateways.get(sn);
      const identity = client && identityOf(client);
      return identity?.kind === 'gateway' ? identity : undefined;
    },
    closeGateway(sn) {
      const client = gateways.get(sn);
      if (!client) return false;
      log.info({ sn }, 'mqtt: gateway connection closed by the server');
      client.close();
      return true;
    },
    browserSessions() {
      return new Set([...sessionClients].flatMap(([client, sessionId]) => (identityOf(client)?.kind === 'web' ? [sessionId] : [])));
    },
    async closeEndedSessions(activeOf) {
      if (sessionClients.size === 0) return 0;
      const active = await activeOf([...new Set(sessionClients.values())]);
      const ended = [...sessionClients].filter(([, sessionId]) => !active.has(sessionId));
      for (const [client] of ended) {
        log.info({ clientId: client.id }, 'mqtt: login session ended, connection closed');
        client.close();
      }
      return ended.length;
    },
    async closeRevokedDrc(liveOf) {
      const drc = [...connected.values()].flatMap((client) => {
        const identity = identityOf(client);
        return identity?.kind === 'drc' ? [{ client, username: identity.username }] : [];
      });
      if (drc.length === 0) return 0;
      const live = await liveOf(drc.map((c) => c.username));
      const revoked = drc.filter(({ username }) => !live.has(username));
      for (const { client } of revoked) {
        log.info({ clientId: client.id }, 'mqtt: DRC credentials revoked or expired, connection closed');
        client.close();
      }
      return revoked.length;
    },
    async close() {
      options.server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/** The address failed logins are throttled by: the socket's, or the client's as Fastify's request.ip finds it behind trusted proxies. */
export function clientAddress(request: IncomingMessage, trustProxy: TrustProxy): string {
  const trust = fastifyTrustProxy(trustProxy);
  return trust === false ? (request.socket.remoteAddress ?? 'unknown') : proxyaddr(request, trust);
}

/** Topics whose next message supersedes the last: the fleet snapshot and a device's OSD. */
function isSnapshot(topic: string): boolean {
  return topic === TOPIC_FLEET || parseDeviceTopic(topic)?.channel === 'osd';
}

/** Turns a refused publish into one nobody receives (acknowledged per its QoS, never retained). */
function dropPublish(packet: PublishPacket) {
  packet.topic = REFUSED_TOPIC;
  packet.retain = false;
  packet.payload = Buffer.alloc(0);
}

/** Counts each connection's publishes in one-second windows. */
class FloodGuard {
  private readonly windows = new WeakMap<Client, { start: number; count: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one publish of `client`; true once it exceeds the rate within the current second. */
  flooding(client: Client): boolean {
    const now = this.now();
    const window = this.windows.get(client);
    if (!window || now - window.start >= 1000) {
      this.windows.set(client, { start: now, count: 1 });
      return false;
    }
    window.count++;
    return window.count > this.perSecond;
  }
}

/** The sub-devices of a valid update_topo (what the connection will speak for), or null for anything else. */
function topologyDevices(payload: Buffer | string): { sn: string; domain: DjiDomain }[] | null {
  try {
    const message = JSON.parse(payload.toString()) as { method?: unknown; data?: unknown };
    if (message.method !== METHOD_UPDATE_TOPO) return null;
    const topo = updateTopoSchema.safeParse(message.data);
    return topo.success ? topo.data.sub_devices.map((d) => ({ sn: d.sn, domain: d.domain })) : null;
  } catch {
    // Not JSON: the gateway service drops, counts and answers it.
    return null;
  }
}
