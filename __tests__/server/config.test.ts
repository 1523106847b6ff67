import path from 'node:path';
import { readConfig } from '../../server/config';

describe('readConfig: the whole environment through one schema', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      pgPoolSize: 10,
      tokenTtlSeconds: 43_200,
      logLevel: 'warn',
      trustProxy: false,
      apiRateLimit: 600,
      uploadOrphanAgeMs: 3_600_000,
      loginRateLimit: 10,
      demoSeed: true,
      databaseUrl: undefined,
      jwtSecret: undefined,
      dji: { appId: '100000', appKey: 'demo-app-key', appLicense: 'demo-app-license', platformName: 'Skyline Ops', mqttHost: undefined },
      mqtt: {
        enabled: true,
        url: undefined,
        dynsec: false,
        tcpHost: '0.0.0.0',
        sysinfoIntervalMs: 10_000,
        deviceTimeoutMs: 30_000,
        sessionCheckMs: 15_000,
        shareGroup: 'skyline',
        wsPath: '/mqtt',
      },
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it.each<[string, Record<string, string>, (c: ReturnType<typeof readConfig>) => unknown, unknown]>([
    ['PORT', { PORT: '0' }, (c) => c.port, 0],
    [
      'an empty variable is unset',
      { PORT: '', DATABASE_URL: '', MQTT_TCP_HOST: '' },
      (c) => [c.port, c.databaseUrl, c.mqtt.tcpHost],
      [8080, undefined, '0.0.0.0'],
    ],
    ['DATA_DIR is resolved', { DATA_DIR: 'rel/data' }, (c) => c.dataDir, path.resolve('rel/data')],
    ['TRUST_PROXY=1: one hop', { TRUST_PROXY: '1' }, (c) => c.trustProxy, 1],
    ['TRUST_PROXY unset: no proxy', {}, (c) => c.trustProxy, false],
    ['TRUST_PROXY addresses', { TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }, (c) => c.trustProxy, ['10.0.0.1', '192.168.0.0/16']],
    [
      'HTTP limits',
      { HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' },
      (c) => [c.http.headersTimeoutMs, c.http.maxConnectionsPerAddress],
      [500, 0],
    ],
    ['Redis', { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 't:' }, (c) => [c.redisUrl, c.redisKeyPrefix], ['redis://127.0.0.1:6379', 't:']],
    ['DEMO_SEED=0', { DEMO_SEED: '0' }, (c) => c.demoSeed, false],
    ['WEATHER unset: the simulated station', {}, (c) => c.weather, 'simulated'],
    ['WEATHER=calm', { WEATHER: 'calm' }, (c) => c.weather, 'calm'],
    ['MQTT_ENABLED=false', { MQTT_ENABLED: 'false' }, (c) => c.mqtt.enabled, false],
    ['MQTT_ENABLED=0', { MQTT_ENABLED: '0' }, (c) => c.mqtt.enabled, false],
    ['an interval of 0 is the default', { MQTT_SYSINFO_INTERVAL_MS: '0' }, (c) => c.mqtt.sysinfoIntervalMs, 10_000],
    ['intervals', { DEVICE_OFFLINE_AFTER_MS: '5000', MQTT_SESSION_CHECK_MS: '250' }, (c) => [c.mqtt.deviceTimeoutMs, c.mqtt.sessionCheckMs], [5000, 250]],
    ['MQTT_URL', { MQTT_URL: 'mqtts://broker:8883' }, (c) => c.mqtt.url, 'mqtts://broker:8883'],
    ['MQTT_TCP_PORT', { MQTT_TCP_PORT: '1883' }, (c) => c.mqtt.tcpPort, 1883],
    ['MQTT_DYNSEC', { MQTT_URL: 'mqtt://broker', MQTT_USER: 'admin', MQTT_DYNSEC: '1' }, (c) => c.mqtt.dynsec, true],
    ['limits', { API_RATE_LIMIT: '50', LOGIN_RATE_LIMIT: '3', PG_POOL_SIZE: '4' }, (c) => [c.apiRateLimit, c.loginRateLimit, c.pgPoolSize], [50, 3, 4]],
    ['DJI settings', { DJI_APP_ID: '42', DJI_MQTT_HOST: 'wss://x/mqtt' }, (c) => [c.dji.appId, c.dji.mqttHost], ['42', 'wss://x/mqtt']],
    ['secrets', { JWT_SECRET: 's' }, (c) => [c.jwtSecret], ['s']],
  ])('%s', (_name, env, pick, expected) => expect(pick(readConfig(env))).toEqual(expected));

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ TOKEN_TTL_SECONDS: '0' }, 'TOKEN_TTL_SECONDS'],
    [{ MQTT_URL: 'http://broker' }, 'MQTT_URL'],
    [{ MQTT_TCP_PORT: '-1' }, 'MQTT_TCP_PORT'],
    [{ MQTT_SYSINFO_INTERVAL_MS: '-5' }, 'MQTT_SYSINFO_INTERVAL_MS'],
    [{ API_RATE_LIMIT: '0' }, 'API_RATE_LIMIT'],
    [{ PG_POOL_SIZE: 'many' }, 'PG_POOL_SIZE'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ WEATHER: 'sunny' }, 'WEATHER'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '0' }, 'DATABASE_CONNECT_TIMEOUT_MS'],
    [{ MQTT_DYNSEC: '1', MQTT_USER: 'admin' }, 'MQTT_DYNSEC'],
    [{ MQTT_DYNSEC: '1', MQTT_URL: 'mqtt://broker' }, 'MQTT_DYNSEC'],
  ])('refuses %p, naming %s', (env, variable) => expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid environment: ${variable} `)));
});
