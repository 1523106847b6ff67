import { z } from 'zod';
import { langParam, refName } from './fields';

/** The Alert resource (GET /api/Alert/, POST /api/Alert/{id}/ack/): one row per device + code, counted while it repeats. */
export const ALERT_KINDS = ['hms', 'conformance', 'safety', 'airsense'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * The codes of `conformance` alerts: the rule a flying aircraft broke (docs/mqtt.md). Outside its plan's 4D volume,
 * flying outside the plan's window, flying with no accepted plan, inside a no-fly or restricted GIS feature.
 */
export const CONFORMANCE_RULES = ['outside_volume', 'outside_window', 'no_plan', 'in_no_fly_zone'] as const;
export type ConformanceRule = (typeof CONFORMANCE_RULES)[number];

/** 0 notice, 1 caution, 2 warning (DJI HMS levels). */
export const ALERT_LEVELS = [0, 1, 2] as const;

export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  code: z.string(),
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** HMS module (0 flight task, 1 device management, 2 media, 3 HMS); null for other kinds. */
  module: z.number().int().nullable(),
  device_id: z.number().int().nullable(),
  /** The device's name (GET /api/Alert/ and /api/Alert/{id}/; absent on sysinfo/alerts). */
  device_name: refName.optional(),
  device_sn: z.string(),
  gateway_sn: z.string().nullable(),
  in_the_sky: z.union([z.literal(0), z.literal(1)]),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  count: z.number().int(),
  /** 1 while the device keeps reporting it. */
  active: z.union([z.literal(0), z.literal(1)]),
  acked_by: z.number().int().nullable(),
  acked_at: z.string().nullable(),
  /**
   * HMS: the event's args (component_index, sensor_index, …); conformance: rule, plan_id, lat, lng, height, at; safety:
   * what the aircraft reported when it opened (battery, remain_flight_time, return_home_power, home_distance, mode_code);
   * airsense: DJI's report.
   */
  args: z.record(z.string(), z.unknown()).nullable(),
  /** Conformance: the flight plan the aircraft was judged against, if it had one. */
  plan_id: z.number().int().nullable(),
  /** When it stopped being active (null while active). */
  closed_at: z.string().nullable(),
  /** HMS: the item's "domain-type-subtype" (dock alarms have domain 3); null for other kinds. */
  device_type: z.string().nullable(),
  /**
   * What the alert says, in the request's language (`?lang=en|zh-cn`, else Accept-Language; zh-cn by default; on
   * sysinfo/alerts zh-cn): an HMS code's text from DJI's HMS table (unknown codes by code), a conformance rule's name.
   */
  message: z.string(),
  message_zh: z.string(),
  message_en: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Query of GET /api/Alert/ (besides the usual page/page_size). */
export const alertFilterSchema = z.object({
  device_sn: z.string().max(64).optional(),
  kind: z.enum(ALERT_KINDS).optional(),
  level: z.coerce.number().int().min(0).max(2).optional(),
  active: z.coerce.number().int().min(0).max(1).optional(),
  plan_id: z.coerce.number().int().positive().optional(),
  /** The language of `message` (else Accept-Language). */
  lang: langParam,
});

/**
 * The payload of sysinfo/alerts (TOPIC_ALERTS in shared/live.ts). `activeCount` is the platform's active alerts; a
 * browser whose data scope is narrower gets none (the fleet's count is not its count) and reads its own from the API.
 */
export const alertNotificationSchema = z.object({ at: z.number(), activeCount: z.number().int().optional(), alert: alertSchema });
export type AlertNotification = z.infer<typeof alertNotificationSchema>;
