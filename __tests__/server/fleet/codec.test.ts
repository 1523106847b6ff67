import { decodeFleet, encodeFleet, FLEET_CODEC_VERSION, narrowFleet, telemetryOf, type FleetColumns } from '@shared/fleet/codec';
import type { Telemetry } from '@shared/live';

const sample = (sn: string, overrides: Partial<Telemetry> = {}): Telemetry => ({
  sn,
  lat: 30.123456789,
  lng: 120.987654321,
  // f32 columns: values a float32 holds exactly round-trip exactly.
  alt: 120.5,
  speed: 12.25,
  heading: 271.5,
  battery: 87,
  status: 'flying',
  at: 1_767_600_000_123,
  ...overrides,
});

const decoded = (bytes: Uint8Array): FleetColumns => {
  const result = decodeFleet(bytes);
  if (!result.ok) throw new Error(`${result.error}: ${result.detail}`);
  return result.fleet;
};
const all = (fleet: FleetColumns) => Array.from({ length: fleet.count }, (_, i) => telemetryOf(fleet, i));

describe('sysinfo/fleet codec', () => {
  it('round-trips every field, task ids of each kind, and an empty snapshot', () => {
    const samples = [
      sample('DRONE-0001'),
      sample('D2', { status: 'online', taskId: 42, lat: -90, lng: 180 }),
      sample('d_3', { status: 'maintenance', taskId: '巡检-7', speed: 0, heading: 0 }),
      sample('x'.repeat(64), { status: 'offline', taskId: '', battery: 0 }),
    ];
    const fleet = decoded(encodeFleet(1_767_600_001_000, samples));
    expect(fleet).toMatchObject({ at: 1_767_600_001_000, count: 4, rejected: 0 });
    expect(all(fleet)).toEqual(samples);
    expect(decoded(encodeFleet(5, []))).toMatchObject({ at: 5, count: 0, rejected: 0 });
  });

  it("narrows a snapshot to the aircraft kept (a browser's data scope), every field and the time unchanged", () => {
    const samples = [sample('A1'), sample('B1', { taskId: 9, status: 'online' }), sample('A2', { taskId: '巡检' })];
    const fleet = decoded(encodeFleet(11, samples));
    const narrowed = decoded(narrowFleet(fleet, (sn) => sn.startsWith('A')));
    expect(narrowed).toMatchObject({ at: 11, count: 2, rejected: 0 });
    expect(all(narrowed)).toEqual([samples[0], samples[2]]);
    expect(decoded(narrowFleet(fleet, () => false))).toMatchObject({ at: 11, count: 0 });
  });

  it('decodes from a view into a larger buffer (as MQTT clients deliver payloads)', () => {
    const bytes = encodeFleet(7, [sample('A'), sample('B', { taskId: 'T' })]);
    const framed = new Uint8Array(bytes.length + 13);
    framed.set(bytes, 5);
    expect(all(decoded(framed.subarray(5, 5 + bytes.length)))).toEqual([sample('A'), sample('B', { taskId: 'T' })]);
  });

  it('is compact: under half the same snapshot as JSON', () => {
    const drones = Array.from({ length: 5000 }, (_, i) => sample(`DRONE-${i}`, { taskId: i }));
    expect(encodeFleet(1, drones).length).toBeLessThan(JSON.stringify({ at: 1, drones }).length / 2);
  });

  const valid = encodeFleet(9, [sample('A', { taskId: 'task' }), sample('B', { taskId: 3 })]);
  const patched = (edit: (bytes: Uint8Array, view: DataView) => void) => {
    const bytes = valid.slice();
    edit(bytes, new DataView(bytes.buffer));
    return bytes;
  };

  it.each<[string, Uint8Array, string]>([
    ['another version', patched((b) => (b[0] = FLEET_CODEC_VERSION + 1)), 'version'],
    ['a JSON payload (the old encoding)', new TextEncoder().encode('{"at":1,"drones":[]}'), 'version'],
    ['nothing', new Uint8Array(0), 'truncated'],
    ['a header cut short', valid.subarray(0, 10), 'truncated'],
    ['columns cut short', valid.subarray(0, 40), 'truncated'],
    ['a task cut off', valid.subarray(0, valid.length - 3), 'truncated'],
    ['a count larger than the payload', patched((_, v) => v.setUint32(4, 1000, true)), 'truncated'],
    ['bytes after the last aircraft', new Uint8Array([...valid, 0]), 'malformed'],
    ['an unknown task kind', patched((b) => (b[16 + 40 * 2 + 2] = 9)), 'malformed'],
    ['a snapshot time that is not a number', patched((_, v) => v.setFloat64(8, NaN, true)), 'malformed'],
  ])('drops %s with a named error, never throwing', (_, bytes, error) => {
    expect(decodeFleet(bytes)).toMatchObject({ ok: false, error });
  });

  it('leaves out and counts aircraft whose values are implausible, keeping the rest', () => {
    const bytes = encodeFleet(9, [sample('A'), sample('B'), sample('C'), sample('D'), sample('E')]);
    const view = new DataView(bytes.buffer);
    view.setFloat64(16 + 8 * 1, 91, true); // B: latitude out of range
    view.setFloat32(16 + 24 * 5 + 4 * 2, NaN, true); // C: altitude not a number
    bytes[16 + 40 * 5 + 3] = 7; // D: unknown status
    const fleet = decoded(bytes);
    expect(fleet).toMatchObject({ count: 2, rejected: 3 });
    expect(fleet.sn).toEqual(['A', 'E']);
  });

  it('leaves out an aircraft whose serial is not a serial', () => {
    const bytes = encodeFleet(9, [sample('A'), sample('B')]);
    bytes[bytes.length - 1] = '/'.charCodeAt(0);
    expect(decoded(bytes)).toMatchObject({ count: 1, rejected: 1, sn: ['A'] });
  });

  it('survives random corruption of a valid payload (error or plausible aircraft, no throw)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const base = encodeFleet(
      9,
      Array.from({ length: 20 }, (_, i) => sample(`S${i}`, { taskId: i % 2 ? i : `t${i}` })),
    );
    for (let round = 0; round < 500; round++) {
      const bytes = base.slice(0, Math.floor(random() * (base.length + 1)));
      for (let k = 0; k < 3; k++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      const result = decodeFleet(bytes);
      if (result.ok) for (const t of all(result.fleet)) expect(Math.abs(t.lat)).toBeLessThanOrEqual(90);
    }
  });
});
