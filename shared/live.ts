/**
 * The live channel's sysinfo payloads and the normalised per-device sample, as the server publishes them and the
 * console reads them (docs/mqtt.md). Devices themselves speak the DJI Cloud API (shared/dji/). Free of zod, so the
 * console's first paint can import it: the sample's schema is in telemetry.ts.
 */

export const TOPIC_ONLINE = 'sysinfo/online';
export const TOPIC_WEATHER = 'sysinfo/weather';
/** Every aircraft's newest sample once a second: what the situational view subscribes to, not one message per drone. */
export const TOPIC_FLEET = 'sysinfo/fleet';
/** New or changed alerts (QoS 1, not retained; the payload is entities/alert.ts's AlertNotification); browsers subscribe to it. */
export const TOPIC_ALERTS = 'sysinfo/alerts';
/** A notice was published (its publish time came), changed or withdrawn (QoS 1, not retained; NoticeSignal). */
export const TOPIC_NOTICES = 'sysinfo/notice';

/** sysinfo/notice: which notice changed; the console re-reads its unread count and inbox (the content stays behind the API). */
export interface NoticeSignal {
  notice_id: number;
  change: 'published' | 'updated' | 'deleted';
  at: number;
}

/** A project's map features changed (console, API or a Pilot 2 on the remote controller; QoS 1, not retained; MapSignal). */
export const TOPIC_MAP = 'sysinfo/map';

/** sysinfo/map: whose features changed (null: features of no project, which every project shows); the console re-reads them. */
export interface MapSignal {
  project_id: number | null;
  change: 'create' | 'update' | 'delete' | 'refresh';
  at: number;
}

/** Device serials: letters, digits, '-' and '_' (never MQTT wildcards or separators). */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const DEVICE_STATUSES = ['online', 'flying', 'maintenance', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export type { Telemetry } from './telemetry';

/** The online list as the console holds it (made from sysinfo/online's snapshot and deltas, shared/onlineList.ts). */
export interface OnlineSummary {
  online: string[];
  /** The server's status of each device online (online, flying, maintenance): the one authority; the console shows it as is. */
  statuses: Record<string, DeviceStatus>;
  onlineCount: number;
  total: number;
  at: number;
}

export interface WeatherStation {
  areaId: string;
  name: string;
  lat: number;
  lng: number;
  /** m/s */
  windSpeed: number;
  /** degrees the wind comes from */
  windDirection: number;
  /** m/s */
  gust: number;
  /** °C */
  temperature: number;
  /** % */
  humidity: number;
  /** metres */
  visibility: number;
  /** mm/h */
  precipitation: number;
  flyable: boolean;
  /** machine-readable reasons why not flyable: wind, gust, visibility, precipitation, cold, heat */
  reasons: string[];
}

/** sysinfo/weather. */
export interface WeatherReport {
  at: number;
  source: string;
  stations: WeatherStation[];
}
