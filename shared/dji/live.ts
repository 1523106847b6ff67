import { z } from 'zod';
import { DEVICE_STATUSES, type DeviceStatus, type Telemetry } from '../live';
import type { PositionSample } from '../telemetry';
import { modeMeaning } from './modeCodes';
import { fastParser } from './fastCheck';
import { aircraftOsdSchema, dockOsdSchema, flagSchema, rcOsdSchema, WIND_DIRECTIONS } from './osd';

const meaning = z.object({ en: z.string(), zh: z.string() });

/**
 * One device's DJI live state, normalised from its OSD messages (camelCase, units in the names' comments). Fields a
 * message did not carry are absent; `mergeLive` (mergeLive.ts) keeps the last known value of each. Served by GET /api/Device/{id}/live/.
 */
export const djiLiveSchema = z.object({
  sn: z.string(),
  kind: z.enum(['aircraft', 'remote_controller', 'dock']),
  /** epoch ms of the newest OSD. */
  at: z.number(),
  status: z.enum(DEVICE_STATUSES).optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  /** Ellipsoid height, m. */
  height: z.number().optional(),
  /** Height above take-off, m. */
  elevation: z.number().optional(),
  /** Degrees 0…360 clockwise from north. */
  heading: z.number().optional(),
  /** m/s. */
  horizontalSpeed: z.number().optional(),
  verticalSpeed: z.number().optional(),
  /** percent. */
  battery: z.number().optional(),
  /** Seconds of flight left. */
  remainFlightTime: z.number().optional(),
  /** percent the aircraft needs to come home. */
  returnHomePower: z.number().optional(),
  /** percent at which it lands where it is. */
  landingPower: z.number().optional(),
  modeCode: z.number().optional(),
  mode: meaning.optional(),
  homeDistance: z.number().optional(),
  gpsNumber: z.number().optional(),
  rtkNumber: z.number().optional(),
  /** 0 not started, 1 fixing, 2 fixed, 3 failed. */
  rtkFixed: z.number().optional(),
  positionQuality: z.number().optional(),
  /** m/s. */
  windSpeed: z.number().optional(),
  /** N, NE, … the wind comes from. */
  windDirection: z.string().optional(),
  /** RC/dock radio link, 0…5 bars. */
  sdrQuality: z.number().optional(),
  lteQuality: z.number().optional(),
  dock: z
    .object({
      coverState: z.number().optional(),
      droneInDock: z.number().optional(),
      environmentTemperature: z.number().optional(),
      temperature: z.number().optional(),
      humidity: z.number().optional(),
      rainfall: z.number().optional(),
      networkQuality: z.number().optional(),
      emergencyStop: z.number().optional(),
      droneCharging: z.number().optional(),
      jobNumber: z.number().optional(),
      storageUsed: z.number().optional(),
      storageTotal: z.number().optional(),
    })
    .optional(),
});
export type DjiLive = z.infer<typeof djiLiveSchema>;
export type DjiLiveKind = DjiLive['kind'];

/** `target` with `value`'s defined fields set on it. A plain loop: this runs for every OSD message (10,000 a second at fleet scale). */
function assignDefined<T extends object>(target: T, value: Partial<T>): T {
  for (const key in value) if (value[key] !== undefined) target[key] = value[key]!;
  return target;
}

const heading360 = (head: number | undefined) => (head === undefined ? undefined : ((head % 360) + 360) % 360);
const windFrom = (code: number | undefined) => (code === undefined || code < 1 ? undefined : WIND_DIRECTIONS[code - 1]);

/** A 0/1 flag passes the flag schema unchanged (true/false are turned into 0/1 by the schema itself). */
const FLAG_UNCHANGED = new Map([[flagSchema, (value: unknown) => value === 0 || value === 1]]);
/** Each class's OSD, read by a check compiled from its schema and by the schema where the check is not sure. */
const parseOsd = {
  aircraft: fastParser(aircraftOsdSchema, FLAG_UNCHANGED),
  remote_controller: fastParser(rcOsdSchema, FLAG_UNCHANGED),
  dock: fastParser(dockOsdSchema, FLAG_UNCHANGED),
};

export type NormaliseResult = { ok: true; live: DjiLive } | { ok: false; issues: string[] };

/** The OSD `data` of one device of `kind`, validated and normalised; out-of-range or mistyped fields reject the message. */
export function normaliseOsd(sn: string, kind: DjiLiveKind, data: unknown, at: number): NormaliseResult {
  const fail = (error: z.ZodError): NormaliseResult => ({ ok: false, issues: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
  /** Every class reports its position the same way; the rest is the class's own. */
  const live = (o: { latitude?: number; longitude?: number; height?: number }, fields: Partial<DjiLive>): NormaliseResult => {
    // One object per message, its fields set where the device sent them (no intermediate copies: this runs for every OSD).
    const state: DjiLive = { sn, kind, at };
    if (o.latitude !== undefined) state.lat = o.latitude;
    if (o.longitude !== undefined) state.lng = o.longitude;
    if (o.height !== undefined) state.height = o.height;
    return { ok: true, live: assignDefined(state, fields) };
  };
  if (kind === 'aircraft') {
    const parsed = parseOsd.aircraft(data);
    if (!parsed.success) return fail(parsed.error);
    const o = parsed.data;
    return live(o, {
      elevation: o.elevation,
      heading: heading360(o.attitude_head),
      horizontalSpeed: o.horizontal_speed,
      verticalSpeed: o.vertical_speed,
      battery: o.battery?.capacity_percent,
      remainFlightTime: o.battery?.remain_flight_time,
      returnHomePower: o.battery?.return_home_power,
      landingPower: o.battery?.landing_power,
      modeCode: o.mode_code,
      mode: modeMeaning('aircraft', o.mode_code) ?? undefined,
      homeDistance: o.home_distance,
      gpsNumber: o.position_state?.gps_number,
      rtkNumber: o.position_state?.rtk_number,
      rtkFixed: o.position_state?.is_fixed,
      positionQuality: o.position_state?.quality,
      windSpeed: o.wind_speed,
      windDirection: windFrom(o.wind_direction),
    });
  }
  if (kind === 'remote_controller') {
    const parsed = parseOsd.remote_controller(data);
    if (!parsed.success) return fail(parsed.error);
    const o = parsed.data;
    return live(o, {
      battery: o.capacity_percent,
      sdrQuality: o.wireless_link?.sdr_quality,
      lteQuality: o.wireless_link?.['4g_quality'],
    });
  }
  const parsed = parseOsd.dock(data);
  if (!parsed.success) return fail(parsed.error);
  const o = parsed.data;
  const dock = assignDefined<NonNullable<DjiLive['dock']>>(
    {},
    {
      coverState: o.cover_state,
      droneInDock: o.drone_in_dock,
      environmentTemperature: o.environment_temperature,
      temperature: o.temperature,
      humidity: o.humidity,
      rainfall: o.rainfall,
      networkQuality: o.network_state?.quality,
      emergencyStop: o.emergency_stop_state,
      droneCharging: o.drone_charge_state?.state,
      jobNumber: o.job_number,
      storageUsed: o.storage?.used,
      storageTotal: o.storage?.total,
    },
  );
  return live(o, {
    modeCode: o.mode_code,
    mode: modeMeaning('dock', o.mode_code) ?? undefined,
    windSpeed: o.wind_speed,
    sdrQuality: o.wireless_link?.sdr_quality,
    lteQuality: o.wireless_link?.['4g_quality'],
    dock: Object.keys(dock).length ? dock : undefined,
  });
}

/** The fleet sample (sysinfo/fleet) of an aircraft's live state, or null while its position is unknown. */
export function toTelemetry(live: DjiLive, status: DeviceStatus): Telemetry | null {
  const sample = toPositionSample(live);
  // Added to the sample rather than spread into a copy: this runs for every OSD of the fleet (issue 35).
  return sample && Object.assign(sample, { status });
}

/** The position and readings of a live state (what the console takes from raw OSD), or null while its position is unknown. */
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function toPositionSample(live: DjiLive): PositionSample | null {
  if (live.lat === undefined || live.lng === undefined) return null;
  return {
    sn: live.sn,
    lat: live.lat,
    lng: live.lng,
    alt: clamp(live.elevation ?? 0, -1000, 20000),
    speed: clamp(live.horizontalSpeed ?? 0, 0, 200),
    heading: clamp(live.heading ?? 0, 0, 360),
    battery: clamp(live.battery ?? 0, 0, 100),
    at: live.at,
  };
}
