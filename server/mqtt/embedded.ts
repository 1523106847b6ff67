import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Aedes, AedesPublishPacket, AuthenticateError, Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { canPublish, canSubscribe, type BrokerIdentity } from './acl';
import type { MessageBus } from './liveChannel';
import { SERIAL_PATTERN } from '@shared/live';

export interface EmbeddedBrokerOptions {
  server: Server;
  wsPath: string;
  tcpPort?: number;
  tcpHost: string;
  /** Decides who connects; null refuses the connection (bad username or password). */
  authenticate(username: string, password: string): Promise<BrokerIdentity | null>;
  onDeviceConnected?(sn: string): void;
  onDeviceDisconnected?(sn: string): void;
  log: { debug(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export interface EmbeddedBroker {
  aedes: Aedes;
  bus: MessageBus;
  tcpAddress?: net.AddressInfo;
  /** Closes the browser connections whose login session is no longer active; returns how many. */
  closeEndedWebSessions(activeOf: (sessionIds: string[]) => Promise<Set<string>>): Promise<number>;
  close(): Promise<void>;
}

const identities = new WeakMap<Client, BrokerIdentity>();
export const identityOf = (client: Client | null) => (client ? identities.get(client) : undefined);

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
  const aedes = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    authenticate(client, username, password, done) {
      options
        .authenticate(username ?? '', password ? password.toString('utf8') : '')
        .then((identity) => {
          if (!identity) {
            log.debug({ clientId: client.id, username }, 'mqtt: connection refused (bad credentials)');
            return done(authError(), false);
          }
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
      const identity = identityOf(client);
      if (!client) return done(null);
      if (!identity || !canPublish(identity, packet.topic)) {
        log.debug({ clientId: client.id, topic: packet.topic }, 'mqtt: publish refused by ACL');
        return done(new Error(`publish to ${packet.topic} not allowed`));
      }
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identityOf(client);
      if (!identity || !canSubscribe(identity, subscription.topic)) {
        log.debug({ clientId: client.id, topic: subscription.topic }, 'mqtt: subscription refused by ACL');
        // null subscription: SUBACK 0x80 for this filter, the connection stays up.
        return done(null, null);
      }
      done(null, subscription);
    },
  });

  /** Connected browsers with their login session. */
  const webClients = new Map<Client, string>();
  aedes.on('clientReady', (client) => {
    const identity = identityOf(client);
    if (identity?.kind === 'device') options.onDeviceConnected?.(identity.sn);
    if (identity?.kind === 'web') webClients.set(client, identity.sessionId);
  });
  aedes.on('clientDisconnect', (client) => {
    const identity = identityOf(client);
    if (identity?.kind === 'device') options.onDeviceDisconnected?.(identity.sn);
    webClients.delete(client);
  });
  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error.message }, 'mqtt: client error'));
  aedes.on('connectionError', (client, error) => log.debug({ clientId: client?.id, err: error.message }, 'mqtt: connection error'));

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 256 * 1024 });
  wss.on('connection', (socket, request: IncomingMessage) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
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
    const tcpServer = net.createServer((socket) => aedes.handle(socket));
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
    async closeEndedWebSessions(activeOf) {
      if (webClients.size === 0) return 0;
      const active = await activeOf([...new Set(webClients.values())]);
      const ended = [...webClients].filter(([, sessionId]) => !active.has(sessionId));
      for (const [client] of ended) {
        log.debug({ clientId: client.id }, 'mqtt: login session ended, connection closed');
        client.close();
      }
      return ended.length;
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

/** Constant-time comparison of secrets (hashed first so lengths never leak). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Username/password → identity for the embedded broker (see docs/mqtt.md "Authentication"). */
export function createAuthenticator(options: {
  staticUser?: string;
  staticPassword?: string;
  deviceSecret: string;
  resolveToken(token: string): Promise<{ userId: number; username: string; sessionId: string } | null>;
}) {
  return async (username: string, password: string): Promise<BrokerIdentity | null> => {
    if (!username || !password) return null;
    if (options.staticUser && options.staticPassword && username === options.staticUser && sameSecret(password, options.staticPassword)) {
      return { kind: 'service', username };
    }
    // Login tokens are JWTs (three dot-separated parts); anything else can only be a device secret.
    if (password.split('.').length === 3) {
      const session = await options.resolveToken(password);
      if (session && session.username === username) return { kind: 'web', username, userId: session.userId, sessionId: session.sessionId };
      return null;
    }
    if (SERIAL_PATTERN.test(username) && sameSecret(password, options.deviceSecret)) return { kind: 'device', sn: username };
    return null;
  };
}
