/** Broker settings (read from the environment by server/config.ts; see docs/mqtt.md). */
export interface MqttConfig {
  /** false turns the live channel off entirely (MQTT_ENABLED=0). */
  enabled: boolean;
  /** mqtt://… or ws://…: use this external broker instead of the embedded one. */
  url?: string;
  /** Static broker account with full access (embedded broker), or the server's own account on an external broker. */
  user?: string;
  password?: string;
  /**
   * External broker only (MQTT_DYNSEC=1): `user` is the admin of Mosquitto's dynamic-security plugin, and the server
   * provisions per-session browser and per-device accounts there (server/mqtt/dynsec/).
   */
  dynsec: boolean;
  /** Also accept plain MQTT over TCP on this port (embedded broker only). */
  tcpPort?: number;
  tcpHost: string;
  /** sysinfo/online and sysinfo/weather are republished this often (ms). */
  sysinfoIntervalMs: number;
  /** A device that sends nothing for this long is offline (ms). */
  deviceTimeoutMs: number;
  /** Browser connections whose login session ended (logout, expiry, user deactivated) are closed within this (ms). */
  sessionCheckMs: number;
  /**
   * External broker with REDIS_URL: the instances subscribe the device topics as the MQTT shared subscription
   * `$share/{shareGroup}/…`, so the broker hands each device message to one of them (docs/mqtt.md, Scale-out).
   */
  shareGroup: string;
  wsPath: string;
}
