import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AIRSPACE_RULES, type AirspaceRulesConfig } from '@shared/airspace/types';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './db/database';
import type { HttpLimits } from './http/connections';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import type { ConformanceSettings } from './conformance/rules';
import type { MqttConfig } from './mqtt/config';
import type { MediaConfig } from './media/config';
import { DJI_HMS_URL } from './hms/catalogue';
import type { HmsConfig } from './hms/plugin';
import { WEATHER_SOURCES, type WeatherSource } from './mqtt/weather';

/** What DJI Pilot / MSDK is told to use (GET /api/djiconf/{id}/). */
export interface DjiConfigOptions {
  appId: string;
  appKey: string;
  appLicense: string;
  platformName: string;
  /** NTP server the devices synchronise with (answer to their `config` request). */
  ntpServerHost: string;
  /** Broker address the controller connects to; derived from the request host when unset. */
  mqttHost?: string;
  mqttUsername?: string;
  mqttPassword?: string;
}

/** Dispatching tasks to the aircraft (issue 15). */
export interface MissionConfig {
  /** Base URL the devices download wayline files from; this server's listening address when unset. */
  publicUrl?: string;
  /** How long a flight-task service waits for the device's services_reply (ms). */
  replyTimeoutMs: number;
  /** How often the scheduler looks for due timed tasks (ms); 0 turns it off on this instance. */
  schedulerIntervalMs: number;
  /** Battery kept in reserve on top of the route's estimate when checking an aircraft can fly it (percent). */
  batteryReservePct: number;
  /** How long a signed wayline download URL stays valid (s). */
  waylineUrlTtlSeconds: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at dataDir/skyline.db. */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool. */
  pgPoolSize: number;
  /** PostgreSQL: a connection attempt (also the first one at start-up) fails after this long. */
  databaseConnectTimeoutMs: number;
  /** How long start-up waits for the database to answer, retrying with growing pauses, before it gives up. */
  databaseStartupWaitMs: number;
  adminPassword?: string;
  /** Built SPA (webpack output) and the runtime static files (config.json, images). */
  distDir: string;
  staticDir: string;
  /** A session ends this long after it was last used or refreshed (sliding). */
  tokenTtlSeconds: number;
  /** No refresh takes a session (or its token) past this age: the absolute limit of one sign-in. */
  sessionMaxAgeSeconds: number;
  /** Token signing secret; when unset one is generated once and kept in the database. */
  jwtSecret?: string;
  logLevel: string;
  http: HttpLimits;
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY, see http/trustProxy.ts); the rate limits key on the result. */
  trustProxy: TrustProxy;
  /** Shared state of several instances (rate-limit counters) lives in this Redis when set. */
  redisUrl?: string;
  /** Prefix of every Redis key this deployment writes (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /** A Redis call not answered within this long fails (the caller carries on without Redis). */
  redisTimeoutMs: number;
  /** An upload file no row refers to is removed once it is this old (ms): younger, it may belong to a write in flight. */
  uploadOrphanAgeMs: number;
  /** Requests per minute per client address on /api. */
  apiRateLimit: number;
  /** Login attempts per minute per address and username. */
  loginRateLimit: number;
  /** Seed the demo data on a fresh database. */
  demoSeed: boolean;
  /** Live channel (see docs/mqtt.md). */
  mqtt: MqttConfig;
  /** Where sysinfo/weather and the missions' weather check read the weather (WEATHER, docs/mqtt.md). */
  weather: WeatherSource;
  dji: DjiConfigOptions;
  /** Numbers of the airspace rules (shared/airspace; docs/deploy.md "Airspace rules"). */
  airspace: AirspaceRulesConfig;
  /** Live conformance monitoring's GPS-noise hysteresis (docs/deploy.md). */
  conformance: ConformanceSettings;
  missions: MissionConfig;
  /** Media library: the object store and ingest limits (server/media/config.ts, docs/media.md). */
  media: MediaConfig;
  /** The HMS text table: DJI's published one, a copy on disk, our own (server/hms/). */
  hms: HmsConfig;
  live: LiveConfig;
  /**
   * Remote operations (server/remote/, docs/remote.md): how long a command waits for the device's services_reply (ms),
   * and how long the broker credentials of a DRC link live (s).
   */
  remote: { replyTimeoutMs: number; drcTtlSeconds: number; pilotConsentMs: number };
}

/** Live video (issue 30, docs/live-video.md). */
export interface LiveConfig {
  /** Port of the embedded RTMP ingest (0: any free one); it opens with the first start of a stream. */
  rtmpPort: number;
  rtmpHost: string;
  /** The RTMP base devices push to (`rtmp://host:port/live`); from PUBLIC_URL's host and rtmpPort when unset. */
  rtmpPublicUrl?: string;
  /** An external media server's HTTP-FLV base for browsers (`{base}/{name}.flv`); set, the embedded ingest stays off. */
  externalPlayUrl?: string;
  /** An external media server's HLS base for browsers (`{base}/{name}/index.m3u8`); set, the embedded ingest stays off. */
  externalHlsUrl?: string;
  /** How long a live service waits for the device's services_reply (ms). */
  replyTimeoutMs: number;
  /** A stream nobody watches is stopped after this long (ms). */
  idleStopMs: number;
  /** How long a signed play URL opens a stream (s). */
  playUrlTtlSeconds: number;
  /** How often idle and offline streams are looked for (ms). */
  sweepMs: number;
  /** How long a push URL handed to a pilot (liveshare) takes a publish (ms): a publish after that is refused. */
  liveshareTtlMs: number;
}

const projectRoot = path.resolve(__dirname, '..');

/** An empty variable counts as unset. */
const unsetIfBlank = (v: unknown) => (v === '' ? undefined : v);
const text = z.preprocess(unsetIfBlank, z.string().optional());
const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(unsetIfBlank, z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(min).max(max).optional());
const port = integer(0, 65535);
/** An IANA time zone name the runtime knows. */
const timeZone = text.refine((v) => {
  if (v === undefined) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Asia/Shanghai');
/** Off for "0" (and "false" where noted); on otherwise. */
const onUnless = (...off: string[]) => text.transform((v) => v === undefined || !off.includes(v));

/** Every environment variable the server reads (docs/deployment.md, docs/mqtt.md), checked once at start. */
const environmentSchema = z.object({
  PORT: port,
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: text,
  PG_POOL_SIZE: integer(1, 1000),
  ADMIN_PASSWORD: text,
  DIST_DIR: text,
  STATIC_DIR: text,
  TOKEN_TTL_SECONDS: integer(1),
  SESSION_MAX_AGE_SECONDS: integer(1),
  JWT_SECRET: text,
  LOG_LEVEL: text,
  TRUST_PROXY: text.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (parsed.ok) return parsed.trustProxy;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  DATABASE_CONNECT_TIMEOUT_MS: integer(1),
  DATABASE_STARTUP_WAIT_MS: integer(0),
  HTTP_HEADERS_TIMEOUT_MS: integer(1),
  HTTP_REQUEST_TIMEOUT_MS: integer(1),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(1),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: integer(0),
  REDIS_URL: text,
  REDIS_KEY_PREFIX: text,
  UPLOAD_ORPHAN_AGE_S: integer(1),
  API_RATE_LIMIT: integer(1),
  LOGIN_RATE_LIMIT: integer(1),
  DEMO_SEED: onUnless('0'),
  MQTT_ENABLED: onUnless('0', 'false'),
  MQTT_URL: text.refine((v) => v === undefined || /^(mqtts?|wss?|tcp|tls):\/\//.test(v), 'must start with mqtt://, mqtts://, ws:// or wss://'),
  MQTT_USER: text,
  MQTT_PASSWORD: text,
  MQTT_DYNSEC: text.transform((v) => v === '1' || v === 'true'),
  MQTT_TCP_PORT: port,
  MQTT_TCP_HOST: text,
  MQTT_SHARE_GROUP: text.refine((v) => v === undefined || /^[^/+#\s]+$/.test(v), 'must be one topic level (no /, + or #)'),
  // 0 means the default, as unset does.
  MQTT_SYSINFO_INTERVAL_MS: integer(0),
  DEVICE_OFFLINE_AFTER_MS: integer(0),
  MQTT_SESSION_CHECK_MS: integer(0),
  WEATHER: z.preprocess(unsetIfBlank, z.enum(WEATHER_SOURCES).optional()),
  DJI_APP_ID: text,
  DJI_NTP_SERVER: text,
  DJI_APP_KEY: text,
  DJI_APP_LICENSE: text,
  PLATFORM_NAME: text,
  DJI_MQTT_HOST: text,
  DJI_MQTT_USERNAME: text,
  DJI_MQTT_PASSWORD: text,
  AIRSPACE_TIME_ZONE: timeZone,
  AIRSPACE_CEILING_M: integer(1, 5000),
  AIRSPACE_EMERGENCY_CEILING_M: integer(1, 5000),
  AIRSPACE_AUTO_APPROVE_CEILING_M: integer(0, 5000),
  AIRSPACE_MAX_AREA_KM2: integer(1, 100_000),
  AIRSPACE_MAX_DURATION_H: integer(1, 24 * 366),
  AIRSPACE_EMERGENCY_LEAD_MIN: integer(0, 24 * 60),
  AIRSPACE_DEADLINE_HOUR: integer(0, 23),
  AIRSPACE_LATERAL_MARGIN_M: integer(0, 10_000),
  AIRSPACE_VERTICAL_MARGIN_M: integer(0, 1_000),
  CONFORMANCE_TOLERANCE_M: integer(0, 1000),
  CONFORMANCE_VERTICAL_TOLERANCE_M: integer(0, 500),
  CONFORMANCE_OPEN_AFTER_S: integer(0, 600),
  CONFORMANCE_CLOSE_AFTER_S: integer(0, 600),
  PUBLIC_URL: text.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must start with http:// or https://'),
  MISSION_REPLY_TIMEOUT_MS: integer(1),
  TASK_SCHEDULER_INTERVAL_MS: integer(0),
  BATTERY_RESERVE_PCT: integer(0, 90),
  WAYLINE_URL_TTL_SECONDS: integer(1),
  S3_ENDPOINT: text.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must start with http:// or https://'),
  S3_PUBLIC_ENDPOINT: text.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must start with http:// or https://'),
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ACCESS_KEY: text,
  S3_SECRET_KEY: text,
  S3_PROVIDER: z.preprocess(unsetIfBlank, z.enum(['aws', 'minio', 'ali']).optional()),
  S3_STS_ROLE_ARN: text,
  S3_LOCAL_PORT: port,
  S3_CREDENTIAL_TTL_S: integer(900, 12 * 3600),
  MEDIA_MAX_MB: integer(1, 100_000),
  HMS_FILE: text,
  HMS_URL: text.refine((v) => v === undefined || v === 'off' || /^https?:\/\//.test(v), 'must start with http:// or https://, or be off'),
  HMS_FETCH_TIMEOUT_MS: integer(1, 600_000),
  RTMP_PORT: port,
  RTMP_HOST: text,
  RTMP_PUBLIC_URL: text.refine((v) => v === undefined || /^rtmps?:\/\/[^/]+\/[A-Za-z0-9_-]+$/.test(v), 'must be rtmp://host[:port]/app'),
  LIVE_MEDIA_PLAY_URL: text.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must start with http:// or https://'),
  LIVE_MEDIA_HLS_URL: text.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must start with http:// or https://'),
  LIVE_REPLY_TIMEOUT_MS: integer(1),
  LIVE_IDLE_STOP_S: integer(1),
  LIVE_PLAY_URL_TTL_S: integer(1),
  LIVE_SWEEP_MS: integer(10),
  LIVE_LIVESHARE_TTL_S: integer(1),
  REMOTE_REPLY_TIMEOUT_MS: integer(1),
  DRC_CREDENTIAL_TTL_S: integer(10, 86_400),
  REMOTE_PILOT_CONSENT_S: integer(1, 600),
  REDIS_TIMEOUT_MS: integer(1, 60_000),
});
type Environment = z.infer<typeof environmentSchema>;

function parseEnvironment(env: Record<string, string | undefined>): Environment {
  const result = environmentSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message} (got "${env[String(issue.path[0])]}")`);
  throw new Error(`Invalid environment: ${problems.join('; ')}`);
}

function mqttConfig(e: Environment): MqttConfig {
  if (e.MQTT_DYNSEC && (!e.MQTT_URL || !e.MQTT_USER))
    throw new Error('Invalid environment: MQTT_DYNSEC needs MQTT_URL and MQTT_USER (the dynamic-security admin account)');
  return {
    enabled: e.MQTT_ENABLED,
    url: e.MQTT_URL,
    user: e.MQTT_USER,
    password: e.MQTT_PASSWORD,
    dynsec: e.MQTT_DYNSEC,
    tcpPort: e.MQTT_TCP_PORT,
    tcpHost: e.MQTT_TCP_HOST ?? '0.0.0.0',
    sysinfoIntervalMs: e.MQTT_SYSINFO_INTERVAL_MS || 10_000,
    deviceTimeoutMs: e.DEVICE_OFFLINE_AFTER_MS || 30_000,
    sessionCheckMs: e.MQTT_SESSION_CHECK_MS || 15_000,
    shareGroup: e.MQTT_SHARE_GROUP ?? 'skyline',
    wsPath: '/mqtt',
  };
}

function liveConfig(e: Environment): LiveConfig {
  if ((e.LIVE_MEDIA_PLAY_URL || e.LIVE_MEDIA_HLS_URL) && !e.RTMP_PUBLIC_URL)
    throw new Error(
      'Invalid environment: LIVE_MEDIA_PLAY_URL / LIVE_MEDIA_HLS_URL (an external media server) need RTMP_PUBLIC_URL, its RTMP base for the devices',
    );
  return {
    rtmpPort: e.RTMP_PORT ?? 1935,
    rtmpHost: e.RTMP_HOST ?? '0.0.0.0',
    rtmpPublicUrl: e.RTMP_PUBLIC_URL,
    externalPlayUrl: e.LIVE_MEDIA_PLAY_URL?.replace(/\/+$/, ''),
    externalHlsUrl: e.LIVE_MEDIA_HLS_URL?.replace(/\/+$/, ''),
    replyTimeoutMs: e.LIVE_REPLY_TIMEOUT_MS ?? 10_000,
    idleStopMs: (e.LIVE_IDLE_STOP_S ?? 120) * 1000,
    playUrlTtlSeconds: e.LIVE_PLAY_URL_TTL_S ?? 60,
    sweepMs: e.LIVE_SWEEP_MS ?? 5_000,
    liveshareTtlMs: (e.LIVE_LIVESHARE_TTL_S ?? 4 * 3600) * 1000,
  };
}

function airspaceConfig(e: Environment): AirspaceRulesConfig {
  const d = DEFAULT_AIRSPACE_RULES;
  return {
    timeZone: e.AIRSPACE_TIME_ZONE ?? d.timeZone,
    ceilingM: { routine: e.AIRSPACE_CEILING_M ?? d.ceilingM.routine, emergency: e.AIRSPACE_EMERGENCY_CEILING_M ?? d.ceilingM.emergency },
    autoApproveCeilingM: e.AIRSPACE_AUTO_APPROVE_CEILING_M ?? d.autoApproveCeilingM,
    maxAreaKm2: e.AIRSPACE_MAX_AREA_KM2 ?? d.maxAreaKm2,
    maxDurationH: e.AIRSPACE_MAX_DURATION_H ?? d.maxDurationH,
    emergencyLeadMin: e.AIRSPACE_EMERGENCY_LEAD_MIN ?? d.emergencyLeadMin,
    routineDeadlineHour: e.AIRSPACE_DEADLINE_HOUR ?? d.routineDeadlineHour,
    lateralMarginM: e.AIRSPACE_LATERAL_MARGIN_M ?? d.lateralMarginM,
    verticalMarginM: e.AIRSPACE_VERTICAL_MARGIN_M ?? d.verticalMarginM,
  };
}

function mediaConfig(e: Environment): MediaConfig {
  if (e.S3_ENDPOINT && (!e.S3_ACCESS_KEY || !e.S3_SECRET_KEY)) throw new Error('Invalid environment: S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY');
  return {
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
          publicEndpoint: (e.S3_PUBLIC_ENDPOINT ?? e.S3_ENDPOINT).replace(/\/+$/, ''),
          accessKey: e.S3_ACCESS_KEY!,
          secretKey: e.S3_SECRET_KEY!,
          provider: e.S3_PROVIDER ?? 'minio',
          stsRoleArn: e.S3_STS_ROLE_ARN,
        }
      : null,
    publicEndpoint: e.S3_PUBLIC_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET ?? 'skyline-media',
    region: e.S3_REGION ?? 'us-east-1',
    localPort: e.S3_LOCAL_PORT ?? 0,
    credentialTtlSeconds: e.S3_CREDENTIAL_TTL_S ?? 3600,
    maxBytes: (e.MEDIA_MAX_MB ?? 2048) * 1024 * 1024,
  };
}

/** The server's whole configuration from the environment (process.env by default): the only place that reads it. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const e = parseEnvironment(env);
  const http: HttpLimits = {
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS ?? 30_000,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS ?? 120_000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 72_000,
    maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? 100,
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) throw new Error('Invalid environment: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(projectRoot, 'data')),
    databaseUrl: e.DATABASE_URL,
    pgPoolSize: e.PG_POOL_SIZE ?? 10,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_CONNECT_TIMEOUT_MS,
    databaseStartupWaitMs: e.DATABASE_STARTUP_WAIT_MS ?? 60_000,
    adminPassword: e.ADMIN_PASSWORD,
    distDir: path.resolve(e.DIST_DIR ?? path.join(projectRoot, 'dist')),
    staticDir: path.resolve(e.STATIC_DIR ?? path.join(projectRoot, 'static')),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS ?? 12 * 3600,
    sessionMaxAgeSeconds: Math.max(e.SESSION_MAX_AGE_SECONDS ?? 7 * 86_400, e.TOKEN_TTL_SECONDS ?? 12 * 3600),
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL ?? 'warn',
    trustProxy: e.TRUST_PROXY,
    http,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'skyline:',
    redisTimeoutMs: e.REDIS_TIMEOUT_MS ?? 1000,
    uploadOrphanAgeMs: (e.UPLOAD_ORPHAN_AGE_S ?? 3600) * 1000,
    apiRateLimit: e.API_RATE_LIMIT ?? 600,
    loginRateLimit: e.LOGIN_RATE_LIMIT ?? 10,
    demoSeed: e.DEMO_SEED,
    mqtt: mqttConfig(e),
    weather: e.WEATHER ?? 'simulated',
    dji: {
      appId: e.DJI_APP_ID ?? '100000',
      appKey: e.DJI_APP_KEY ?? 'demo-app-key',
      appLicense: e.DJI_APP_LICENSE ?? 'demo-app-license',
      platformName: e.PLATFORM_NAME ?? 'Skyline Ops',
      ntpServerHost: e.DJI_NTP_SERVER ?? 'pool.ntp.org',
      mqttHost: e.DJI_MQTT_HOST,
      mqttUsername: e.DJI_MQTT_USERNAME,
      mqttPassword: e.DJI_MQTT_PASSWORD,
    },
    airspace: airspaceConfig(e),
    conformance: {
      tolerance: { horizontalM: e.CONFORMANCE_TOLERANCE_M ?? 10, verticalM: e.CONFORMANCE_VERTICAL_TOLERANCE_M ?? 5 },
      hysteresis: { openAfterMs: (e.CONFORMANCE_OPEN_AFTER_S ?? 3) * 1000, closeAfterMs: (e.CONFORMANCE_CLOSE_AFTER_S ?? 5) * 1000 },
    },
    missions: {
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      replyTimeoutMs: e.MISSION_REPLY_TIMEOUT_MS ?? 10_000,
      schedulerIntervalMs: e.TASK_SCHEDULER_INTERVAL_MS ?? 5_000,
      batteryReservePct: e.BATTERY_RESERVE_PCT ?? 20,
      waylineUrlTtlSeconds: e.WAYLINE_URL_TTL_SECONDS ?? 3600,
    },
    media: mediaConfig(e),
    hms: {
      file: e.HMS_FILE && path.resolve(e.HMS_FILE),
      url: e.HMS_URL === 'off' ? null : (e.HMS_URL ?? DJI_HMS_URL),
      fetchTimeoutMs: e.HMS_FETCH_TIMEOUT_MS ?? 15_000,
    },
    live: liveConfig(e),
    remote: {
      replyTimeoutMs: e.REMOTE_REPLY_TIMEOUT_MS ?? 10_000,
      drcTtlSeconds: e.DRC_CREDENTIAL_TTL_S ?? 3_600,
      pilotConsentMs: (e.REMOTE_PILOT_CONSENT_S ?? 60) * 1000,
    },
  };
}

/** The live channel's part of the configuration (tests and benchmarks build one from a few variables). */
export const readMqttConfig = (env: Record<string, string | undefined> = process.env): MqttConfig => readConfig(env).mqtt;

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}
