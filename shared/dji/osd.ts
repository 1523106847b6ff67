import { z } from 'zod';

/** DJI sends some flags as true/false and others as 0/1; both read as 0/1. */
export const flagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v === true || v === 1 ? 1 : 0));

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const height = z.number().min(-1000).max(20000);
const percent = z.number().min(0).max(100);
const count = z.number().int().min(0).max(1000);
const mode = z.number().int().min(0).max(255);

export const positionStateSchema = z.object({
  gps_number: count.optional(),
  rtk_number: count.optional(),
  /** 0 not started, 1 fixing, 2 fixed, 3 failed. */
  is_fixed: z.number().int().min(0).max(3).optional(),
  /** 1…5 satellite signal gears, 10 RTK fixed. */
  quality: z.number().int().min(0).max(10).optional(),
});

/** The wind direction DJI reports: 1 north, 2 north-east, … 8 north-west (the direction the wind comes from). */
export const WIND_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** Aircraft OSD (`thing/product/{aircraft sn}/osd`); every field optional (absent = unknown). */
export const aircraftOsdSchema = z.object({
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  /** Ellipsoid height, m. */
  height: height.optional(),
  /** Height above the take-off point, m. */
  elevation: height.optional(),
  attitude_head: z.number().min(-180).max(360).optional(),
  attitude_pitch: z.number().min(-180).max(180).optional(),
  attitude_roll: z.number().min(-180).max(180).optional(),
  horizontal_speed: z.number().min(0).max(200).optional(),
  vertical_speed: z.number().min(-100).max(100).optional(),
  mode_code: mode.optional(),
  home_distance: z.number().min(0).max(1_000_000).optional(),
  total_flight_time: z.number().min(0).optional(),
  total_flight_distance: z.number().min(0).optional(),
  wind_speed: z.number().min(0).max(200).optional(),
  wind_direction: z.number().int().min(0).max(8).optional(),
  battery: z
    .object({
      capacity_percent: percent.optional(),
      /** Seconds of flight left. */
      remain_flight_time: z.number().int().min(0).max(1_000_000).optional(),
      return_home_power: percent.optional(),
      landing_power: percent.optional(),
    })
    .optional(),
  position_state: positionStateSchema.optional(),
  gear: z.number().int().min(0).max(10).optional(),
  height_limit: z.number().min(0).max(20000).optional(),
  track_id: z.string().max(64).optional(),
});
export type AircraftOsd = z.infer<typeof aircraftOsdSchema>;

export const wirelessLinkSchema = z.object({
  /** 0…5 bars. */
  sdr_quality: z.number().int().min(0).max(5).optional(),
  '4g_quality': z.number().int().min(0).max(5).optional(),
  sdr_link_state: flagSchema.optional(),
  '4g_link_state': flagSchema.optional(),
  /** 0 SDR only, 1 SDR + 4G. */
  link_workmode: z.number().int().min(0).max(1).optional(),
  dongle_number: z.number().int().min(0).max(10).optional(),
});

/** Remote controller OSD. */
export const rcOsdSchema = z.object({
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  height: height.optional(),
  capacity_percent: percent.optional(),
  wireless_link: wirelessLinkSchema.optional(),
});
export type RcOsd = z.infer<typeof rcOsdSchema>;

/** Dock OSD. */
export const dockOsdSchema = z.object({
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  height: height.optional(),
  mode_code: mode.optional(),
  drone_in_dock: flagSchema.optional(),
  /** 0 closed, 1 open, 2 half open, 3 abnormal. */
  cover_state: z.number().int().min(0).max(3).optional(),
  environment_temperature: z.number().min(-60).max(80).optional(),
  temperature: z.number().min(-60).max(100).optional(),
  humidity: percent.optional(),
  wind_speed: z.number().min(0).max(200).optional(),
  /** 0 none, 1 light, 2 moderate, 3 heavy. */
  rainfall: z.number().int().min(0).max(3).optional(),
  network_state: z
    .object({
      /** 1 4G, 2 ethernet. */
      type: z.number().int().min(0).max(10).optional(),
      /** 0 none … 5 excellent. */
      quality: z.number().int().min(0).max(5).optional(),
      rate: z.number().min(0).optional(),
    })
    .optional(),
  drone_charge_state: z.object({ state: z.number().int().min(0).max(1).optional(), capacity_percent: percent.optional() }).optional(),
  emergency_stop_state: flagSchema.optional(),
  storage: z.object({ total: z.number().min(0), used: z.number().min(0) }).optional(),
  job_number: z.number().int().min(0).optional(),
  wireless_link: wirelessLinkSchema.optional(),
});
export type DockOsd = z.infer<typeof dockOsdSchema>;

/** `thing/product/{sn}/state`: rarely-changing properties; firmware_version is the one the platform keeps on the device row. */
export const stateSchema = z
  .object({ firmware_version: z.string().min(1).max(64).optional(), compatible_status: z.number().int().optional() })
  .catchall(z.unknown());
export type DeviceState = z.infer<typeof stateSchema>;
