import { DEFAULT_ROUTE_SETTINGS, newWaypoint } from '@shared/wayline/defaults';
import { routeSettingsSchema, waypointSchema } from '@shared/wayline/model';

describe('route model defaults (plain values the console uses without the schemas)', () => {
  it('are what the schemas fill in', () => {
    expect(routeSettingsSchema.parse({})).toEqual(DEFAULT_ROUTE_SETTINGS);
    const at = { lat: 22.5, lng: 114, alt: 80, speed: 6 };
    expect(waypointSchema.parse(at)).toEqual(newWaypoint(at));
  });

  it('are themselves valid', () => {
    expect(routeSettingsSchema.safeParse(DEFAULT_ROUTE_SETTINGS).success).toBe(true);
    expect(waypointSchema.safeParse(newWaypoint({ lat: 0, lng: 0, alt: 100, speed: 10 })).success).toBe(true);
  });
});
