import path from 'node:path';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './db/database';
import type { HttpLimits } from './http/connections';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import { readMqttConfig, type MqttConfig } from './mqtt/config';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at dataDir/skyline.db. */
  databaseUrl?: string;
  /** PostgreSQL: a connection attempt (also the first one at start-up) fails after this long. */
  databaseConnectTimeoutMs: number;
  adminPassword?: string;
  /** Built SPA (webpack output) and the runtime static files (config.json, images). */
  distDir: string;
  staticDir: string;
  tokenTtlSeconds: number;
  logLevel: string;
  http: HttpLimits;
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY, see http/trustProxy.ts); the rate limits key on the result. */
  trustProxy: TrustProxy;
  /** Shared state of several instances (rate-limit counters) lives in this Redis when set. */
  redisUrl?: string;
  /** Prefix of every Redis key this deployment writes (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /** Live channel (MQTT_* env, see docs/mqtt.md); buildServer reads the environment when absent. */
  mqtt?: MqttConfig;
}

const projectRoot = path.resolve(__dirname, '..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const ttl = Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`TOKEN_TTL_SECONDS must be a positive number, got "${env.TOKEN_TTL_SECONDS}"`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (!trustProxy.ok) throw new Error(trustProxy.error);
  const http: HttpLimits = {
    headersTimeoutMs: positiveNumber(env, 'HTTP_HEADERS_TIMEOUT_MS', 30_000),
    requestTimeoutMs: positiveNumber(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000),
    keepAliveTimeoutMs: positiveNumber(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000),
    maxConnectionsPerAddress: count(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 100),
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseConnectTimeoutMs: positiveNumber(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    distDir: path.resolve(env.DIST_DIR ?? path.join(projectRoot, 'dist')),
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(projectRoot, 'static')),
    tokenTtlSeconds: ttl,
    logLevel: env.LOG_LEVEL ?? 'warn',
    trustProxy: trustProxy.trustProxy,
    http,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'skyline:',
    mqtt: readMqttConfig(env),
  };
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
  return value;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${env[name]}"`);
  return value;
}
