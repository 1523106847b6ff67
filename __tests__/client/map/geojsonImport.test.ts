import { createTestI18n } from '../support/i18n';
import { importProblemText, parseGeoJsonImport, toFeatureCollection, type ImportResult } from '../../../src/features/map/geojsonImport';
import type { FeatureKind } from '../../../src/features/map/types';

const en = createTestI18n('en');
const zh = createTestI18n('zh-cn');
/** The messages a user reads, in one language. */
const messages = (result: ImportResult, i18n = en) => (result.ok ? [] : result.errors.map((e) => importProblemText(e, i18n.t)));

const square = [
  [
    [114, 22.5],
    [114.01, 22.5],
    [114.01, 22.51],
    [114, 22.51],
    [114, 22.5],
  ],
];
const feature = (geometry: unknown, properties: unknown = { name: 'A' }) => ({ type: 'Feature', geometry, properties });
const fc = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const polygon = (coordinates: unknown = square) => ({ type: 'Polygon', coordinates });

describe('parseGeoJsonImport rejects bad files with a message naming the problem', () => {
  it.each<[string, string, FeatureKind, RegExp]>([
    ['not JSON', '{"type": ', 'polygon', /not valid JSON/],
    ['an array', '[]', 'polygon', /expected a FeatureCollection or a Feature/],
    ['a bare geometry', JSON.stringify(polygon()), 'polygon', /unsupported GeoJSON type "Polygon"/],
    ['no features array', '{"type":"FeatureCollection"}', 'polygon', /no "features" array/],
    ['empty collection', fc(), 'polygon', /no features/],
    [
      'wrong kind for the page',
      fc(feature(polygon()), feature({ type: 'Point', coordinates: [114, 22] })),
      'polygon',
      /features\[1\]\.geometry: Point where this page takes Polygon/,
    ],
    [
      'latitude out of range',
      fc(feature({ type: 'Point', coordinates: [114, 95] })),
      'point',
      /features\[0\]\.geometry\.coordinates\[1\]: latitude out of range/,
    ],
    [
      'longitude out of range',
      fc(
        feature({
          type: 'LineString',
          coordinates: [
            [200, 1],
            [1, 1],
          ],
        }),
      ),
      'polyline',
      /features\[0\]\.geometry\.coordinates\[0\]\[0\]: longitude out of range/,
    ],
    [
      'unclosed ring',
      fc(
        feature(
          polygon([
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ]),
        ),
      ),
      'polygon',
      /must be closed/,
    ],
    ['too short line', fc(feature({ type: 'LineString', coordinates: [[1, 1]] })), 'polyline', /at least 2 positions/],
    ['text coordinates', fc(feature({ type: 'Point', coordinates: ['114', '22'] })), 'point', /features\[0\]\.geometry\.coordinates/],
    ['not a Feature', fc({ type: 'Polygon', coordinates: square }), 'polygon', /features\[0\]\.type: must be a GeoJSON Feature/],
    ['geometry missing', fc({ type: 'Feature', properties: {} }), 'polygon', /features\[0\]\.geometry/],
  ])('%s', (_name, source, kind, message) => {
    const result = parseGeoJsonImport(source, kind);
    expect(result.ok).toBe(false);
    expect(messages(result).join('\n')).toMatch(message);
    // Every problem has its text in both languages, never a bare key.
    for (const i18n of [en, zh]) expect(messages(result, i18n).join('\n')).not.toMatch(/map\.import\./);
  });

  it.each<[string, string, FeatureKind, string[]]>([
    ['latitude out of range', fc(feature({ type: 'Point', coordinates: [114, 95] })), 'point', ['features[0].geometry.coordinates[1]: 纬度超出范围 [-90, 90]']],
    ['wrong kind', fc(feature({ type: 'Point', coordinates: [114, 22] })), 'polygon', ['features[0].geometry: 几何类型为 Point，本页只接受 Polygon']],
    [
      'unclosed ring',
      JSON.stringify(
        feature(
          polygon([
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ]),
        ),
      ),
      'polygon',
      ['feature.geometry.coordinates[0]: 面的环必须闭合（首尾坐标点相同）'],
    ],
    ['properties not an object', fc(feature({ type: 'Point', coordinates: [1, 1] }, 'x')), 'point', ['features[0].properties: properties 必须是对象']],
    ['no features', fc(), 'point', ['文件中没有要素']],
  ])('in Chinese, still naming where: %s', (_name, source, kind, expected) => {
    expect(messages(parseGeoJsonImport(source, kind), zh)).toEqual(expected);
  });

  it('too many features', () => {
    const many = fc(...Array.from({ length: 4 }, () => feature({ type: 'Point', coordinates: [1, 1] })));
    const result = parseGeoJsonImport(many, 'point', { maxFeatures: 3, maxBytes: 1e6 });
    expect(messages(result)).toEqual(['too many features: 4 (at most 3 per file)']);
    expect(messages(result, zh)).toEqual(['要素过多：4 个（每个文件最多 3 个）']);
  });

  it('too large', () => {
    const result = parseGeoJsonImport(' '.repeat(1024 * 1024 + 1), 'point', { maxFeatures: 3, maxBytes: 1024 * 1024 });
    expect(messages(result)).toEqual(['the file is larger than 1 MB']);
    expect(messages(result, zh)).toEqual(['文件超过 1 MB']);
  });
});

describe('parseGeoJsonImport accepts valid files', () => {
  it('a FeatureCollection of polygons: name, category, style, measured area, other properties kept', () => {
    const result = parseGeoJsonImport(
      fc(feature(polygon(), { name: ' Park ', category: 'green', stroke: '#00ff00', 'stroke-width': 4, owner: 'city' })),
      'polygon',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [f] = result.features;
    expect(f).toMatchObject({ name: 'Park', category: 'green', style: { color: '#00ff00', weight: 4 }, properties: { owner: 'city' } });
    expect(f.properties.area_m2).toBeGreaterThan(1_100_000);
    expect(f.properties.area_m2).toBeLessThan(1_200_000);
  });

  it('a single Feature without properties gets a default name and category', () => {
    const result = parseGeoJsonImport(JSON.stringify(feature({ type: 'Point', coordinates: [114, 22, 30] }, null)), 'point');
    expect(result).toEqual({
      ok: true,
      features: [
        {
          name: 'Point 1',
          category: 'import',
          geometry: { type: 'Point', coordinates: [114, 22, 30] },
          style: { color: '#1976d2', weight: 3 },
          properties: {},
        },
      ],
    });
  });

  it('an export re-imports to the same features', () => {
    const saved = [
      {
        id: 7,
        name: 'Road',
        category: 'road',
        geometry: {
          type: 'LineString' as const,
          coordinates: [
            [114, 22],
            [114.01, 22],
          ],
        },
        style: { color: '#ff0000', weight: 5 },
        properties: { length_m: 1031.7 },
      },
    ];
    const result = parseGeoJsonImport(JSON.stringify(toFeatureCollection(saved)), 'polyline');
    expect(result.ok && result.features[0]).toMatchObject({
      name: 'Road',
      category: 'road',
      style: { color: '#ff0000', weight: 5 },
      geometry: saved[0].geometry,
    });
  });
});
