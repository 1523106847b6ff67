import { DEFAULT_ROUTE_SETTINGS } from '@shared/wayline/defaults';
import type { RouteDraft } from '../../../src/features/routes/routeEditorSlice';
import { needsConversion, saveBody } from '../../../src/features/routes/templateRules';

const draft = (over: Partial<RouteDraft>): RouteDraft => ({
  id: 4,
  project_id: 1,
  name: 'Survey',
  waypoints: [],
  settings: DEFAULT_ROUTE_SETTINGS,
  template_type: 'waypoint',
  template: null,
  source: null,
  flightEdited: false,
  ...over,
});

describe('needsConversion', () => {
  it.each<[string, Partial<RouteDraft>, boolean]>([
    ['a new route', { id: null, flightEdited: true }, false],
    ['a waypoint route with new waypoints', { flightEdited: true }, false],
    ['a mapping2d import renamed only', { template_type: 'mapping2d' }, false],
    ['a mapping2d import with moved waypoints', { template_type: 'mapping2d', flightEdited: true }, true],
    ['a type we have not seen, edited', { template_type: 'corridorScan', flightEdited: true }, true],
  ])('%s → %s', (_name, over, expected) => {
    expect(needsConversion(draft(over))).toBe(expected);
  });
});

describe('saveBody', () => {
  it('leaves the waypoints and settings out when only the name changed, so an import stays as imported', () => {
    expect(saveBody(draft({ template_type: 'mappingPrism' }), false)).toEqual({ project_id: 1, name: 'Survey' });
  });

  it('sends them, and the conversion flag once confirmed, when they changed', () => {
    expect(saveBody(draft({ flightEdited: true }), true)).toEqual({
      project_id: 1,
      name: 'Survey',
      waypoints: [],
      settings: DEFAULT_ROUTE_SETTINGS,
      convert_to_waypoint: true,
    });
    expect(saveBody(draft({ id: null }), false)).toMatchObject({ waypoints: [], settings: DEFAULT_ROUTE_SETTINGS });
  });
});
