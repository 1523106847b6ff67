import dayjs from 'dayjs';
import { DEFAULT_AIRSPACE_RULES, type RouteFacts } from '@shared/airspace';
import {
  applicationSchema,
  chartParams,
  applicationVerdict,
  cornersOf,
  parseAreaText,
  planSchema,
  planVerdict,
  reportDefaults,
  reportSchema,
  reportsFileName,
  toPolygon,
} from '../../../src/features/airspace/airspaceRules';
import { applicationRow } from '../support/rows';

describe('airspace rules', () => {
  it('parses one lng,lat per line and reports every bad line with its number', () => {
    expect(parseAreaText('114.1,22.5\n  114.2 22.6\nfoo\n\n200,10\n114.3,22.7\n114.4,22.8,5')).toEqual({
      positions: [
        [114.1, 22.5],
        [114.2, 22.6],
        [114.3, 22.7],
      ],
      bad: [
        { line: 3, text: 'foo' },
        { line: 5, text: '200,10' },
        { line: 7, text: '114.4,22.8,5' },
      ],
    });
  });
  it('closes the ring and reads it back', () => {
    const polygon = toPolygon([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(polygon.coordinates[0]).toHaveLength(4);
    expect(polygon.coordinates[0][3]).toEqual([1, 2]);
    expect(cornersOf(polygon)).toHaveLength(3);
  });
  it.each([
    ['too few corners', { area: [[1, 2]] }, 'area', 'airspace.areaNeeds3'],
    ['max below min', { min_alt: 100, max_alt: 50 }, 'max_alt', 'airspace.altOrder'],
    ['end before start', { start_at: '2026-01-02T00:00:00.000Z', end_at: '2026-01-01T00:00:00.000Z' }, 'end_at', 'airspace.timeOrder'],
  ])('rejects %s', (_name, patch, field, message) => {
    const base = {
      purpose: 'x',
      purpose_kind: 'routine',
      area: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      min_alt: 0,
      max_alt: 120,
      start_at: '2026-01-01T00:00:00.000Z',
      end_at: '2026-01-02T00:00:00.000Z',
    };
    const result = applicationSchema.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
  describe("the forms check the server's limits (the shared inputs) and send what it reads", () => {
    const application = {
      purpose: '巡检',
      purpose_kind: 'routine',
      device_id: '',
      area: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      min_alt: 0,
      max_alt: 120,
      start_at: '2026-01-01T00:00:00.000Z',
      end_at: '2026-01-02T00:00:00.000Z',
    };
    const plan = { application_id: '5', route_id: '', device_id: '3', planned_start_at: application.start_at, planned_end_at: application.end_at, note: '' };
    const report = { plan_id: '', device_id: '3', takeoff_at: application.start_at, landing_at: application.end_at, distance_m: '1200', max_alt: 80 };
    it.each([
      ['an application above 5000 m', applicationSchema, { ...application, max_alt: 5001 }, 'max_alt', 'too_big'],
      ['a plan note over 2000 characters', planSchema, { ...plan, note: 'x'.repeat(2001) }, 'note', 'too_big'],
      ['a report over 1,000,000 m', reportSchema, { ...report, distance_m: 1_000_001 }, 'distance_m', 'too_big'],
      ['a report above 10,000 m', reportSchema, { ...report, max_alt: 10_001 }, 'max_alt', 'too_big'],
      ['a report without its takeoff', reportSchema, { ...report, takeoff_at: '' }, 'takeoff_at', 'too_small'],
    ])('refuses %s', (_name, schema, values, field, code) => {
      expect(schema.safeParse(values).error?.issues.find((i) => i.path[0] === field)?.code).toBe(code);
    });
    it.each([
      [
        'an application: the area closed, no aircraft',
        applicationSchema,
        application,
        {
          ...application,
          device_id: null,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [1, 2],
                [3, 4],
                [5, 6],
                [1, 2],
              ],
            ],
          },
        },
      ],
      ['a plan: ids as numbers, no route or note', planSchema, plan, { ...plan, application_id: 5, route_id: null, device_id: 3, note: null }],
      ['a report: no plan, the distance as a number', reportSchema, report, { ...report, plan_id: null, device_id: 3, distance_m: 1200 }],
    ])('sends %s', (_name, schema, values, body) => {
      expect(schema.parse(values)).toEqual(body);
    });
  });
  describe('the server rules on the form values (shared/airspace)', () => {
    const square = [
      [114, 22.5],
      [114.01, 22.5],
      [114.01, 22.51],
      [114, 22.51],
    ];
    const form = { area: square, min_alt: 0, max_alt: 100, start_at: '2026-11-26T02:00:00.000Z', end_at: '2026-11-26T04:00:00.000Z', purpose_kind: 'routine' };
    const now = Date.parse('2026-11-24T00:00:00Z');
    it.each<[string, Record<string, unknown>, string | null, string[] | null, boolean]>([
      ['incomplete: no verdict yet', { area: square.slice(0, 2) }, null, null, false],
      ['all rules met', {}, 'aircraft', [], false],
      ['a dock and too high', { max_alt: 400 }, 'dock', ['altitude_ceiling', 'device_not_aircraft'], false],
      ['late for a routine flight this afternoon', { start_at: '2026-11-24T06:00:00.000Z', end_at: '2026-11-24T07:00:00.000Z' }, null, [], true],
      [
        'on time for tomorrow morning (before 12:00 Shanghai today)',
        { start_at: '2026-11-25T01:00:00.000Z', end_at: '2026-11-25T02:00:00.000Z' },
        null,
        [],
        false,
      ],
      ['not late when emergency', { start_at: '2026-11-24T01:00:00.000Z', end_at: '2026-11-24T02:00:00.000Z', purpose_kind: 'emergency' }, null, [], false],
    ])('application: %s', (_name, patch, kind, codes, late) => {
      const verdict = applicationVerdict({ ...form, ...patch }, DEFAULT_AIRSPACE_RULES, kind, now);
      expect(verdict && verdict.violations.map((v) => v.code)).toEqual(codes);
      if (verdict) expect(verdict.late).toBe(late);
    });
    const application = applicationRow({
      id: 1,
      status: 'approved',
      device_id: 3,
      min_alt: 0,
      max_alt: 100,
      start_at: form.start_at,
      end_at: form.end_at,
      area: toPolygon(square as [number, number][]),
    });
    const route = {
      id: 2,
      waypoints: [
        { lng: 114.001, lat: 22.501, alt: 50 },
        { lng: 114.02, lat: 22.505, alt: 50 },
      ],
    };
    it.each<[string, Record<string, unknown>, RouteFacts | undefined, string[] | null]>([
      ['no application chosen yet', {}, undefined, null],
      ['inside', {}, undefined, []],
      [
        'after the window, another aircraft, a waypoint outside',
        { planned_end_at: '2026-11-26T05:00:00.000Z', device_id: '4' },
        route,
        ['plan_ends_after_window', 'plan_device_mismatch', 'waypoint_outside_area'],
      ],
    ])('plan: %s', (name, patch, r, codes) => {
      const values = { application_id: '1', planned_start_at: '2026-11-26T02:30:00.000Z', planned_end_at: '2026-11-26T03:00:00.000Z', ...patch };
      expect(planVerdict(values, name.startsWith('no application') ? undefined : application, r)?.map((v) => v.code) ?? null).toEqual(codes);
    });
  });
  it('defaults the reports range to the 30 days up to today', () => {
    expect(reportDefaults(dayjs('2026-03-10T15:00:00')).filters).toEqual({ takeoff_from: '2026-02-09', takeoff_to: '2026-03-10' });
  });
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['the list range', { takeoff_from: '2026-11-01', takeoff_to: '2026-11-20' }, { from: '2026-11-01', to: '2026-11-20' }],
    ['the defaults before the query is set', {}, { from: '2026-10-01', to: '2026-10-30' }],
    ['the device filter too', { takeoff_from: '2026-11-01', device_id: '7' }, { from: '2026-11-01', to: '2026-10-30', device_id: '7' }],
  ])('charts follow %s', (_name, filters, expected) => {
    expect(chartParams(filters, { takeoff_from: '2026-10-01', takeoff_to: '2026-10-30' })).toEqual(expected);
  });
  it('names the export after its range', () => {
    expect(reportsFileName({ from: '2026-11-01', to: '2026-11-20' })).toBe('flight-reports-2026-11-01-2026-11-20.csv');
  });
});
