/** Payloads of the live channel as the browser sees them (server/mqtt/payloads.ts and docs/mqtt.md). */
export type DeviceStatus = 'online' | 'flying' | 'maintenance' | 'offline';

/** sysinfo/online: serials online now (every other device is offline) and the counts. */
export interface OnlineSummary {
  online: string[];
  onlineCount: number;
  total: number;
  changed: Array<{ sn: string; status: DeviceStatus }>;
  at: number;
}

export interface WeatherStation {
  areaId: string;
  name: string;
  lat?: number;
  lng?: number;
  windSpeed: number;
  windDirection: number;
  gust: number;
  temperature: number;
  humidity: number;
  visibility: number;
  precipitation: number;
  flyable: boolean;
  reasons: string[];
}

export interface WeatherReport {
  at: number;
  source?: string;
  stations: WeatherStation[];
}

export interface Telemetry {
  sn: string;
  lat: number;
  lng: number;
  alt: number;
  speed: number;
  heading: number;
  battery: number;
  status: DeviceStatus;
  taskId?: string | number;
  at: number;
}

/** A message after JSON parsing, as re-emitted on the event bus. */
export interface BrokerMessage {
  topic: string;
  message: unknown;
}

export const TOPIC_ONLINE = 'sysinfo/online';
export const TOPIC_WEATHER = 'sysinfo/weather';
/** Every drone's newest sample once a second (server/mqtt/liveChannel.ts): what the situational view subscribes to. */
export const TOPIC_FLEET = 'sysinfo/fleet';
export const DEFAULT_SUBSCRIPTIONS = [TOPIC_ONLINE, TOPIC_WEATHER];

/** Spec §9. */
export const BROKER_CONSTANTS = {
  connectTimeout: 7000,
  reconnectPeriod: 5000,
  successToastMs: 2000,
  subscribeQos: 0,
  publishQos: 1,
  clean: true,
} as const;
