import type { Polygon } from '@shared/geo';

/** One metre of latitude in degrees. */
export const M = 1 / 111_320;

type Ring = Polygon['coordinates'][number];

/** An axis-aligned rectangle, optionally with a rectangular hole [west, south, east, north]. */
export const square = (west: number, south: number, east: number, north: number, hole?: [number, number, number, number]): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ] as Ring,
    ...(hole
      ? [
          [
            [hole[0], hole[1]],
            [hole[0], hole[3]],
            [hole[2], hole[3]],
            [hole[2], hole[1]],
            [hole[0], hole[1]],
          ] as Ring,
        ]
      : []),
  ],
});

/** The conformance tests' plan area: a ~1 km square at 22.5 N 114.0 E. */
export const AREA_BOUNDS = [114.0, 22.5, 114.01, 22.51] as const;
export const AREA = square(...AREA_BOUNDS);

/** The height band of the tests' approved applications, in metres. */
export const BAND = { min_alt: 0, max_alt: 120 };

/** The GPS tolerance the conformance tests judge with. */
export const TOLERANCE = { horizontalM: 10, verticalM: 5 };
