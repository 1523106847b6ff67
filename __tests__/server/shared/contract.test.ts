import { featureImportSchema } from '@shared/entities/feature';
import { roleInputSchema } from '@shared/entities/role';
import { geoSchemas, greatCircleMetres, polygonSchema } from '@shared/geo';
import { grants, PERMISSION_AREAS, PERMISSION_CODES } from '@shared/permissions';
import { routeMetrics } from '@shared/wayline/metrics';

describe('shared/permissions', () => {
  it.each<[string[], string, boolean]>([
    [['*'], 'audit:read', true],
    [['device:*'], 'device:write', true],
    [['device:*'], 'task:read', false],
    [['device:read'], 'device:read', true],
    [['device:read'], 'device:write', false],
    [[], 'map:read', false],
    [['qa'], 'qa', true],
    [['qa:*'], 'qa', true],
    [['device:*'], 'qa', false],
  ])('grants(%p, %s) = %p', (granted, code, expected) => expect(grants(granted, code)).toBe(expected));

  it('groups every code under its area, in catalogue order', () => {
    expect(PERMISSION_AREAS.map((a) => a.area)).toEqual(['device', 'project', 'task', 'airspace', 'map', 'stats', 'org', 'notice', 'audit', 'qa']);
    expect(PERMISSION_AREAS.flatMap((a) => a.codes)).toEqual(PERMISSION_CODES);
  });

  it.each<[string, boolean]>([
    ['*', true],
    ['map:*', true],
    ['map:write', true],
    ['map:delete', false],
    ['fleet:*', false],
  ])('a role may hold %s: %p', (code, ok) => expect(roleInputSchema.safeParse({ code: 'r1', name: 'R', permissions: [code] }).success).toBe(ok));
});

describe('shared/geo', () => {
  it('measures great circles on the mean Earth radius (turf)', () => {
    // 0.01° of latitude: 1111.95 m on a sphere of radius 6371008.8 m.
    expect(greatCircleMetres({ lat: 22.5, lng: 114 }, { lat: 22.51, lng: 114 })).toBeCloseTo(1111.95, 1);
  });

  it('computes a route’s 3D length and its duration at each leg’s start speed', () => {
    const metrics = routeMetrics([
      { lat: 22.5, lng: 114, alt: 100, speed: 10 },
      { lat: 22.51, lng: 114, alt: 100, speed: 5 },
      { lat: 22.51, lng: 114, alt: 130, speed: 5 },
    ]);
    // Battery: (117.2 s + 30 m climbed × 2 s/m) over the generic aircraft's 1500 s.
    expect(metrics).toEqual({ length_m: 1142, duration_s: 117.2, battery_pct: 11.8 });
  });

  it('names an open polygon ring in English by default and with the caller’s messages otherwise', () => {
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    expect(polygonSchema.safeParse(open).error?.issues[0].message).toBe('a polygon ring must be closed (first = last position)');
    expect(geoSchemas({ ringClosed: 'map.import.ringClosed' }).polygon.safeParse(open).error?.issues[0].message).toBe('map.import.ringClosed');
  });
});

describe('shared/entities/feature import body', () => {
  const feature = { name: 'p', category: 'poi', geometry: { type: 'Point', coordinates: [1, 2] } };
  it.each<[number, boolean]>([
    [0, false],
    [1, true],
    [1000, true],
    [1001, false],
  ])('%i features: valid %p', (count, ok) => expect(featureImportSchema.safeParse({ features: Array(count).fill(feature) }).success).toBe(ok));

  it('names an invalid item by its index', () => {
    const result = featureImportSchema.safeParse({ features: [feature, { ...feature, name: '' }] });
    expect(result.error?.issues[0].path).toEqual(['features', 1, 'name']);
  });
});
