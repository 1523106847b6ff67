/** Broker settings, all from the environment (see docs/mqtt.md). */
export interface MqttConfig {
  /** false turns the live channel off entirely (MQTT_ENABLED=0). */
  enabled: boolean;
  /** mqtt://… or ws://…: use this external broker instead of the embedded one. */
  url?: string;
  /** Static broker account with full access (embedded broker), or the server's own account on an external broker. */
  user?: string;
  password?: string;
  /** Also accept plain MQTT over TCP on this port (embedded broker only). */
  tcpPort?: number;
  tcpHost: string;
  /** sysinfo/online and sysinfo/weather are republished this often (ms). */
  sysinfoIntervalMs: number;
  /** A device that sends nothing for this long is offline (ms). */
  deviceTimeoutMs: number;
  /** Browser connections whose login session ended (logout, expiry, user deactivated) are closed within this (ms). */
  sessionCheckMs: number;
  wsPath: string;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function readMqttConfig(env: NodeJS.ProcessEnv = process.env): MqttConfig {
  const url = env.MQTT_URL || undefined;
  if (url && !/^(mqtts?|wss?|tcp|tls):\/\//.test(url)) throw new Error(`MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://, got "${url}"`);
  const tcpPort = env.MQTT_TCP_PORT ? positiveInt(env.MQTT_TCP_PORT, 0, 'MQTT_TCP_PORT') : undefined;
  if (tcpPort !== undefined && tcpPort > 65535) throw new Error(`MQTT_TCP_PORT must be a port number, got "${env.MQTT_TCP_PORT}"`);
  return {
    enabled: env.MQTT_ENABLED !== '0' && env.MQTT_ENABLED !== 'false',
    url,
    user: env.MQTT_USER || undefined,
    password: env.MQTT_PASSWORD || undefined,
    tcpPort,
    tcpHost: env.MQTT_TCP_HOST || '0.0.0.0',
    sysinfoIntervalMs: positiveInt(env.MQTT_SYSINFO_INTERVAL_MS, 10_000, 'MQTT_SYSINFO_INTERVAL_MS') || 10_000,
    deviceTimeoutMs: positiveInt(env.DEVICE_OFFLINE_AFTER_MS, 30_000, 'DEVICE_OFFLINE_AFTER_MS') || 30_000,
    sessionCheckMs: positiveInt(env.MQTT_SESSION_CHECK_MS, 15_000, 'MQTT_SESSION_CHECK_MS') || 15_000,
    wsPath: '/mqtt',
  };
}
