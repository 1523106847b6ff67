import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { GrantChanges, localAuthCache, sharedAuthCache } from './rbac/grantCache';
import { instanceChannels } from './domain/sharedChannel';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './auth/plugin';
import authRoutes from './auth/routes';
import type { ServerConfig } from './config';
import { openDatabase, waitForDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import mqttPlugin from './mqtt/plugin';
import alertsPlugin from './entities/alert/plugin';
import noticesPlugin from './entities/notice/plugin';
import conformancePlugin from './conformance/plugin';
import flightRecordsPlugin from './flightRecords/plugin';
import safetyPlugin from './safety/plugin';
import missionsPlugin from './entities/task/plugin';
import schedulerPlugin from './entities/task/schedulerPlugin';
import mediaPlugin from './media/plugin';
import mediaDockPlugin from './media/dockPlugin';
import hmsPlugin from './hms/plugin';
import livePlugin from './livestream/plugin';
import remotePlugin from './remote/plugin';
import { capConnectionsPerAddress, closeConnectionsAsTheyIdle, closeUnknownUpgrades, httpTimeoutOptions } from './http/connections';
import { rateLimited, registerErrorEnvelope } from './http/envelope';
import { registerInputGuards } from './http/inputGuards';
import { fastifyTrustProxy } from './http/trustProxy';
import { loadSigningSecret } from './auth/tokens';
import { ensureAdmin, type AdminAccount } from './seed/admin';
import platformApi, { registerOpenApi } from './api';
import uploadsRoutes from './api/uploads';
import { ensureRbac, loadUserRoles } from './rbac/permissions';
import { seedDemoIfEmpty, type DemoPasswords } from './seed/demo';
import tilesRoutes from './tiles/routes';
import pilotPlugin from './pilot/plugin';
import { PILOT_WS_PATH } from './pilot/ws';
import type { WeatherProvider } from './mqtt/weather';
import { DomainEvents } from './domain/events';
import { boundedRedis, closeRedis } from './redis/connect';
import { failoverRateLimitStore } from './redis/rateLimitStore';
import { RedisWatch } from './redis/watch';
import healthRoutes from './api/health';

export interface ServerHandle {
  app: FastifyInstance;
  database: DatabaseHandle;
  admin: AdminAccount;
  /** Set when this start created the demo data (fresh database): each demo account's generated password, shown once. */
  demoPasswords: DemoPasswords | null;
}

/** Overrides of the configuration's limits and seeding (tests raise the rate limits). */
export type BuildOptions = Partial<Pick<ServerConfig, 'apiRateLimit' | 'loginRateLimit' | 'demoSeed'>> & {
  /** Where the weather comes from (by default the provider WEATHER names); tests inject an unflyable sky. */
  weather?: WeatherProvider;
};

export async function buildServer(baseConfig: ServerConfig, options: BuildOptions = {}): Promise<ServerHandle> {
  const { weather, ...overrides } = options;
  const config: ServerConfig = { ...baseConfig, ...overrides };
  const app = Fastify({
    logger: { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...httpTimeoutOptions(config.http),
  });
  const database = openDatabase({
    ...config,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
  });
  await waitForDatabase(database, { connectTimeoutMs: config.databaseConnectTimeoutMs, waitMs: config.databaseStartupWaitMs, log: app.log }).catch(
    async (error: unknown) => {
      await database.db.destroy();
      throw error;
    },
  );
  await migrateToLatest(database);
  const admin = await ensureAdmin(database.db, config.adminPassword);
  await ensureRbac(database.db);
  const demoPasswords = config.demoSeed ? await seedDemoIfEmpty(database.db) : null;
  const secret = await loadSigningSecret(database.db, config.jwtSecret);

  capConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress);
  app.addHook('preClose', async () => closeConnectionsAsTheyIdle(app.server));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.addHook('onClose', async () => database.db.destroy());
  const redis = config.redisUrl ? boundedRedis(config.redisUrl, config.redisTimeoutMs) : undefined;
  const redisWatch = redis ? new RedisWatch(redis, app.log) : undefined;
  if (redis && redisWatch) {
    // ioredis reports every failed reconnect; the watch logs an outage once, and its end.
    redis.on('error', (error: Error) => redisWatch.failed(error));
    app.addHook('onClose', async () => {
      redisWatch.close();
      await closeRedis(redis);
    });
  }
  // Instances tell each other of changes through Redis, else through PostgreSQL's LISTEN/NOTIFY; on SQLite it is alone.
  const joinInstances = instanceChannels(
    { redis: config.redisUrl ? { url: config.redisUrl, keyPrefix: config.redisKeyPrefix, timeoutMs: config.redisTimeoutMs } : undefined, database },
    app.log,
  );
  // A permission check reads the database only while this instance can hear every change to grants.
  const authCache = joinInstances ? sharedAuthCache(joinInstances) : localAuthCache();
  app.decorate('authCache', authCache);
  app.decorate('grants', new GrantChanges(authCache, app.log));
  app.addHook('onClose', async () => authCache.close());
  const domainEvents = new DomainEvents(app.log);
  if (joinInstances) domainEvents.share(joinInstances);
  app.decorate('domainEvents', domainEvents);
  app.addHook('onClose', async () => domainEvents.close());
  registerErrorEnvelope(app);
  registerInputGuards(app);

  // An external media server's players' requests (live video; docs/live-video.md).
  const externalMediaOrigins = [config.live.externalPlayUrl, config.live.externalHlsUrl].flatMap((url) => (url ? [new URL(url).origin] : []));
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Online base-map tiles come from whatever tile server static/config.json names.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...externalMediaOrigins],
        // Live video plays through Media Source Extensions (a blob: URL), or natively from an external HLS server (Safari).
        mediaSrc: ["'self'", 'blob:', ...externalMediaOrigins],
        // mqtt.js keeps its keepalive timer in a blob: worker, so background tabs are not throttled into a disconnect.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(authPlugin, { secret, tokenLifetimeSeconds: config.sessionMaxAgeSeconds });
  await app.register(mediaPlugin, { orphanAgeMs: config.uploadOrphanAgeMs });
  await app.register(hmsPlugin, { config: config.hms, dataDir: config.dataDir });
  closeUnknownUpgrades(app.server, [PILOT_WS_PATH, ...(config.mqtt.enabled && !config.mqtt.url ? [config.mqtt.wsPath] : [])]);
  await app.register(alertsPlugin);
  await app.register(mqttPlugin, { config: config.mqtt, trustProxy: config.trustProxy, weather, redis: redisWatch });
  await app.register(mediaDockPlugin);
  await app.register(noticesPlugin);
  // Domain services on the device link, each a plugin of its own (docs/architecture.md "The device link").
  await app.register(missionsPlugin, { signingSecret: secret });
  await app.register(schedulerPlugin);
  await app.register(flightRecordsPlugin);
  await app.register(conformancePlugin);
  await app.register(safetyPlugin);
  await app.register(livePlugin, { config: config.live, secret });
  await app.register(remotePlugin, { signingSecret: secret });

  await app.register(pilotPlugin, { secret });
  // The device link subscribes to the devices once every plugin above registered its capabilities and listeners
  // (their onReady hooks run first, in registration order), so no device message finds its capability missing.
  app.addHook('onReady', async () => {
    await app.mqtt?.gateway.start();
  });

  await app.register(
    async (api) => {
      await api.register(fastifyRateLimit, {
        max: config.apiRateLimit,
        timeWindow: 60_000,
        // With REDIS_URL the counters (the login limit's too) are shared by every instance while Redis answers, and
        // counted per instance while it does not.
        ...(redis && redisWatch ? { store: failoverRateLimitStore(redis, redisWatch, `${config.redisKeyPrefix}rate-limit:`) } : {}),
        errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
      });
      // API answers carry personal data and secrets (the login answer, /logininfo/, users, /djiconf/): no cache keeps
      // them. A route that sets its own Cache-Control (a signed media file) keeps it.
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
        return payload;
      });
      await registerOpenApi(api);
      await api.register(healthRoutes, { redis: redisWatch });
      await api.register(authRoutes, {
        tokenTtlSeconds: config.tokenTtlSeconds,
        sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
        loginRateLimit: { max: config.loginRateLimit, timeWindow: 60_000 },
        rolesOf: (userId) => loadUserRoles(app.db, userId),
      });
      await api.register(platformApi, { signingSecret: secret });
    },
    { prefix: '/api' },
  );

  await app.register(uploadsRoutes, { dataDir: config.dataDir, orphanAgeMs: config.uploadOrphanAgeMs });
  await app.register(tilesRoutes, { dataDir: config.dataDir });
  await app.register(fastifyStatic, {
    // static/ first: its config.json is edited per deployment and must win over anything built.
    root: [config.staticDir, config.distDir],
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.startsWith(path.join(config.distDir, 'assets') + path.sep);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return { app, database, admin, demoPasswords };
}
