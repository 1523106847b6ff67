import { DEVICE_STATUSES, SERIAL_PATTERN, type DeviceStatus, type Telemetry } from '../live';

/**
 * The sysinfo/fleet payload, binary and columnar (docs/mqtt.md "sysinfo/fleet"): every aircraft's newest sample in
 * one message a second. All numbers little-endian.
 *
 *   u8 version (FLEET_CODEC_VERSION) · u8×3 reserved (0) · u32 count · f64 at (epoch ms)
 *   f64 lat[count] · f64 lng[count] · f64 sampleAt[count]
 *   f32 alt[count] · f32 speed[count] · f32 heading[count] · f32 battery[count]
 *   u8 status[count] (index in DEVICE_STATUSES) · u8 taskKind[count] (0 none, 1 number, 2 string)
 *   then per aircraft, in order: u8 serial length · serial (ASCII) · taskId (f64 if kind 1, u16 length + UTF-8 if kind 2)
 */
export const FLEET_CODEC_VERSION = 1;

const HEADER_BYTES = 16;
/** The fixed-width columns of one aircraft: three f64, four f32, two u8. */
const COLUMN_BYTES = 3 * 8 + 4 * 4 + 2;
/** The least an aircraft can take: its columns and a one-character serial. */
const MIN_RECORD_BYTES = COLUMN_BYTES + 2;

const TaskKind = { None: 0, Number: 1, String: 2 } as const;

/** A decoded snapshot, column by column (the worker copies these into its model; no object per aircraft). */
export interface FleetColumns {
  at: number;
  /** Aircraft kept (records that failed the plausibility checks are left out and counted in `rejected`). */
  count: number;
  rejected: number;
  sn: string[];
  lat: Float64Array;
  lng: Float64Array;
  sampleAt: Float64Array;
  alt: Float32Array;
  speed: Float32Array;
  heading: Float32Array;
  battery: Float32Array;
  /** Index in DEVICE_STATUSES. */
  status: Uint8Array;
  taskId: Array<string | number | undefined>;
}

export type FleetDecodeError = 'version' | 'truncated' | 'malformed';
export type FleetDecodeResult = { ok: true; fleet: FleetColumns } | { ok: false; error: FleetDecodeError; detail: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const statusCode = (status: DeviceStatus) => DEVICE_STATUSES.indexOf(status);

/** Encodes one snapshot (server side: one pass over the samples, validated on ingest). */
export function encodeFleet(at: number, samples: readonly Telemetry[]): Uint8Array {
  const count = samples.length;
  const serials = samples.map((s) => encoder.encode(s.sn));
  const tasks = samples.map((s) => (typeof s.taskId === 'string' ? encoder.encode(s.taskId) : null));
  let tail = 0;
  for (let i = 0; i < count; i++) {
    tail += 1 + serials[i].length;
    if (tasks[i]) tail += 2 + tasks[i]!.length;
    else if (typeof samples[i].taskId === 'number') tail += 8;
  }
  const bytes = new Uint8Array(HEADER_BYTES + count * COLUMN_BYTES + tail);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, FLEET_CODEC_VERSION);
  view.setUint32(4, count, true);
  view.setFloat64(8, at, true);
  const f64 = (column: number, i: number) => HEADER_BYTES + (column * count + i) * 8;
  const f32 = (column: number, i: number) => HEADER_BYTES + 24 * count + (column * count + i) * 4;
  const u8 = (column: number, i: number) => HEADER_BYTES + 40 * count + column * count + i;
  let offset = HEADER_BYTES + count * COLUMN_BYTES;
  samples.forEach((s, i) => {
    view.setFloat64(f64(0, i), s.lat, true);
    view.setFloat64(f64(1, i), s.lng, true);
    view.setFloat64(f64(2, i), s.at, true);
    view.setFloat32(f32(0, i), s.alt, true);
    view.setFloat32(f32(1, i), s.speed, true);
    view.setFloat32(f32(2, i), s.heading, true);
    view.setFloat32(f32(3, i), s.battery, true);
    view.setUint8(u8(0, i), statusCode(s.status));
    bytes[offset++] = serials[i].length;
    bytes.set(serials[i], offset);
    offset += serials[i].length;
    if (tasks[i]) {
      view.setUint8(u8(1, i), TaskKind.String);
      view.setUint16(offset, tasks[i]!.length, true);
      bytes.set(tasks[i]!, offset + 2);
      offset += 2 + tasks[i]!.length;
    } else if (typeof s.taskId === 'number') {
      view.setUint8(u8(1, i), TaskKind.Number);
      view.setFloat64(offset, s.taskId, true);
      offset += 8;
    }
  });
  return bytes;
}

const plausible = (lat: number, lng: number, values: number[], status: number, sn: string) =>
  lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && values.every(Number.isFinite) && status < DEVICE_STATUSES.length && SERIAL_PATTERN.test(sn);

/** Decodes untrusted bytes: a wrong version, a short or inconsistent payload is an error, never a throw. */
export function decodeFleet(bytes: Uint8Array): FleetDecodeResult {
  if (bytes.length < 1) return { ok: false, error: 'truncated', detail: 'empty payload' };
  if (bytes[0] !== FLEET_CODEC_VERSION) return { ok: false, error: 'version', detail: `version ${bytes[0]}, expected ${FLEET_CODEC_VERSION}` };
  if (bytes.length < HEADER_BYTES) return { ok: false, error: 'truncated', detail: `${bytes.length} bytes, header needs ${HEADER_BYTES}` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const total = view.getUint32(4, true);
  const at = view.getFloat64(8, true);
  if (!Number.isFinite(at)) return { ok: false, error: 'malformed', detail: 'snapshot time is not a number' };
  if (bytes.length < HEADER_BYTES + total * MIN_RECORD_BYTES)
    return { ok: false, error: 'truncated', detail: `${bytes.length} bytes cannot hold ${total} aircraft` };
  const f64 = (column: number, i: number) => view.getFloat64(HEADER_BYTES + (column * total + i) * 8, true);
  const f32 = (column: number, i: number) => view.getFloat32(HEADER_BYTES + 24 * total + (column * total + i) * 4, true);
  const u8 = (column: number, i: number) => bytes[HEADER_BYTES + 40 * total + column * total + i];
  const fleet: FleetColumns = {
    at,
    count: 0,
    rejected: 0,
    sn: [],
    lat: new Float64Array(total),
    lng: new Float64Array(total),
    sampleAt: new Float64Array(total),
    alt: new Float32Array(total),
    speed: new Float32Array(total),
    heading: new Float32Array(total),
    battery: new Float32Array(total),
    status: new Uint8Array(total),
    taskId: [],
  };
  let offset = HEADER_BYTES + total * COLUMN_BYTES;
  for (let i = 0; i < total; i++) {
    const snLength = bytes[offset];
    if (offset + 1 + snLength > bytes.length) return { ok: false, error: 'truncated', detail: `aircraft ${i}: serial cut off` };
    const sn = decoder.decode(bytes.subarray(offset + 1, offset + 1 + snLength));
    offset += 1 + snLength;
    let taskId: string | number | undefined;
    const kind = u8(1, i);
    if (kind === TaskKind.Number) {
      if (offset + 8 > bytes.length) return { ok: false, error: 'truncated', detail: `aircraft ${i}: task cut off` };
      taskId = view.getFloat64(offset, true);
      offset += 8;
    } else if (kind === TaskKind.String) {
      const length = offset + 2 <= bytes.length ? view.getUint16(offset, true) : Infinity;
      if (offset + 2 + length > bytes.length) return { ok: false, error: 'truncated', detail: `aircraft ${i}: task cut off` };
      taskId = decoder.decode(bytes.subarray(offset + 2, offset + 2 + length));
      offset += 2 + length;
    } else if (kind !== TaskKind.None) {
      return { ok: false, error: 'malformed', detail: `aircraft ${i}: task kind ${kind}` };
    }
    const [lat, lng, sampleAt, alt, speed, heading, battery] = [f64(0, i), f64(1, i), f64(2, i), f32(0, i), f32(1, i), f32(2, i), f32(3, i)];
    const status = u8(0, i);
    if (!plausible(lat, lng, [sampleAt, alt, speed, heading, battery], status, sn) || (typeof taskId === 'number' && !Number.isFinite(taskId))) {
      fleet.rejected++;
      continue;
    }
    const k = fleet.count++;
    fleet.sn.push(sn);
    fleet.taskId.push(taskId);
    fleet.lat[k] = lat;
    fleet.lng[k] = lng;
    fleet.sampleAt[k] = sampleAt;
    fleet.alt[k] = alt;
    fleet.speed[k] = speed;
    fleet.heading[k] = heading;
    fleet.battery[k] = battery;
    fleet.status[k] = status;
  }
  if (offset !== bytes.length) return { ok: false, error: 'malformed', detail: `${bytes.length - offset} bytes after the last aircraft` };
  return { ok: true, fleet };
}

/** Aircraft i of a decoded snapshot as a Telemetry sample (the server narrowing a snapshot, tests; never per browser frame). */
export function telemetryOf(fleet: FleetColumns, i: number): Telemetry {
  const taskId = fleet.taskId[i];
  return {
    sn: fleet.sn[i],
    lat: fleet.lat[i],
    lng: fleet.lng[i],
    alt: fleet.alt[i],
    speed: fleet.speed[i],
    heading: fleet.heading[i],
    battery: fleet.battery[i],
    status: DEVICE_STATUSES[fleet.status[i]],
    ...(taskId === undefined ? {} : { taskId }),
    at: fleet.sampleAt[i],
  };
}

/** The snapshot with only the aircraft `keep` accepts (a browser's data scope), encoded again. */
export function narrowFleet(fleet: FleetColumns, keep: (sn: string) => boolean): Uint8Array {
  const kept: Telemetry[] = [];
  for (let i = 0; i < fleet.count; i++) if (keep(fleet.sn[i])) kept.push(telemetryOf(fleet, i));
  return encodeFleet(fleet.at, kept);
}
