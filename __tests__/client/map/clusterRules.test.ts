import { clusterClick, gridClusters, pointsBounds, viewBbox, worldPixel } from '../../../src/features/map/clusterRules';

const at = (id: number, lat: number, lng: number) => ({ id, position: [lat, lng] as [number, number] });

describe('worldPixel', () => {
  it.each([
    ['the origin at zoom 0', [0, 0], 0, [128, 128]],
    ['the antimeridian, north-west corner', [85.05112878, -180], 0, [0, 0]],
    ['the south-east corner at zoom 1', [-85.05112878, 180], 1, [512, 512]],
    ['beyond the Mercator limit: held to the edge', [89.9, 0], 0, [128, 0]],
  ] as const)('%s', (_name, position, zoom, [x, y]) => {
    const [px, py] = worldPixel([...position], zoom);
    expect(px).toBeCloseTo(x, 6);
    expect(py).toBeCloseTo(y, 6);
  });
});

describe('gridClusters', () => {
  // At zoom 10 a degree of longitude is 728 px; 0.01° is 7 px.
  const flight = [at(1, 22.5, 114.05), at(2, 22.5, 114.051), at(3, 22.5001, 114.0505), at(4, 22.6, 114.2)];

  it.each([
    ['nothing', [], 10, []],
    ['one point: a cluster of one at it', [at(1, 22.5, 114.05)], 10, [[[1], [22.5, 114.05]]]],
    [
      'close points share a cell, a far one has its own; first-seen order',
      flight,
      10,
      [
        [
          [1, 2, 3],
          [22.500033, 114.0505],
        ],
        [[4], [22.6, 114.2]],
      ],
    ],
    [
      'zoomed out: all in one',
      flight,
      3,
      [
        [
          [1, 2, 3, 4],
          [22.525025, 114.087875],
        ],
      ],
    ],
    [
      'zoomed in: each on its own',
      flight,
      18,
      [
        [[1], [22.5, 114.05]],
        [[2], [22.5, 114.051]],
        [[3], [22.5001, 114.0505]],
        [[4], [22.6, 114.2]],
      ],
    ],
    [
      'one spot (wide, zoom and thermal shots) stays one cluster at any zoom',
      [at(7, 30, 120), at(8, 30, 120), at(9, 30, 120)],
      22,
      [
        [
          [7, 8, 9],
          [30, 120],
        ],
      ],
    ],
    [
      'a map not laid out yet (zoom NaN): the finest grid',
      [at(1, 22.5, 114.05), at(2, 22.5, 114.051)],
      Number.NaN,
      [
        [[1], [22.5, 114.05]],
        [[2], [22.5, 114.051]],
      ],
    ],
  ] as const)('%s', (_name, points, zoom, expected) => {
    const clusters = gridClusters(points as readonly ReturnType<typeof at>[], zoom);
    expect(clusters.map((c) => c.points.map((p) => p.id))).toEqual(expected.map(([ids]) => ids));
    clusters.forEach((cluster, i) => {
      expect(cluster.position[0]).toBeCloseTo(expected[i][1][0], 5);
      expect(cluster.position[1]).toBeCloseTo(expected[i][1][1], 5);
    });
    expect(new Set(clusters.map((c) => c.key)).size).toBe(clusters.length);
  });

  it('frames each cluster by its points', () => {
    expect(gridClusters(flight, 10)[0].bounds).toEqual([
      [22.5, 114.05],
      [22.5001, 114.051],
    ]);
  });
});

describe('clusterClick', () => {
  const [apart] = gridClusters([at(1, 22.5, 114.05), at(2, 22.5, 114.051)], 10);
  const [together] = gridClusters([at(1, 22.5, 114.05), at(2, 22.5, 114.05)], 10);
  it.each([
    ['points apart, room to zoom: zoom in', apart, 10, 18, 'zoom'],
    ['points apart, at the closest zoom: list them', apart, 18, 18, 'list'],
    ['points on one spot: list them at any zoom', together, 10, 18, 'list'],
    ['a map without a zoom limit: zoom in', apart, 10, Infinity, 'zoom'],
  ] as const)('%s', (_name, cluster, zoom, maxZoom, expected) => {
    expect(clusterClick(cluster, zoom, maxZoom)).toBe(expected);
  });
});

describe('viewBbox', () => {
  it.each([
    ['a view as is', [22.1, 113.9, 22.9, 114.5], '113.900000,22.100000,114.500000,22.900000'],
    ['zoomed out past the world: held to it', [-120, -400, 120, 400], '-180.000000,-90.000000,180.000000,90.000000'],
    ['corners given the other way round', [22.9, 114.5, 22.1, 113.9], '113.900000,22.100000,114.500000,22.900000'],
    ['a map not laid out', [Number.NaN, 0, 1, 1], null],
  ] as const)('%s', (_name, [south, west, north, east], expected) => {
    expect(viewBbox(south, west, north, east)).toBe(expected);
  });
});

describe('pointsBounds', () => {
  it.each([
    ['none frames nothing', [], null],
    [
      'one point is its own frame',
      [at(1, 22.5, 114.1)],
      [
        [22.5, 114.1],
        [22.5, 114.1],
      ],
    ],
    [
      'several: south-west and north-east corners',
      [at(1, 22.5, 114.3), at(2, 22.7, 114.1), at(3, 22.6, 114.2)],
      [
        [22.5, 114.1],
        [22.7, 114.3],
      ],
    ],
  ])('%s', (_name, points, expected) => {
    expect(pointsBounds(points)).toEqual(expected);
  });
});
