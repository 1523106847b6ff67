import { deviceModelName, parseDeviceTypeKey } from '@shared/dji/devices';
import { parseEnvelope, replyTo, RESULT } from '@shared/dji/envelope';
import { normaliseOsd, toTelemetry } from '@shared/dji/live';
import { mergeLive } from '@shared/dji/mergeLive';
import { deriveDeviceStatus, type StatusInput } from '@shared/dji/status';
import { parseDeviceTopic, replyTopic, statusTopic, UPLINK_FILTERS } from '@shared/dji/topics';
import { updateTopoSchema } from '@shared/dji/topology';

describe('deriveDeviceStatus', () => {
  const now = 1_000_000;
  const base: StatusInput = { kind: 'aircraft', inTopology: true, lastSeenAt: now - 1000, now, offlineAfterMs: 30_000 };
  test.each<[string, Partial<StatusInput>, string]>([
    ['fresh aircraft, no mode yet', {}, 'online'],
    ['aircraft standby', { modeCode: 0 }, 'online'],
    ['aircraft ready to take off', { modeCode: 2 }, 'online'],
    ['aircraft in manual flight', { modeCode: 3 }, 'flying'],
    ['aircraft on a wayline', { modeCode: 5 }, 'flying'],
    ['aircraft returning home', { modeCode: 9 }, 'flying'],
    ['aircraft upgrading', { modeCode: 13 }, 'maintenance'],
    ['aircraft reported disconnected', { modeCode: 14 }, 'offline'],
    ['aircraft gone from the topology', { inTopology: false, modeCode: 5 }, 'offline'],
    ['aircraft silent too long', { lastSeenAt: now - 30_001, modeCode: 5 }, 'offline'],
    ['aircraft silent exactly the limit', { lastSeenAt: now - 30_000 }, 'online'],
    ['never seen', { lastSeenAt: undefined }, 'offline'],
    ['dock idle', { kind: 'dock', modeCode: 0 }, 'online'],
    ['dock working', { kind: 'dock', modeCode: 4 }, 'online'],
    ['dock remote debugging', { kind: 'dock', modeCode: 2 }, 'maintenance'],
    ['dock upgrading', { kind: 'dock', modeCode: 3 }, 'maintenance'],
    ['dock mode 5 (aircraft code) is not flying', { kind: 'dock', modeCode: 5 }, 'online'],
    ['remote controller connected', { kind: 'remote_controller' }, 'online'],
    ['remote controller disconnected', { kind: 'remote_controller', inTopology: false }, 'offline'],
  ])('%s', (_name, change, expected) => {
    expect(deriveDeviceStatus({ ...base, ...change })).toBe(expected);
  });
});

describe('topics', () => {
  test.each<[string, ReturnType<typeof parseDeviceTopic>]>([
    ['sys/product/5YSZK7R0020SIM/status', { sn: '5YSZK7R0020SIM', channel: 'status' }],
    ['thing/product/1581F5FHD23A100/osd', { sn: '1581F5FHD23A100', channel: 'osd' }],
    ['thing/product/GW1/events', { sn: 'GW1', channel: 'events' }],
    ['thing/product/GW1/services_reply', { sn: 'GW1', channel: 'services_reply' }],
    ['thing/product/GW1/property/set_reply', { sn: 'GW1', channel: 'property/set_reply' }],
    ['thing/product/GW1/status', null],
    ['sys/product/GW1/osd', null],
    ['thing/product/a.b/osd', null],
    ['thing/product/GW1/osd/extra', null],
  ])('%s', (topic, expected) => {
    expect(parseDeviceTopic(topic)).toEqual(expected);
  });
  test('builders and filters', () => {
    expect(replyTopic(statusTopic('GW1'))).toBe('sys/product/GW1/status_reply');
    expect(UPLINK_FILTERS).toContain('thing/product/+/requests');
    expect(UPLINK_FILTERS).toContain('sys/product/+/status');
  });
});

describe('envelope', () => {
  test.each<[string, string, object]>([
    ['not JSON', '{nope', { ok: false, reason: 'not_json' }],
    ['no data', '{"tid":"t","bid":"b","timestamp":1}', { ok: false, reason: 'invalid_envelope', tid: 't', bid: 'b' }],
    ['no tid', '{"bid":"b","timestamp":1,"data":{}}', { ok: false, reason: 'invalid_envelope', bid: 'b' }],
    ['valid', '{"tid":"t","bid":"b","timestamp":1,"method":"m","data":{}}', { ok: true }],
    [
      'data null (a request without parameters, as DJI sends flight_areas_get)',
      '{"tid":"t","bid":"b","timestamp":1,"method":"flight_areas_get","data":null}',
      { ok: true, envelope: { data: {} } },
    ],
    ['data not an object', '{"tid":"t","bid":"b","timestamp":1,"method":"m","data":3}', { ok: false, reason: 'invalid_envelope', tid: 't' }],
  ])('%s', (_name, payload, expected) => {
    expect(parseEnvelope(payload)).toMatchObject(expected);
  });
  test('a reply keeps tid, bid and method', () => {
    expect(replyTo({ tid: 't', bid: 'b', method: 'update_topo' }, RESULT.ok, undefined, 5)).toEqual({
      tid: 't',
      bid: 'b',
      method: 'update_topo',
      timestamp: 5,
      data: { result: 0 },
    });
  });
});

describe('device models, topology and HMS texts', () => {
  test('model names from domain/type/sub_type', () => {
    expect(deviceModelName(0, 89, 0)).toBe('Matrice 350 RTK');
    expect(deviceModelName(2, 119, 0)).toBe('DJI RC Plus');
    expect(deviceModelName(3, 2, 0)).toBe('DJI Dock 2');
    expect(deviceModelName(0, 4242, 7)).toBe('DJI 0-4242-7');
    expect(parseDeviceTypeKey('0-89-0')).toEqual({ domain: 0, type: 89, subType: 0 });
    expect(parseDeviceTypeKey('9-89-0')).toBeNull();
  });
  test('update_topo accepts string or numeric domains and refuses bad serials', () => {
    const topo = { domain: '2', type: 119, sub_type: 0, sub_devices: [{ sn: 'AC1', domain: 0, type: 89, sub_type: 0, index: 'A' }] };
    expect(updateTopoSchema.parse(topo).domain).toBe(2);
    expect(updateTopoSchema.safeParse({ ...topo, sub_devices: [{ ...topo.sub_devices[0], sn: 'a/b' }] }).success).toBe(false);
  });
});

describe('OSD normalisation', () => {
  test('aircraft', () => {
    const result = normaliseOsd(
      'AC1',
      'aircraft',
      {
        latitude: 22.5,
        longitude: 114,
        height: 120,
        elevation: 50,
        attitude_head: -90,
        horizontal_speed: 8,
        mode_code: 5,
        battery: { capacity_percent: 77, remain_flight_time: 900 },
        position_state: { gps_number: 18, rtk_number: 30, is_fixed: 2, quality: 5 },
        wind_speed: 4.2,
        wind_direction: 3,
        home_distance: 321,
      },
      10,
    );
    expect(result).toEqual({
      ok: true,
      live: expect.objectContaining({ lat: 22.5, heading: 270, battery: 77, remainFlightTime: 900, rtkFixed: 2, windDirection: 'E', homeDistance: 321 }),
    });
    if (!result.ok) return;
    expect(result.live.mode?.en).toBe('Wayline flight');
    expect(toTelemetry(result.live, 'flying')).toEqual({
      sn: 'AC1',
      lat: 22.5,
      lng: 114,
      alt: 50,
      speed: 8,
      heading: 270,
      battery: 77,
      status: 'flying',
      at: 10,
    });
  });
  test('remote controller and dock', () => {
    const rc = normaliseOsd(
      'RC1',
      'remote_controller',
      { latitude: 1, longitude: 2, capacity_percent: 60, wireless_link: { sdr_quality: 4, '4g_quality': 2 } },
      1,
    );
    expect(rc).toMatchObject({ ok: true, live: { battery: 60, sdrQuality: 4, lteQuality: 2 } });
    const dock = normaliseOsd('D1', 'dock', { mode_code: 2, cover_state: 1, drone_in_dock: true, rainfall: 0, humidity: 40 }, 1);
    expect(dock).toMatchObject({ ok: true, live: { modeCode: 2, mode: { en: 'Remote debugging' }, dock: { coverState: 1, droneInDock: 1, humidity: 40 } } });
  });
  test.each<[string, unknown]>([
    ['latitude out of range', { latitude: 91 }],
    ['battery over 100', { battery: { capacity_percent: 101 } }],
    ['speed as text', { horizontal_speed: 'fast' }],
    ['not an object', 5],
  ])('aircraft OSD rejected: %s', (_name, data) => {
    expect(normaliseOsd('AC1', 'aircraft', data, 1).ok).toBe(false);
  });
  test('merge keeps the last known value of each field', () => {
    const first = normaliseOsd('D1', 'dock', { latitude: 1, longitude: 2, cover_state: 0, humidity: 30 }, 1);
    const second = normaliseOsd('D1', 'dock', { cover_state: 1 }, 2);
    if (!first.ok || !second.ok) throw new Error('valid samples');
    expect(mergeLive(first.live, second.live)).toMatchObject({ lat: 1, at: 2, dock: { coverState: 1, humidity: 30 } });
  });
});
