import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../http/trustProxy';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { resolveToken } from '../auth/plugin';
import { activeSessionIds } from '../auth/tokens';
import { ConformanceMonitor } from '../conformance/monitor';
import { AlertService } from '../entities/alert/service';
import { FlightRecorder } from '../flightRecords/recorder';
import { saveFlightRecord } from '../flightRecords/store';
import { METHOD_FLIGHTTASK_PROGRESS, flighttaskProgressSchema } from '@shared/dji/events';
import type { MissionConfig } from '../config';
import { dispatchRoutes } from '../entities/task/dispatchRoutes';
import { MissionService } from '../entities/task/missions';
import { attachDockMedia } from '../media/dock';
import { TaskScheduler } from '../entities/task/scheduler';
import { createClaimCheck } from '../devices/topology/claimCheck';
import { createAuthenticator } from './authenticate';
import type { MqttConfig } from './config';
import { BrowserScope } from './browserScope';
import { createDeviceDirectory } from './domain';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded';
import { DynsecControl } from './dynsec/control';
import { DynsecCredentials } from './dynsec/credentials';
import { connectExternalBroker } from './external';
import { findGatewayCredential } from './gateway/credentials';
import { DjiGateway } from './gateway/service';
import { createDeviceLinkStore, type Binder } from './gateway/store';
import { RedisLease } from './lease';
import { boundedRedis, closeRedis } from '../redis/connect';
import { LiveChannel, type MessageBus } from './liveChannel';
import { shareBrokerThroughRedis, type SharedBroker } from './redisShared';
import { SimulatedWeatherProvider, type WeatherProvider } from './weather';

/** Term of the sysinfo lease (REDIS_URL): an instance that dies is replaced as sysinfo publisher within this. */
export const SYSINFO_LEASE_MS = 3_000;

export interface MqttPluginOptions {
  config: MqttConfig;
  missions: MissionConfig;
  /** The server's token secret: signs the wayline download links handed to devices. */
  signingSecret: string;
  weather?: WeatherProvider;
  /** Behind a reverse proxy (TRUST_PROXY=1): a websocket client's address is the one the proxy appended to X-Forwarded-For. */
  /** Which X-Forwarded-For hops to believe for a websocket client's address (as for HTTP). */
  trustProxy?: TrustProxy;
}

export interface MqttHandle {
  mode: 'embedded' | 'external';
  bus: MessageBus;
  channel: LiveChannel;
  gateway: DjiGateway;
  /** Automatic flight records from the gateway's aircraft reports. */
  recorder: FlightRecorder;
  /** Live conformance monitoring of every flying aircraft (server/conformance/). */
  conformance: ConformanceMonitor;
  /** Dispatch of tasks to the aircraft and their live progress. */
  missions: MissionService;
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
    const directory = createDeviceDirectory(app.db as unknown as Kysely<unknown>, log);
    const store = createDeviceLinkStore(app.db);
    const weather = options.weather ?? new SimulatedWeatherProvider();
    let bus: MessageBus | undefined;
    let broker: EmbeddedBroker | undefined;
    let channel: LiveChannel | undefined;
    let gateway: DjiGateway | undefined;
    let recorder: FlightRecorder | undefined;
    let conformance: ConformanceMonitor | undefined;
    let sessionCheck: NodeJS.Timeout | undefined;
    let leaseRedis: Redis | undefined;
    let lease: RedisLease | undefined;
    let shared: SharedBroker | undefined;
    let credentials: DynsecCredentials | undefined;

    // The monitor caches plans, their applications and routes, and the no-fly features: a change to any reloads it.
    app.addHook('onResponse', async (request, reply) => {
      if (conformance && request.method !== 'GET' && reply.statusCode < 400 && CONFORMANCE_INPUTS.test(request.url))
        void conformance.refresh().catch((err: unknown) => request.log.warn({ err }, 'conformance monitor reload failed'));
    });
    let scheduler: TaskScheduler | undefined;

    app.addHook('onReady', async () => {
      const { redisUrl, redisKeyPrefix } = app.config;
      if (redisUrl) {
        // Several instances: one at a time publishes sysinfo/*, the holder of this lease.
        leaseRedis = boundedRedis(redisUrl, app.config.redisTimeoutMs);
        leaseRedis.on('error', (error: Error) => log.warn({ err: error }, 'redis: connection problem'));
        lease = new RedisLease(leaseRedis, `${redisKeyPrefix}sysinfo-lease`, SYSINFO_LEASE_MS, log);
        await lease.start();
      }
      if (config.url) {
        bus = await connectExternalBroker(config.url, { username: config.user, password: config.password, log });
        if (config.dynsec && config.user) {
          const provisioned = new DynsecCredentials({
            control: await DynsecControl.open(bus),
            db: app.db,
            store,
            subDevicesOf: (sn) => gateway?.subDevicesOf(sn) ?? [],
            log,
          });
          // Before the device topics are subscribed: the server's own account gets its full access here.
          await provisioned.start(config.user);
          credentials = provisioned;
          app.grants.listen(async () => {
            // Nothing once the server is stopping.
            await credentials?.reconcile();
          });
          // Expired sessions end without any request: a periodic re-sync removes their accounts.
          sessionCheck = setInterval(
            () => void provisioned.reconcile().catch((error: unknown) => log.warn({ err: error }, 'mqtt: dynamic security re-sync failed')),
            config.sessionCheckMs,
          );
          sessionCheck.unref();
        }
      } else {
        const browserScope = new BrowserScope(app.db);
        if (redisUrl) shared = await shareBrokerThroughRedis(redisUrl, redisKeyPrefix);
        const authenticate = createAuthenticator({
          staticUser: config.user,
          staticPassword: config.password,
          resolveToken: (token) => resolveToken(app, token),
          findCredential: (username) => findGatewayCredential(app.db, username),
        });
        broker = await startEmbeddedBroker({
          server: app.server,
          wsPath: config.wsPath,
          tcpPort: config.tcpPort,
          tcpHost: config.tcpHost,
          trustProxy: options.trustProxy ?? false,
          // A browser's device scope is known before its first message can be forwarded.
          authenticate: async (username, password) => {
            const result = await authenticate(username, password);
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
        sessionCheck = setInterval(
          () =>
            void embedded
              .closeEndedSessions((ids) => activeSessionIds(app.db, ids))
              .then(() => browserScope.refresh(embedded.browserSessions()))
              .catch((error: unknown) => log.warn({ err: error }, 'mqtt: session check failed')),
          config.sessionCheckMs,
        );
        sessionCheck.unref();
      }
      const liveBus = bus;
      const sysinfoLease = lease;
      channel = new LiveChannel({
        bus,
        directory,
        weather,
        sysinfoIntervalMs: config.sysinfoIntervalMs,
        deviceTimeoutMs: config.deviceTimeoutMs,
        log,
        ...(sysinfoLease ? { publishes: () => sysinfoLease.held() } : {}),
      });
      const alerts = new AlertService(app.db, () => liveBus, log, app.hms);
      // Brokers sharing messages through Redis: a device's messages are acted on by the instance it is connected to.
      const sharedBroker = shared ? broker : undefined;
      gateway = new DjiGateway({
        bus,
        channel,
        store,
        alerts,
        platform: {
          appId: dji.appId,
          appKey: dji.appKey,
          appLicense: dji.appLicense,
          ntpServerHost: dji.ntpServerHost,
          organizationId: 'default',
          organizationName: dji.platformName,
        },
        binderOf: (sn) => binderOf(broker, sn),
        ...(credentials ? { topologyChanged: credentials.topologyChanged.bind(credentials) } : {}),
        ...(sharedBroker ? { isLocal: (sn: string) => sharedBroker.gateway(sn) !== undefined } : {}),
        offlineAfterMs: config.deviceTimeoutMs,
        log,
      });
      const flights = new FlightRecorder({
        save: (flight) => saveFlightRecord(app.db, flight),
        pilotOf: (gatewaySn) => broker?.gateway(gatewaySn)?.pilot?.userId ?? null,
        log,
      });
      recorder = flights;
      gateway.onAircraftSample((sample) => flights.onSample(sample));
      flights.start();
      const monitor = new ConformanceMonitor({ db: app.db, alerts, settings: app.config.conformance, margins: app.config.airspace, log });
      conformance = monitor;
      gateway.onAircraftSample((sample) => monitor.onSample(sample));
      const missions = new MissionService({
        db: app.db,
        link: gateway,
        weather,
        routes: dispatchRoutes(app.db),
        publicUrl: () => options.missions.publicUrl ?? `http://127.0.0.1:${listeningPort(app)}`,
        linkSecret: options.signingSecret,
        waylineUrlTtlSeconds: options.missions.waylineUrlTtlSeconds,
        publish: (topic, payload) => liveBus.publish(topic, payload, { retain: false, qos: 1 }),
        offlineAfterMs: config.deviceTimeoutMs,
        replyTimeoutMs: options.missions.replyTimeoutMs,
        batteryReservePct: options.missions.batteryReservePct,
        log,
      });
      gateway.onEventMethod(METHOD_FLIGHTTASK_PROGRESS, flighttaskProgressSchema, (gatewaySn, data, envelope) =>
        missions.onProgress(gatewaySn, data, envelope),
      );
      if (app.media) attachDockMedia(gateway, app.db, app.media, log);
      scheduler = new TaskScheduler(app.db, missions, log);
      await channel.start();
      await gateway.start();
      await monitor.start();
      scheduler.start(options.missions.schedulerIntervalMs);
      app.mqtt = {
        mode: config.url ? 'external' : 'embedded',
        bus,
        channel,
        gateway,
        recorder: flights,
        conformance: monitor,
        missions,
        credentials,
        broker,
        describe(baseUrl) {
          if (config.url)
            return `MQTT: external broker ${redact(config.url)} (sysinfo published there, devices read from it${credentials ? '; accounts by dynamic security' : ''})`;
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
      await scheduler?.stop();
      gateway?.stop();
      await recorder?.stop();
      await conformance?.stop();
      await channel?.stop();
      // Handing the lease back lets another instance take over sysinfo at once.
      await lease?.stop();
      // The persistence unsubscribes the broker from the shared emitter, which aedes closes with itself: persistence first.
      await shared?.close().catch((error: unknown) => log.warn({ err: error }, 'redis: broker persistence did not close cleanly'));
      await broker?.close();
      if (leaseRedis) await closeRedis(leaseRedis);
      if (config.url) await bus?.close();
    });
  },
  { name: 'skyline-mqtt', dependencies: ['skyline-auth', 'skyline-hms'] },
);

/** The API paths whose writes change what conformance is judged against (plans, applications, routes, features). */
const CONFORMANCE_INPUTS = /^\/api\/(Airspace\/(Plan|Apply)|Route|Feature)\//;

/** Who vouches for a gateway's unknown devices: its signed-in pilot or the registered dock; nobody on an external broker. */
function binderOf(broker: EmbeddedBroker | undefined, gatewaySn: string): Binder | null {
  const identity = broker?.gateway(gatewaySn);
  if (!identity) return null;
  return identity.pilot ? { by: 'pilot', ...identity.pilot } : { by: 'dock', sn: gatewaySn };
}

/** The port this server listens on (the default base of the wayline links when PUBLIC_URL is unset). */
export function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : app.config.port;
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
