import { boundsOf, centreOf, measure, withMeasurement } from '../../../src/features/map/measure';
import type { DraftGeometry, FeatureGeometry } from '../../../src/features/map/types';

const square: DraftGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [0, 0],
    ],
  ],
};

describe('measure', () => {
  it.each<[string, DraftGeometry | null, { length_m?: [number, number]; area_m2?: [number, number] }]>([
    ['a point has neither', { type: 'Point', coordinates: [114, 22] }, {}],
    ['nothing', null, {}],
    [
      'a 0.01° line on the equator ≈ 1112 m',
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0.01, 0],
        ],
      },
      { length_m: [1110, 1114] },
    ],
    ['a 0.01° square on the equator ≈ 1.236 km²', square, { area_m2: [1_230_000, 1_240_000], length_m: [4440, 4460] }],
    [
      'a circle of 100 m: 2πr around, πr² inside',
      { type: 'Circle', coordinates: [114, 22], radius: 100 },
      { area_m2: [31415.9, 31416], length_m: [628.3, 628.4] },
    ],
  ])('%s', (_name, geometry, expected) => {
    const m = measure(geometry);
    expect(Object.keys(m).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, [lo, hi]] of Object.entries(expected) as Array<[keyof typeof m, [number, number]]>) {
      expect(m[key]).toBeGreaterThanOrEqual(lo);
      expect(m[key]).toBeLessThanOrEqual(hi);
    }
  });

  it('a hole is subtracted', () => {
    const withHole: FeatureGeometry = {
      type: 'Polygon',
      coordinates: [
        ...(square as { coordinates: number[][][] }).coordinates,
        [
          [0.002, 0.002],
          [0.004, 0.002],
          [0.004, 0.004],
          [0.002, 0.004],
          [0.002, 0.002],
        ],
      ],
    };
    expect(measure(withHole).area_m2!).toBeLessThan(measure(square).area_m2!);
  });
});

describe('withMeasurement, centreOf, boundsOf', () => {
  it('replaces stale measurements and keeps other properties', () => {
    expect(withMeasurement({ area_m2: 5, length_m: 1, owner: 'x' }, { type: 'Point', coordinates: [1, 2] })).toEqual({ owner: 'x' });
    expect(withMeasurement({ owner: 'x' }, square)).toMatchObject({ owner: 'x', area_m2: expect.any(Number), length_m: expect.any(Number) });
  });
  it('centre and bounds are [lat, lng]', () => {
    expect(centreOf(square)).toEqual([0.005, 0.005]);
    expect(centreOf({ type: 'Point', coordinates: [114, 22] })).toEqual([22, 114]);
    expect(boundsOf(square)).toEqual([
      [0, 0],
      [0.01, 0.01],
    ]);
  });
});
