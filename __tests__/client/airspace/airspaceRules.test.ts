import dayjs from 'dayjs';
import {
  applicationSchema,
  chartParams,
  cornersOf,
  parsePositions,
  reportDefaults,
  reportsFileName,
  toPolygon,
} from '../../../src/features/airspace/airspaceRules';

describe('airspace rules', () => {
  it('parses one lng,lat per line and skips bad lines', () => {
    expect(parsePositions('114.1,22.5\n  114.2 22.6\nfoo\n200,10\n114.3,22.7')).toEqual([
      [114.1, 22.5],
      [114.2, 22.6],
      [114.3, 22.7],
    ]);
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
