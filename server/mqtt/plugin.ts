import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../http/trustProxy';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { resolveToken } from '../auth/plugin';
import { activeSessionIds } from '../auth/tokens';
import { createClaimCheck, createGatewayClaimCheck } from '../devices/topology/claimCheck';
import { createAuthenticator } from './authenticate';
import type { MqttConfig } from './config';
import { BrowserScope } from './browserScope';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded';
import { DynsecControl } from './dynsec/control';
import { DynsecCredentials } from './dynsec/credentials';
import { ScopedSysinfoBus } from './scopedSysinfo';
import { connectExternalBroker, type ExternalBus } from './external';
import { findDrcCredential, liveDrcUsernames } from './drcCredentials';
import { tasksFlownBySerial } from '../entities/task/missions';
import { findGatewayCredential } from './gateway/credentials';
import { DjiGateway } from './gateway/service';
import { SharedLive } from './gateway/sharedLive';
import { SharedTopology } from './gateway/sharedTopology';
import { createDeviceStore, type Binder } from '../devices/store';
import { RedisLease } from './lease';
import { ClusterMembership } from './membership';
import { boundedRedis, closeRedis } from '../redis/connect';
import { GRANT_TABLES } from '../rbac/grantCache';
import type { RedisWatch } from '../redis/watch';
import { LiveChannel, type MessageBus } from './liveChannel';
import { shareBrokerThroughRedis, type SharedBroker } from './redisShared';
import { SharedPresence } from './sharedPresence';
import { listProjectAreas, weatherProviderFor, type WeatherProvider } from './weather';

/** Term of the sysinfo lease (REDIS_URL): an instance that dies is replaced as sysinfo publisher within this. */
export const SYSINFO_LEASE_MS = 3_000;
/**
 * Term of an instance's membership (external broker with REDIS_URL): a killed instance's gateways go to the others
 * within this and a third of it (renewal), plus their SUBACK.
 */
export const MEMBER_TERM_MS = 6_000;

/**
 * The tables a browser's data scope is read from (server/mqtt/browserScope.ts loadSessionScope): who the user is and
 * what its roles grant, and which devices and projects its departments hold. A committed change of any of them
 * re-reads the connected browsers' scopes at once, on every instance (domain events), not at the next session check.
 */
const SCOPE_INPUTS: ReadonlySet<string> = new Set(['users', 'roles', 'departments', 'devices', 'projects']);

export interface MqttPluginOptions {
  config: MqttConfig;
  weather?: WeatherProvider;
  /** Behind a reverse proxy (TRUST_PROXY=1): a websocket client's address is the one the proxy appended to X-Forwarded-For. */
  /** Which X-Forwarded-For hops to believe for a websocket client's address (as for HTTP). */
  trustProxy?: TrustProxy;
  /** Whether Redis answers now (REDIS_URL). */
  redis?: RedisWatch;
}

export interface MqttHandle {
  mode: 'embedded' | 'external';
  bus: MessageBus;
  channel: LiveChannel;
  /** The DJI device link: capabilities register on it (docs/architecture.md "The device link"). */
  gateway: DjiGateway;
  /** The weather sysinfo/weather publishes (and missions check before a flight). */
  weather: WeatherProvider;
  /** Per-session and per-device accounts on the external broker (MQTT_DYNSEC=1 only). */
  credentials?: DynsecCredentials;
  /** The embedded broker (undefined with MQTT_URL). */
  broker?: EmbeddedBroker;
  /** One line for the start-up banner. */
  describe(baseUrl: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: MqttHandle | null;
  }
}

/**
 * The live channel: embedded aedes on this server's HTTP listener at /mqtt (or a client of MQTT_URL), the DJI device
 * gateway, device presence and the sysinfo publishers. Starts when the server is ready and stops with it.
 */
export default fp(
  async (app: FastifyInstance, options: MqttPluginOptions) => {
    const { config } = options;
    // App identity handed to devices (their `config` request).
    const { dji } = app.config;
    app.decorate('mqtt', null);
    if (!config.enabled) return;
    const log = app.log.child({ module: 'mqtt' });
    const store = createDeviceStore(app.db);
    const weather = options.weather ?? weatherProviderFor(app.config.weather);
    let bus: MessageBus | undefined;
    let broker: EmbeddedBroker | undefined;
    let channel: LiveChannel | undefined;
    let gateway: DjiGateway | undefined;
    let sessionCheck: NodeJS.Timeout | undefined;
    let leaseRedis: Redis | undefined;
    let lease: RedisLease | undefined;
    let shared: SharedBroker | undefined;
    let credentials: DynsecCredentials | undefined;
    let sharedTopology: SharedTopology | undefined;
    let membership: ClusterMembership | undefined;
    let sharedLive: SharedLive | undefined;

    app.addHook('onReady', async () => {
      const { redisUrl, redisKeyPrefix } = app.config;
      if (redisUrl) {
        // Several instances: one at a time publishes sysinfo/*, the holder of this lease.
        leaseRedis = boundedRedis(redisUrl, app.config.redisTimeoutMs);
        leaseRedis.on('error', (error: Error) => log.warn({ err: error }, 'redis: connection problem'));
        lease = new RedisLease(leaseRedis, `${redisKeyPrefix}sysinfo-lease`, SYSINFO_LEASE_MS, log);
        await lease.start();
      }
      let external: ExternalBus | undefined;
      if (config.url) {
        external = await connectExternalBroker(config.url, { username: config.user, password: config.password, log });
        bus = external;
        if (config.dynsec && config.user) {
          // Browsers whose scope is not `all` read their scope's share of sysinfo on its own topics.
          const scoped = new ScopedSysinfoBus(external, log);
          await scoped.start();
          bus = scoped;
          const provisioned = new DynsecCredentials({
            control: await DynsecControl.open(external),
            db: app.db,
            store,
            subDevicesOf: (sn) => gateway?.subDevicesOf(sn) ?? [],
            scopes: scoped,
            log,
          });
          // Before the device topics are subscribed: the server's own account gets its full access here.
          await provisioned.start(config.user);
          credentials = provisioned;
          app.grants.listen(async () => {
            // Nothing once the server is stopping.
            await credentials?.reconcile();
          });
          // A device or project moved to another department changes who may read its topics (the browsers' roles); a
          // write of users, roles or departments re-synced already, as a grant change.
          app.domainEvents.onChange((change) =>
            SCOPE_INPUTS.has(change.table) && !GRANT_TABLES.includes(change.table) ? credentials?.reconcile() : undefined,
          );
          // Expired sessions end without any request: a periodic re-sync removes their accounts.
          sessionCheck = setInterval(
            () => void provisioned.reconcile().catch((error: unknown) => log.warn({ err: error }, 'mqtt: dynamic security re-sync failed')),
            config.sessionCheckMs,
          );
          sessionCheck.unref();
        }
      } else {
        const browserScope = new BrowserScope(app.db);
        if (redisUrl) shared = shareBrokerThroughRedis({ url: redisUrl, keyPrefix: redisKeyPrefix, timeoutMs: app.config.redisTimeoutMs, log });
        const authenticate = createAuthenticator({
          staticUser: config.user,
          staticPassword: config.password,
          resolveToken: (token) => resolveToken(app, token),
          findCredential: (username) => findGatewayCredential(app.db, username),
          findDrcCredential: (username) => findDrcCredential(app.db, username),
        });
        broker = await startEmbeddedBroker({
          server: app.server,
          wsPath: config.wsPath,
          tcpPort: config.tcpPort,
          tcpHost: config.tcpHost,
          trustProxy: options.trustProxy ?? false,
          // A browser's device scope is known before its first message can be forwarded.
          authenticate: async (username, password, clientId) => {
            const result = await authenticate(username, password, clientId);
            if ('identity' in result && result.identity.kind === 'web') await browserScope.load(result.identity.sessionId, result.identity.userId);
            return result;
          },
          narrow: (sessionId, topic, payload) => browserScope.narrow(sessionId, topic, payload),
          shared,
          // A gateway connection speaks only for the devices it may (issue 27: registered devices belong to their department).
          ...createClaimCheck(app.db, store, log),
          onGatewayDisconnected: (sn) => gateway?.gatewayDisconnected(sn),
          log,
        });
        bus = broker.bus;
        // Sessions live in the database, so a logout on any instance closes this instance's connections too.
        const embedded = broker;
        app.domainEvents.onChange((change) => (SCOPE_INPUTS.has(change.table) ? browserScope.refresh(embedded.browserSessions()) : undefined));
        sessionCheck = setInterval(
          () =>
            void embedded
              .closeEndedSessions((ids) => activeSessionIds(app.db, ids))
              .then(() => embedded.closeRevokedDrc((usernames) => liveDrcUsernames(app.db, usernames)))
              .then(() => browserScope.refresh(embedded.browserSessions()))
              .catch((error: unknown) => log.warn({ err: error }, 'mqtt: session check failed')),
          config.sessionCheckMs,
        );
        sessionCheck.unref();
      }
      const sysinfoLease = lease;
      // Embedded brokers cut off from each other while Redis does not answer: each publishes sysinfo/* to its own
      // browsers, from what it sees itself, until Redis answers again and the lease holder alone publishes.
      const relayWatch = shared ? options.redis : undefined;
      // Instances on one external broker split the devices' messages (shared subscriptions); what each needs of the
      // others' share (topologies, presence) goes through Redis (docs/mqtt.md, Scale-out).
      const splitting = external && redisUrl && leaseRedis ? { redis: leaseRedis, url: redisUrl, subscriptions: external } : undefined;
      if (splitting) {
        const { redisTimeoutMs: timeoutMs } = app.config;
        sharedTopology = new SharedTopology({ url: splitting.url, keyPrefix: redisKeyPrefix, timeoutMs, log });
        membership = new ClusterMembership({ redis: splitting.redis, url: splitting.url, keyPrefix: redisKeyPrefix, termMs: MEMBER_TERM_MS, timeoutMs, log });
        await membership.start();
        sharedLive = new SharedLive(splitting.redis, redisKeyPrefix, log);
        sharedLive.start();
      }
      channel = new LiveChannel({
        bus,
        directory: {
          countDevices: (live) => store.countDevices(live),
          recordPresence: (writes) => store.recordPresence(writes),
          listAreas: () => listProjectAreas(app.db),
        },
        weather,
        sysinfoIntervalMs: config.sysinfoIntervalMs,
        deviceTimeoutMs: config.deviceTimeoutMs,
        log,
        tasksFlown: () => tasksFlownBySerial(app.db),
        ...(sysinfoLease ? { publishes: () => sysinfoLease.held() || relayWatch?.state === 'down' } : {}),
        ...(splitting ? { shared: new SharedPresence(splitting.redis, redisKeyPrefix, config.deviceTimeoutMs) } : {}),
      });
      // Brokers sharing messages through Redis: a device's messages are acted on by the instance it is connected to.
      const sharedBroker = shared ? broker : undefined;
      gateway = new DjiGateway({
        bus,
        channel,
        store,
        alerts: app.alerts,
        platform: {
          appId: dji.appId,
          appKey: dji.appKey,
          appLicense: dji.appLicense,
          ntpServerHost: dji.ntpServerHost,
          organizationId: 'default',
          organizationName: dji.platformName,
        },
        binderOf: (sn) => binderOf(broker, sn),
        ...(credentials
          ? {
              topologyChanged: credentials.topologyChanged.bind(credentials),
              // The broker cannot tell which connection published: the claim rules judge the gateway's issued speaker.
              mayDeclare: createGatewayClaimCheck(app.db, store, log).mayDeclare,
            }
          : {}),
        ...(sharedBroker ? { isLocal: (sn: string) => sharedBroker.gateway(sn) !== undefined } : {}),
        ...(splitting && sharedTopology && membership && sharedLive
          ? {
              shared: {
                group: config.shareGroup,
                topology: sharedTopology,
                members: membership,
                subscriptions: splitting.subscriptions,
                live: sharedLive,
              },
            }
          : {}),
        offlineAfterMs: config.deviceTimeoutMs,
        log,
      });
      await channel.start();
      app.mqtt = {
        mode: config.url ? 'external' : 'embedded',
        bus,
        channel,
        gateway,
        weather,
        credentials,
        broker,
        describe(baseUrl) {
          if (config.url)
            return `MQTT: external broker ${redact(config.url)} (sysinfo published there, devices read from it${sharedTopology ? `, each gateway by one instance of the group ${config.shareGroup}` : ''}${credentials ? '; accounts by dynamic security' : ''})`;
          const ws = baseUrl.replace(/^http/, 'ws').replace(/\/$/, '') + config.wsPath;
          const tcp = broker?.tcpAddress ? `   TCP: mqtt://localhost:${broker.tcpAddress.port}` : '';
          return `MQTT: ${ws} (embedded broker)${tcp}`;
        },
      };
    });

    // preClose: websocket clients must be gone before the HTTP server waits for its connections to end.
    app.addHook('preClose', async () => {
      clearInterval(sessionCheck);
      credentials = undefined;
      gateway?.stop();
      // The live state changed since the last flush: the instances taking this one's gateways read it until they hear them.
      await sharedLive?.stop();
      // Leaving the members at once: the others take this instance's gateways without waiting for its term to run out.
      await membership?.stop();
      await channel?.stop();
      // Handing the lease back lets another instance take over sysinfo at once.
      await lease?.stop();
      await broker?.close();
      await sharedTopology?.close();
      if (leaseRedis) await closeRedis(leaseRedis);
      if (config.url) await bus?.close();
    });
  },
  { name: 'skyline-mqtt', dependencies: ['skyline-auth', 'skyline-alerts'] },
);

/** Who vouches for a gateway's unknown devices: its signed-in pilot or the registered dock; nobody on an external broker. */
function binderOf(broker: EmbeddedBroker | undefined, gatewaySn: string): Binder | null {
  const identity = broker?.gateway(gatewaySn);
  if (!identity) return null;
  return identity.pilot ? { by: 'pilot', ...identity.pilot } : { by: 'dock', sn: gatewaySn };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
