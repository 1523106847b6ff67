import { elementIdOf, featureIdOfElementId, groupId, groupKindOf, groupOfCategory, paletteColour } from '../../../server/pilot/elements';

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
});
