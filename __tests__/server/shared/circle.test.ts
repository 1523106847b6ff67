import { circleOf, isCircleRadius } from '@shared/circle';
import { circleRadiusSchema } from '@shared/geo';

describe('circles', () => {
  it.each([0, -1, 0.01, 10, 50_000, 50_000.5, Number.NaN, Number.POSITIVE_INFINITY, '100', null, undefined])(
    'radius %p: the plain check and the schema agree',
    (radius) => expect(isCircleRadius(radius)).toBe(circleRadiusSchema.safeParse(radius).success),
  );

  it.each([
    ['a point with a radius', { type: 'Point', coordinates: [114, 22, 30] }, { radius: 150 }, { centre: [114, 22], radius: 150 }],
    ['a point without one', { type: 'Point', coordinates: [114, 22] }, {}, null],
    ['a point with a bad one', { type: 'Point', coordinates: [114, 22] }, { radius: 0 }, null],
    ['a polygon with a radius', { type: 'Polygon', coordinates: [] }, { radius: 150 }, null],
    ['a point without coordinates', { type: 'Point', coordinates: ['a', 'b'] }, { radius: 150 }, null],
  ])('%s', (_what, geometry, properties, circle) => expect(circleOf({ geometry, properties })).toEqual(circle));
});
