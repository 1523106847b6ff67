import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { resolveToken } from '../auth/plugin';
import { activeSessionIds } from '../auth/tokens';
import type { MqttConfig } from './config';
import { createDeviceDirectory } from './domain';
import { createAuthenticator, startEmbeddedBroker, type EmbeddedBroker } from './embedded';
import { connectExternalBroker } from './external';
import { LiveChannel, type MessageBus } from './liveChannel';
import { SimulatedWeatherProvider, type WeatherProvider } from './weather';

export interface MqttPluginOptions {
  config: MqttConfig;
  weather?: WeatherProvider;
}

export interface MqttHandle {
  mode: 'embedded' | 'external';
  channel: LiveChannel;
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
 * The live channel: embedded aedes on this server's HTTP listener at /mqtt (or a client of MQTT_URL), telemetry ingest,
 * device presence and the sysinfo publishers. Starts when the server is ready and stops with it.
 */
export default fp(
  async (app: FastifyInstance, options: MqttPluginOptions) => {
    const { config } = options;
    app.decorate('mqtt', null);
    if (!config.enabled) return;
    const log = app.log.child({ module: 'mqtt' });
    const directory = createDeviceDirectory(app.db as unknown as Kysely<unknown>, log);
    const weather = options.weather ?? new SimulatedWeatherProvider();
    let bus: MessageBus | undefined;
    let broker: EmbeddedBroker | undefined;
    let channel: LiveChannel | undefined;
    let sessionCheck: NodeJS.Timeout | undefined;

    app.addHook('onReady', async () => {
      // The channel refers to itself through the broker callbacks, so it is created first and started last.
      const ref: { channel?: LiveChannel } = {};
      if (config.url) {
        bus = await connectExternalBroker(config.url, { username: config.user, password: config.password, log });
      } else {
        broker = await startEmbeddedBroker({
          server: app.server,
          wsPath: config.wsPath,
          tcpPort: config.tcpPort,
          tcpHost: config.tcpHost,
          authenticate: createAuthenticator({
            staticUser: config.user,
            staticPassword: config.password,
            deviceSecret: config.deviceSecret,
            resolveToken: (token) => resolveToken(app, token),
          }),
          onDeviceConnected: (sn) => ref.channel?.deviceConnected(sn),
          onDeviceDisconnected: (sn) => ref.channel?.deviceDisconnected(sn),
          log,
        });
        bus = broker.bus;
      }
      if (broker) {
        // Sessions live in the database, so a logout on any instance closes this instance's connection too.
        const embedded = broker;
        sessionCheck = setInterval(
          () =>
            void embedded
              .closeEndedWebSessions((ids) => activeSessionIds(app.db, ids))
              .catch((error: unknown) => log.warn({ err: error }, 'mqtt: session check failed')),
          config.sessionCheckMs,
        );
        sessionCheck.unref();
      }
      channel = new LiveChannel({ bus, directory, weather, sysinfoIntervalMs: config.sysinfoIntervalMs, deviceTimeoutMs: config.deviceTimeoutMs, log });
      ref.channel = channel;
      await channel.start();
      const mode = config.url ? 'external' : 'embedded';
      app.mqtt = {
        mode,
        channel,
        broker,
        describe(baseUrl) {
          if (config.url) return `MQTT: external broker ${redact(config.url)} (sysinfo published there, telemetry read from it)`;
          const ws = baseUrl.replace(/^http/, 'ws').replace(/\/$/, '') + config.wsPath;
          const tcp = broker?.tcpAddress ? `   TCP: mqtt://localhost:${broker.tcpAddress.port}` : '';
          return `MQTT: ${ws} (embedded broker)${tcp}`;
        },
      };
    });

    // preClose: websocket clients must be gone before the HTTP server waits for its connections to end.
    app.addHook('preClose', async () => {
      clearInterval(sessionCheck);
      await channel?.stop();
      await broker?.close();
      if (config.url) await bus?.close();
    });
  },
  { name: 'skyline-mqtt', dependencies: ['skyline-auth'] },
);

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
