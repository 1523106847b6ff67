import { areaOfId, flightAreaId, type FlightReport } from '@shared/dji/flightReport';
import { checkFlyTo, remainingText } from '../../../src/features/situation/flyToRules';
import {
  fleetIdsLoaded,
  flightReported,
  flyToClosed,
  flyToPickStarted,
  flyToPointPicked,
  initialTasFlightState,
  tasFlightReducer as reducer,
} from '../../../src/features/situation/flightSlice';
import { droneSelected, fleetClosed } from '../../../src/features/situation/situationSlice';
import { flightReport, flyToProgress } from './flightFixtures';

describe('fly-to dialog: what may be sent (checkFlyTo)', () => {
  it.each([
    ['a height and a whole speed in range', '60', '8', { height: null, maxSpeed: null }, { height: 60, max_speed: 8 }],
    ['the limits themselves', '2', '15', { height: null, maxSpeed: null }, { height: 2, max_speed: 15 }],
    ['the highest height, the lowest speed', '10000', '1', { height: null, maxSpeed: null }, { height: 10_000, max_speed: 1 }],
    ['empty fields', '', ' ', { height: 'required', maxSpeed: 'required' }, null],
    ['below 2 m', '1.5', '8', { height: 'height', maxSpeed: null }, null],
    ['above 10000 m', '10001', '8', { height: 'height', maxSpeed: null }, null],
    ['a fractional speed', '60', '7.5', { height: null, maxSpeed: 'speed' }, null],
    ['a speed of 0 or 16', '60', '16', { height: null, maxSpeed: 'speed' }, null],
    ['no number at all', 'abc', '0', { height: 'height', maxSpeed: 'speed' }, null],
  ])('%s', (_what, height, maxSpeed, errors, values) => {
    expect(checkFlyTo({ height, maxSpeed })).toEqual({ errors, values });
  });
});

describe('fly-to progress: remaining distance and time (remainingText)', () => {
  it.each([
    ['not reported yet', null, 12, { key: 'remainingUnknown', params: {} }],
    ['time not reported', 120, null, { key: 'remainingUnknown', params: {} }],
    ['under a minute', 120.4, 15.2, { key: 'remainingSeconds', params: { distance: '120 m', seconds: 15 } }],
    ['arrived', 0, 0, { key: 'remainingSeconds', params: { distance: '0 m', seconds: 0 } }],
    ['a minute or more, seconds padded', 999.6, 65, { key: 'remainingMinutes', params: { distance: '1000 m', minutes: 1, seconds: '05' } }],
    ['a kilometre or more', 2450, 600, { key: 'remainingMinutes', params: { distance: '2.5 km', minutes: 10, seconds: '00' } }],
    ['a negative time reads as none left', 3, -2, { key: 'remainingSeconds', params: { distance: '3 m', seconds: 0 } }],
  ])('%s', (_what, distance, seconds, expected) => {
    expect(remainingText(distance, seconds)).toEqual(expected);
  });
});

describe('flight areas: the platform object behind an area id', () => {
  it.each([
    [flightAreaId('feature', 12), { source: 'feature', id: 12 }],
    [flightAreaId('airspace', 3), { source: 'airspace', id: 3 }],
    ['someone-elses-area', { source: 'other', id: 'someone-elses-area' }],
    ['skyline-feature-', { source: 'other', id: 'skyline-feature-' }],
  ])('%s', (areaId, expected) => {
    expect(areaOfId(areaId)).toEqual(expected);
  });
});

const progress = flyToProgress;
const report = flightReport;

describe('situation: sysinfo/flight and the fly-to from the map', () => {
  it.each<[string, FlightReport[], Record<string, number | null>]>([
    ['a fly-to under way is kept per aircraft', [report('A', { progress: progress('wayline_progress', 100) })], { A: 100 }],
    [
      'the newest progress replaces the last',
      [report('A', { progress: progress('wayline_progress', 100) }), report('A', { progress: progress('wayline_progress', 40) })],
      { A: 40 },
    ],
    ...(['wayline_ok', 'wayline_failed', 'wayline_cancel', 'task_finish'] as const).map((status): [string, FlightReport[], Record<string, number | null>] => [
      `${status} ends it: the path and distance are cleared`,
      [
        report('A', { progress: progress('wayline_progress', 100) }),
        report('B', { progress: progress('task_ready', 9) }),
        report('A', { progress: progress(status, 0) }),
      ],
      { B: 9 },
    ]),
  ])('%s', (_what, reports, expected) => {
    const state = reports.reduce((s, r) => reducer(s, flightReported(r)), initialTasFlightState);
    expect(Object.fromEntries(Object.entries(state.flights).map(([sn, p]) => [sn, p.remaining_distance]))).toEqual(expected);
  });

  it("keeps each aircraft's newest distances to the flight areas; closing the view forgets them and the flights", () => {
    const areas = [{ area_id: 'skyline-feature-1', area_distance: 42.5, is_in_area: false }];
    let state = reducer(initialTasFlightState, flightReported(report('A', { areas: [] })));
    state = reducer(state, flightReported(report('A', { areas })));
    state = reducer(state, flightReported(report('A', { progress: progress('wayline_progress', 10) })));
    expect(state.areaDistances).toEqual({ A: areas });
    const closed = reducer(state, fleetClosed());
    expect([closed.areaDistances, closed.flights]).toEqual([{}, {}]);
  });

  it('keeps the device ids the names request answers, until the view closes', () => {
    let state = reducer(initialTasFlightState, fleetIdsLoaded({ A1: 7 }));
    state = reducer(state, fleetIdsLoaded({ B2: 9, A1: 7 }));
    expect(state.ids).toEqual({ A1: 7, B2: 9 });
    expect(reducer(state, fleetClosed()).ids).toEqual({});
  });

  it('asks for a point, takes the click, and forgets it on close or when another aircraft is selected', () => {
    const picking = reducer(reducer(initialTasFlightState, droneSelected('A')), flyToPickStarted('A'));
    expect(picking.flyTo).toEqual({ sn: 'A', point: null });
    const picked = reducer(picking, flyToPointPicked({ lat: 22.6, lng: 114 }));
    expect(picked.flyTo).toEqual({ sn: 'A', point: { lat: 22.6, lng: 114 } });
    expect(reducer(picked, flyToClosed()).flyTo).toBeNull();
    expect(reducer(picked, droneSelected('A')).flyTo).toEqual(picked.flyTo);
    expect(reducer(picking, droneSelected('B')).flyTo).toBeNull();
    // A click with no point asked for changes nothing.
    expect(reducer(initialTasFlightState, flyToPointPicked({ lat: 1, lng: 2 })).flyTo).toBeNull();
  });
});
