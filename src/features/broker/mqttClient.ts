/** The part of an mqtt.js client the broker saga uses; tests pass a fake with the same events. */
export interface MqttLike {
  readonly connected: boolean;
  on(event: 'connect' | 'reconnect' | 'close' | 'offline' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  removeListener(event: 'connect' | 'reconnect' | 'close' | 'offline' | 'end', listener: () => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  subscribe(topics: string | string[], options: { qos: 0 | 1 | 2 }, callback?: (error?: Error | null) => void): unknown;
  unsubscribe(topics: string | string[], callback?: (error?: Error | null) => void): unknown;
  /** Only the live flight controls publish (src/features/remote/drcSaga.ts). */
  publish(topic: string, payload: string, options: { qos: 0 | 1 }): unknown;
  end(force?: boolean): unknown;
}

export interface MqttConnectOptions {
  clientId: string;
  clean: boolean;
  connectTimeout: number;
  reconnectPeriod: number;
  username?: string;
  password?: string;
  /** The saga subscribes on every connect itself. */
  resubscribe: boolean;
}

/** Creates a client (may be async: the real one loads mqtt.js on demand, keeping it out of the login bundle). */
export type MqttConnect = (url: string, options: MqttConnectOptions) => MqttLike | Promise<MqttLike>;

export const connectWithMqttJs: MqttConnect = async (url, options) => {
  const mqtt = await import(/* webpackChunkName: "mqtt" */ 'mqtt');
  const connect = (mqtt.connect ?? (mqtt as unknown as { default: typeof mqtt }).default.connect) as typeof mqtt.connect;
  return connect(url, options) as unknown as MqttLike;
};

/**
 * The broker address: static/config.json mqtt_host when set (a full ws(s):// URL, or host[:port][/path]), otherwise
 * this page's own host at /mqtt (the embedded broker), over wss when the page is https.
 */
export function brokerUrl(mqttHost: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const secure = location.protocol === 'https:';
  const host = mqttHost.trim();
  if (!host) return `${secure ? 'wss' : 'ws'}://${location.host}/mqtt`;
  if (/^[a-z]+:\/\//i.test(host)) return host;
  return `${secure ? 'wss' : 'ws'}://${host}${host.includes('/') ? '' : '/mqtt'}`;
}

/** The username claim of a login token (JWT), for when the user info is not loaded yet. */
export function tokenUsername(token: string): string | undefined {
  try {
    const part = token.split('.')[1];
    if (!part) return undefined;
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims = JSON.parse(decodeURIComponent(escape(json))) as { username?: unknown };
    return typeof claims.username === 'string' ? claims.username : undefined;
  } catch {
    return undefined;
  }
}
