import { greatCircleMetres } from '@shared/geo';
import { transitLeavingArea, wholeFlight, type WholeFlightFacts } from '@shared/missions/wholeFlight';
import { square } from '../conformance/fixtures';

/** About 1 km of latitude. */
const KM = 1 / 111.32;
const route: WholeFlightFacts['route'] = { first: { lat: 22.5, lng: 114 }, last: { lat: 22.5 + KM, lng: 114 }, durationS: 600, batteryPct: 20 };
const near = (a: number, b: number, within: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(within);

describe('wholeFlight: transit to the first waypoint and back home counted in distance, time and battery', () => {
  it.each<[string, Partial<WholeFlightFacts>, { outM: number; backM: number; durationS: number; batteryPct: number }]>([
    // At the first waypoint, home there: 1 km back at 10 m/s = 100 s, at the route's 20 %/600 s.
    [
      'an RC aircraft at the first waypoint comes back to where it took off',
      { aircraft: route.first, home: null },
      { outM: 0, backM: 1000, durationS: 700, batteryPct: 23.3 },
    ],
    // 9 km away (the issue: the gate used the route's own estimate): 9 km out + 10 km back = 1900 s of transit.
    [
      'an aircraft 9 km south with its dock there',
      { aircraft: { lat: 22.5 - 9 * KM, lng: 114 }, home: { lat: 22.5 - 9 * KM, lng: 114 } },
      { outM: 9000, backM: 10000, durationS: 2500, batteryPct: 83.3 },
    ],
    // Only the way back: at the first waypoint, its dock 5 km past the route's end (500 s, 16.7 % more than the route).
    [
      'an aircraft at the first waypoint whose dock is 5 km beyond the last',
      { aircraft: route.first, home: { lat: 22.5 + 6 * KM, lng: 114 } },
      { outM: 0, backM: 5000, durationS: 1100, batteryPct: 36.7 },
    ],
    [
      'a docked aircraft of unknown position starts from its dock',
      { aircraft: null, home: { lat: 22.5 - KM, lng: 114 } },
      { outM: 1000, backM: 2000, durationS: 900, batteryPct: 30 },
    ],
    [
      'nothing known: the route alone plus the way back to its start',
      { aircraft: null, home: null },
      { outM: 0, backM: 1000, durationS: 700, batteryPct: 23.3 },
    ],
  ])('%s', (_what, facts, expected) => {
    const flight = wholeFlight({ route, aircraft: null, home: null, ...facts });
    // KM is a round figure: within 0.2 %.
    near(flight.outM, expected.outM, 20);
    near(flight.backM, expected.backM, 20);
    near(flight.durationS, expected.durationS, 4);
    near(flight.batteryPct, expected.batteryPct, 0.1);
  });

  it('a route of no duration takes the default rate for the transit', () => {
    const flight = wholeFlight({ route: { ...route, durationS: 0, batteryPct: 0 }, aircraft: route.first, home: null });
    near(flight.batteryPct, (100 / 1800) * 100, 0.1);
    expect(greatCircleMetres(flight.end, route.first)).toBe(0);
  });
});

describe('transitLeavingArea: the transit inside the approved area or the leg that leaves it', () => {
  const area = square(113.99, 22.49, 114.01, 22.5 + 2 * KM);
  it.each<[string, Partial<WholeFlightFacts>, 'out' | 'back' | null]>([
    ['both legs inside', { aircraft: { lat: 22.495, lng: 114 }, home: { lat: 22.495, lng: 114 } }, null],
    ['starting 9 km south: the way out leaves it', { aircraft: { lat: 22.5 - 9 * KM, lng: 114 }, home: { lat: 22.495, lng: 114 } }, 'out'],
    ['home outside: the way back leaves it', { aircraft: { lat: 22.495, lng: 114 }, home: { lat: 22.5, lng: 114.05 } }, 'back'],
  ])('%s', (_what, facts, leg) => {
    const full = { route, aircraft: null, home: null, ...facts };
    expect(transitLeavingArea(wholeFlight(full), route, area)).toBe(leg);
  });

  it('a leg whose ends are inside but which crosses a hole leaves the area', () => {
    const holed = square(113.99, 22.49, 114.01, 22.5 + 2 * KM, [113.999, 22.494, 114.001, 22.496]);
    const flight = wholeFlight({ route, aircraft: { lat: 22.491, lng: 114 }, home: route.first });
    expect(transitLeavingArea(flight, route, holed)).toBe('out');
  });
});
