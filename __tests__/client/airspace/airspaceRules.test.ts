import { applicationSchema, cornersOf, parsePositions, toCsv, toPolygon } from '../../../src/features/airspace/airspaceRules';

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
    const base = { purpose: 'x', area: [[1, 2], [3, 4], [5, 6]], min_alt: 0, max_alt: 120, start_at: '2026-01-01T00:00:00.000Z', end_at: '2026-01-02T00:00:00.000Z' };
    const result = applicationSchema.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
  it('CSV quotes commas, quotes and new lines, with a BOM', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"', c: null }], [
      { field: 'a', header: 'A' },
      { field: 'b', header: 'B' },
      { field: 'c', header: 'C' },
    ]);
    expect(csv).toBe('\uFEFFA,B,C\r\n"x,y","say ""hi""",\r\n');
  });
});
