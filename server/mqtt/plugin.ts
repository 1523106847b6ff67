import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../http/trustProxy';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { resolveToken } from '../auth/plugin';
import { activeSessionIds } from '../auth/tokens';
import { METHOD_FLIGHTTASK_PROGRESS, flighttaskProgressSchema } from '@shared/dji/events';
import type { MissionConfig } from '../config';
import { AlertService } from '../entities/alert/service';
import { dispatchRoutes } from '../entities/task/dispatchRoutes';
import { MissionService } from '../entities/task/missions';
import { TaskScheduler } from '../entities/task/scheduler';
import { createAuthenticator } from './authenticate';
import type { MqttConfig } from './config';
import { createDeviceDirectory } from './domain';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded';
import { connectExternalBroker } from './external';
import { findGatewayCredential } from './gateway/credentials';
import { DjiGateway } from './gateway/service';
import { createDeviceLinkStore, type Binder } from './gateway/store';
import { LiveChannel, type MessageBus } from './liveChannel';
import { SimulatedWeatherProvider, type WeatherProvider } from './weather';

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
  /** Dispatch of tasks to the aircraft and their live progress. */
  missions: MissionService;
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
    let sessionCheck: NodeJS.Timeout | undefined;
    let scheduler: TaskScheduler | undefined;

    app.addHook('onReady', async () => {
      if (config.url) {
        bus = await connectExternalBroker(config.url, { username: config.user, password: config.password, log });
      } else {
        broker = await startEmbeddedBroker({
          server: app.server,
          wsPath: config.wsPath,
          tcpPort: config.tcpPort,
          tcpHost: config.tcpHost,
          trustProxy: options.trustProxy ?? false,
          authenticate: createAuthenticator({
            staticUser: config.user,
            staticPassword: config.password,
            resolveToken: (token) => resolveToken(app, token),
            findCredential: (username) => findGatewayCredential(app.db, username),
          }),
          // A Pilot 2 connection may not pose as a registered dock, nor speak for one.
          mayClaimGateway: async (_identity, sn) => (await store.registeredDocks([sn])).length === 0,
          mayDeclare: async (_identity, serials) => (await store.registeredDocks(serials)).length === 0,
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
              .catch((error: unknown) => log.warn({ err: error }, 'mqtt: session check failed')),
          config.sessionCheckMs,
        );
        sessionCheck.unref();
      }
      const liveBus = bus;
      channel = new LiveChannel({ bus, directory, weather, sysinfoIntervalMs: config.sysinfoIntervalMs, deviceTimeoutMs: config.deviceTimeoutMs, log });
      gateway = new DjiGateway({
        bus,
        channel,
        store,
        alerts: new AlertService(app.db, () => liveBus, log),
        platform: {
          appId: dji.appId,
          appKey: dji.appKey,
          appLicense: dji.appLicense,
          ntpServerHost: dji.ntpServerHost,
          organizationId: 'default',
          organizationName: dji.platformName,
        },
        binderOf: (sn) => binderOf(broker, sn),
        offlineAfterMs: config.deviceTimeoutMs,
        log,
      });
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
      scheduler = new TaskScheduler(app.db, missions, log);
      await channel.start();
      await gateway.start();
      scheduler.start(options.missions.schedulerIntervalMs);
      app.mqtt = {
        mode: config.url ? 'external' : 'embedded',
        bus,
        channel,
        gateway,
        missions,
        broker,
        describe(baseUrl) {
          if (config.url) return `MQTT: external broker ${redact(config.url)} (sysinfo published there, devices read from it)`;
          const ws = baseUrl.replace(/^http/, 'ws').replace(/\/$/, '') + config.wsPath;
          const tcp = broker?.tcpAddress ? `   TCP: mqtt://localhost:${broker.tcpAddress.port}` : '';
          return `MQTT: ${ws} (embedded broker)${tcp}`;
        },
      };
    });

    // preClose: websocket clients must be gone before the HTTP server waits for its connections to end.
    app.addHook('preClose', async () => {
      clearInterval(sessionCheck);
      await scheduler?.stop();
      gateway?.stop();
      await channel?.stop();
      await broker?.close();
      if (config.url) await bus?.close();
    });
  },
  { name: 'skyline-mqtt', dependencies: ['skyline-auth'] },
);

/** Who vouches for a gateway's unknown devices: its signed-in pilot or the registered dock; nobody on an external broker. */
function binderOf(broker: EmbeddedBroker | undefined, gatewaySn: string): Binder | null {
  const identity = broker?.gateway(gatewaySn);
  if (!identity) return null;
  return identity.pilot ? { by: 'pilot', ...identity.pilot } : { by: 'dock', sn: gatewaySn };
}

/** The port this server listens on (the default base of the wayline links when PUBLIC_URL is unset). */
function listeningPort(app: FastifyInstance): number {
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
