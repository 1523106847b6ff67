import type { Polygon } from '@shared/geo';
import { checkRoute, type RouteContext } from '@shared/wayline/checks';

const square = (lng: number, lat: number, half: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ],
});

const wp = (lng: number, lat: number, alt = 100, speed = 10) => ({ lng, lat, alt, speed });
const line = [wp(114.0, 22.5), wp(114.01, 22.5), wp(114.02, 22.5)];
const M3E = { drone_model: '0-77-0' };

describe('checkRoute', () => {
  it.each<[string, ReturnType<typeof wp>[], RouteContext, Array<{ code: string; index?: number; params?: object }>]>([
    ['a good route in its project area under its ceiling', line, { ceiling_m: 120, area: square(114.01, 22.5, 0.05) }, []],
    ['one waypoint', [wp(114, 22.5)], {}, [{ code: 'route.too_few_waypoints', params: { count: 1, min: 2 } }]],
    ['no waypoints', [], {}, [{ code: 'route.too_few_waypoints', params: { count: 0, min: 2 } }]],
    [
      'a speed under 0.1 m/s',
      [wp(114, 22.5), wp(114.01, 22.5, 100, 0.05)],
      {},
      [{ code: 'route.speed_out_of_range', index: 1, params: { index: 2, speed: 0.05, min: 0.1, max: 15 } }],
    ],
    [
      'a speed over 15 m/s',
      [wp(114, 22.5, 100, 16), wp(114.01, 22.5)],
      {},
      [{ code: 'route.speed_out_of_range', index: 0, params: { index: 1, speed: 16, max: 15 } }],
    ],
    [
      'a height over the aircraft limit',
      [wp(114, 22.5), wp(114.01, 22.5, 1501)],
      {},
      [{ code: 'route.height_out_of_range', index: 1, params: { alt: 1501, max: 1500 } }],
    ],
    [
      'a height over the project ceiling',
      [wp(114, 22.5), wp(114.01, 22.5, 130)],
      { ceiling_m: 120 },
      [{ code: 'route.above_ceiling', index: 1, params: { index: 2, alt: 130, ceiling: 120 } }],
    ],
    ['no ceiling, no limit but the aircraft', [wp(114, 22.5), wp(114.01, 22.5, 900)], { ceiling_m: null }, []],
    [
      'a waypoint outside the project area',
      line,
      { area: square(114.005, 22.5, 0.008) },
      [{ code: 'route.outside_project_area', index: 2, params: { index: 3 } }],
    ],
    [
      'a leg crossing a no-fly zone between two waypoints outside it',
      line,
      { restricted: [{ name: 'Airport', polygon: square(114.015, 22.5, 0.001) }] },
      [{ code: 'route.crosses_restricted_area', index: 1, params: { index: 2, to: 3, area: 'Airport' } }],
    ],
    ['a no-fly zone beside the route', line, { restricted: [{ name: 'Airport', polygon: square(114.015, 22.6, 0.001) }] }, []],
  ])('%s', (_name, waypoints, context, expected) => {
    expect(checkRoute(waypoints, M3E, context)).toEqual(
      expected.map((issue) => expect.objectContaining({ ...issue, ...(issue.params ? { params: expect.objectContaining(issue.params) } : {}) })),
    );
  });

  it('names the waypoint in English for the server’s message', () => {
    expect(checkRoute([wp(114, 22.5), wp(114.01, 22.5, 130)], M3E, { ceiling_m: 120 })[0].message).toBe(
      "waypoint 2: height 130 m is above the project's ceiling of 120 m",
    );
  });
});
