import {
  elementContentSchema,
  elementIdOf,
  elementOf,
  featureIdOfElementId,
  featureOfContent,
  groupId,
  groupKindOf,
  groupOfCategory,
  paletteColour,
  type StoredFeature,
} from '../../../server/pilot/elements';
import { circleOf } from '@shared/circle';

describe('Pilot 2 map element rules', () => {
  it.each([
    ['#2D8CF0', '#2D8CF0'],
    ['#2d8cf0', '#2D8CF0'],
    ['#e53935', '#E23C39'],
    ['#1976d2', '#2D8CF0'],
    ['#00ff00', '#19BE6B'],
    ['#000000', '#212121'],
    ['#ffc107', '#FFBB00'],
    ['#9c27b0', '#B620E0'],
    ['red', '#2D8CF0'],
    [undefined, '#2D8CF0'],
  ])('shows colour %s as the palette colour %s', (colour, expected) => expect(paletteColour(colour)).toBe(expected));

  it.each([
    ['pilot_shared', 'shared'],
    ['no_fly_zone', 'restricted'],
    ['restricted_zone', 'restricted'],
    ['powerline', 'default'],
    ['annotation', 'default'],
  ])('puts category %s in the %s layer', (category, kind) => expect(groupOfCategory(category)).toBe(kind));

  it('gives each workspace its own stable UUID-shaped layer ids, and reads them back', () => {
    expect(groupId(3, 'shared')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(groupId(3, 'shared')).toBe(groupId(3, 'shared'));
    expect(groupId(3, 'shared')).not.toBe(groupId(4, 'shared'));
    expect(groupKindOf(3, groupId(3, 'restricted'))).toBe('restricted');
    expect(groupKindOf(4, groupId(3, 'restricted'))).toBeNull();
  });

  it.each([
    [{ id: 42, element_id: null }, '00000000-0000-4000-8000-00000000002a', 42],
    [{ id: 7, element_id: '3b9a0001-1111-4222-8333-444455556666' }, '3b9a0001-1111-4222-8333-444455556666', null],
  ])('addresses feature %o as element %s', (feature, elementId, featureId) => {
    expect(elementIdOf(feature)).toBe(elementId);
    expect(featureIdOfElementId(elementId)).toBe(featureId);
  });

  const stored = (geometry: StoredFeature['geometry'], properties: Record<string, unknown>): StoredFeature => ({
    id: 5,
    name: 'Airport',
    category: 'no_fly_zone',
    geometry,
    style: { color: '#e53935' },
    properties,
    element_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });

  it("shows a circle feature (a Point with a radius) as DJI's Circle, an area (resource type 2)", () => {
    const element = elementOf(stored({ type: 'Point', coordinates: [114.05, 22.54, 12] }, { radius: 800 }), 'platform');
    expect(element.resource).toMatchObject({ type: 2, content: { geometry: { type: 'Circle', coordinates: [114.05, 22.54], radius: 800 } } });
    // A point without a (valid) radius stays a point.
    for (const radius of [undefined, 0, -5, 'far', 1e9])
      expect(elementOf(stored({ type: 'Point', coordinates: [114.05, 22.54] }, { radius }), 'platform').resource).toMatchObject({
        type: 0,
        content: { geometry: { type: 'Point' } },
      });
  });

  it("stores DJI's Circle as a Point with its radius, and an edit into another shape drops the radius", () => {
    const circle = elementContentSchema.parse({
      type: 'Feature',
      properties: { color: '#E23C39' },
      geometry: { type: 'Circle', coordinates: [114.05, 22.54], radius: 250.5 },
    });
    const columns = featureOfContent(circle);
    expect(columns).toEqual({
      geometry: { type: 'Point', coordinates: [114.05, 22.54] },
      style: { color: '#E23C39' },
      properties: { clampToGround: true, radius: 250.5 },
    });
    expect(circleOf(columns)).toEqual({ centre: [114.05, 22.54], radius: 250.5 });
    const point = featureOfContent(elementContentSchema.parse({ ...circle, geometry: { type: 'Point', coordinates: [114.05, 22.54] } }));
    expect(JSON.parse(JSON.stringify({ ...columns.properties, ...point.properties }))).toEqual({ clampToGround: true });
  });

  it.each([
    ['zero', 0],
    ['negative', -10],
    ['above 50 km', 50_001],
    ['not a number', '100'],
    ['missing', undefined],
  ])('refuses a Circle whose radius is %s', (_what, radius) => {
    const parsed = elementContentSchema.safeParse({
      type: 'Feature',
      properties: { color: '#E23C39' },
      geometry: { type: 'Circle', coordinates: [114.05, 22.54], radius },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['geometry', 'radius']);
  });
});
