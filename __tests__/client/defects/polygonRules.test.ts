import type { Vertex } from '../../../src/features/defects/defectDefaults';
import { closePolygon, POLYGON_MAX_VERTICES, polygonClick } from '../../../src/features/defects/polygonRules';

/** The photo laid out 400 × 200 px at (100, 50). */
const box = { left: 100, top: 50, width: 400, height: 200 };
const triangle: Vertex[] = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.3, 0.6],
];

describe('polygonClick', () => {
  it.each([
    ['the first vertex: added in fractions of the photo', [], { x: 140, y: 70 }, { kind: 'add', vertex: [0.1, 0.1] }],
    ['outside the photo: held to its edge', [[0.1, 0.1]], { x: 700, y: 0 }, { kind: 'add', vertex: [1, 0] }],
    ['the last vertex again (a double-click’s second click): ignored', [[0.1, 0.1]], { x: 140.3, y: 70.2 }, { kind: 'ignore' }],
    ['on the first vertex with three placed: closes', triangle, { x: 145, y: 75 }, { kind: 'close' }],
    ['near, not on, the first vertex (11 px): a vertex', triangle, { x: 151, y: 70 }, { kind: 'add', vertex: [0.1275, 0.1] }],
    [
      'on the first vertex with two placed: a vertex (too few to close), then ignored as the same spot',
      triangle.slice(0, 2),
      { x: 140, y: 70 },
      { kind: 'add', vertex: [0.1, 0.1] },
    ],
    [
      `past ${POLYGON_MAX_VERTICES} vertices (the API's limit): ignored`,
      Array.from({ length: POLYGON_MAX_VERTICES }, (_, i): Vertex => [0.5 + 0.4 * Math.cos(i / 16), 0.5 + 0.4 * Math.sin(i / 16)]),
      { x: 300, y: 150 },
      { kind: 'ignore' },
    ],
  ] as const)('%s', (_name, vertices, point, expected) => {
    expect(polygonClick(vertices as readonly Vertex[], point, box)).toEqual(expected);
  });

  it('ignores a click while the photo is not laid out', () => {
    expect(polygonClick([], { x: 1, y: 1 }, { ...box, width: 0 })).toEqual({ kind: 'ignore' });
  });
});

describe('closePolygon', () => {
  it.each([
    ['a triangle', triangle, { region: { type: 'polygon', points: triangle } }],
    [
      'a double-click’s repeated last vertex and a last click on the first count once',
      [...triangle, [0.3001, 0.6001], [0.1, 0.1]],
      { region: { type: 'polygon', points: triangle } },
    ],
    ['two vertices', triangle.slice(0, 2), { problem: 'too_few' }],
    ['nothing', [], { problem: 'too_few' }],
    [
      'three in a line: no area',
      [
        [0.1, 0.1],
        [0.3, 0.3],
        [0.5, 0.5],
      ],
      { problem: 'too_small' },
    ],
    [
      'a sliver under 1% × 1% of the photo',
      [
        [0.1, 0.1],
        [0.12, 0.1],
        [0.12, 0.104],
      ],
      { problem: 'too_small' },
    ],
    [
      'a bow tie: its edges cross',
      [
        [0.1, 0.1],
        [0.5, 0.5],
        [0.5, 0.1],
        [0.1, 0.5],
      ],
      { problem: 'self_intersecting' },
    ],
    [
      'a concave outline (an L): kept',
      [
        [0.1, 0.1],
        [0.2, 0.1],
        [0.2, 0.4],
        [0.5, 0.4],
        [0.5, 0.5],
        [0.1, 0.5],
      ],
      {
        region: {
          type: 'polygon',
          points: [
            [0.1, 0.1],
            [0.2, 0.1],
            [0.2, 0.4],
            [0.5, 0.4],
            [0.5, 0.5],
            [0.1, 0.5],
          ],
        },
      },
    ],
  ] as const)('%s', (_name, vertices, expected) => {
    expect(closePolygon(vertices as readonly Vertex[])).toEqual(expected);
  });
});
