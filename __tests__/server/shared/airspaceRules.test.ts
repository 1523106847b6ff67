import {
  checkApplication,
  checkPlan,
  conflictingPlans,
  decideAutoApproval,
  DEFAULT_AIRSPACE_RULES as config,
  isInsideVolume,
  planVolume,
  segmentInArea,
  submissionDeadlineMs,
  volumeBreach,
  volumesConflict,
  type ApplicationFacts,
  type ApplicationForPlan,
  type AutoApprovalContext,
} from '@shared/airspace';
import type { Polygon } from '@shared/geo';

// A ~950 m square near Shanghai with a ~190 m square hole in the middle.
const X0 = 121.0;
const Y0 = 31.0;
const outer: [number, number][] = [
  [X0, Y0],
  [X0 + 0.01, Y0],
  [X0 + 0.01, Y0 + 0.01],
  [X0, Y0 + 0.01],
  [X0, Y0],
];
const hole: [number, number][] = [
  [X0 + 0.004, Y0 + 0.004],
  [X0 + 0.006, Y0 + 0.004],
  [X0 + 0.006, Y0 + 0.006],
  [X0 + 0.004, Y0 + 0.006],
  [X0 + 0.004, Y0 + 0.004],
];
const square: Polygon = { type: 'Polygon', coordinates: [outer] };
const withHole: Polygon = { type: 'Polygon', coordinates: [outer, hole] };
const P = (dx: number, dy: number): [number, number] => [X0 + dx, Y0 + dy];

describe('segmentInArea: every leg inside, an edge counts as inside, holes are outside', () => {
  it.each([
    ['inside to inside', square, P(0.001, 0.001), P(0.009, 0.009), true],
    ['running along the edge', square, P(0, 0.002), P(0, 0.008), true],
    ['touching the edge at one point', square, P(0.002, 0.002), P(0.005, 0), true],
    ['corner to corner along the diagonal', square, P(0, 0), P(0.01, 0.01), true],
    ['an end outside', square, P(0.005, 0.005), P(0.015, 0.005), false],
    ['crossing the hole, both ends inside', withHole, P(0.001, 0.005), P(0.009, 0.005), false],
    ['passing by the hole', withHole, P(0.001, 0.002), P(0.009, 0.002), true],
    ['along the hole edge', withHole, P(0.004, 0.004), P(0.006, 0.004), true],
    ['an end in the hole', withHole, P(0.001, 0.001), P(0.005, 0.005), false],
  ])('%s → %s', (_name, area, a, b, expected) => {
    expect(segmentInArea(a, b, area)).toBe(expected);
  });

  it('catches a leg that leaves a concave area and comes back', () => {
    // A U shape: the leg across the notch leaves and returns with both ends inside.
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [[P(0, 0), P(0.01, 0), P(0.01, 0.01), P(0.007, 0.01), P(0.007, 0.003), P(0.003, 0.003), P(0.003, 0.01), P(0, 0.01), P(0, 0)]],
    };
    expect(segmentInArea(P(0.001, 0.008), P(0.009, 0.008), u)).toBe(false);
    expect(segmentInArea(P(0.001, 0.002), P(0.009, 0.002), u)).toBe(true);
  });
});

const future = (hours: number, from = Date.parse('2026-11-24T00:00:00Z')) => new Date(from + hours * 3_600_000).toISOString();
const NOW = Date.parse('2026-11-24T00:00:00Z'); // 08:00 in Shanghai
const app = (over: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  area: square,
  min_alt: 0,
  max_alt: 100,
  start_at: '2026-11-25T02:00:00Z', // 10:00 Shanghai, tomorrow
  end_at: '2026-11-25T06:00:00Z',
  purpose_kind: 'routine',
  ...over,
});
const bowtie: Polygon = { type: 'Polygon', coordinates: [[P(0, 0), P(0.01, 0.01), P(0.01, 0), P(0, 0.01), P(0, 0)]] };
const huge: Polygon = { type: 'Polygon', coordinates: [[P(0, 0), P(0.2, 0), P(0.2, 0.2), P(0, 0.2), P(0, 0)]] };

describe('checkApplication', () => {
  it.each<[string, Partial<ApplicationFacts>, string | null, string[]]>([
    ['a valid application', {}, 'aircraft', []],
    ['an area with a hole', { area: withHole }, null, []],
    ['a self-intersecting area', { area: bowtie }, null, ['area_self_intersecting']],
    ['an area over the maximum', { area: huge }, null, ['area_too_large']],
    ['min_alt not below max_alt', { min_alt: 100, max_alt: 100 }, null, ['altitude_order']],
    ['max_alt above the routine ceiling', { max_alt: 301 }, null, ['altitude_ceiling']],
    ['max_alt at the routine ceiling', { max_alt: 300 }, null, []],
    ['emergency ceiling is higher', { max_alt: 450, purpose_kind: 'emergency' }, null, []],
    ['end before start', { end_at: '2026-11-25T01:00:00Z' }, null, ['window_order']],
    ['a window over 24 h', { end_at: '2026-11-26T02:00:01Z' }, null, ['window_too_long']],
    ['a window in the past', { start_at: future(-1), end_at: future(1) }, null, ['window_past']],
    ['a dock named', {}, 'dock', ['device_not_aircraft']],
    ['a remote controller named', {}, 'remote_controller', ['device_not_aircraft']],
  ])('%s → %j', (_name, over, deviceKind, codes) => {
    expect(checkApplication(app(over), { nowMs: NOW, config, deviceKind }).violations.map((v) => v.code)).toEqual(codes);
  });
});

describe('lead time (Asia/Shanghai): by 12:00 local the day before, emergency 30 min before', () => {
  const start = Date.parse('2026-11-25T02:00:00Z'); // 2026-11-25 10:00 Shanghai
  it.each<[string, 'routine' | 'emergency', string, string, boolean]>([
    ['routine, deadline is 11/24 12:00 Shanghai = 04:00Z', 'routine', '2026-11-24T04:00:00.000Z', '2026-11-24T04:00:00Z', false],
    ['routine, one second late', 'routine', '2026-11-24T04:00:00.000Z', '2026-11-24T04:00:01Z', true],
    ['emergency, 30 min before', 'emergency', '2026-11-25T01:30:00.000Z', '2026-11-25T01:30:00Z', false],
    ['emergency, 29 min before', 'emergency', '2026-11-25T01:30:00.000Z', '2026-11-25T01:31:00Z', true],
  ])('%s', (_name, kind, deadline, submitted, late) => {
    expect(new Date(submissionDeadlineMs(start, kind, config)).toISOString()).toBe(deadline);
    const result = checkApplication(app({ purpose_kind: kind }), { nowMs: Date.parse(submitted), config });
    expect(result.late).toBe(late);
    expect(result.deadline).toBe(deadline);
  });

  it('reads the local date of the start in the zone, not in UTC', () => {
    // 2026-11-24T17:00Z is 11/25 01:00 in Shanghai: the deadline is 11/24 12:00 Shanghai, not 11/23.
    expect(new Date(submissionDeadlineMs(Date.parse('2026-11-24T17:00:00Z'), 'routine', config)).toISOString()).toBe('2026-11-24T04:00:00.000Z');
    // Across a DST change: New York 2026-03-09 09:00 EDT → deadline 03-08 12:00 EDT = 16:00Z.
    const ny = { ...config, timeZone: 'America/New_York' };
    expect(new Date(submissionDeadlineMs(Date.parse('2026-03-09T13:00:00Z'), 'routine', ny)).toISOString()).toBe('2026-03-08T16:00:00.000Z');
  });
});

describe('decideAutoApproval', () => {
  const restricted = {
    id: 7,
    name: 'Airport',
    polygon: { type: 'Polygon', coordinates: [[P(0.02, 0), P(0.03, 0), P(0.03, 0.01), P(0.02, 0.01), P(0.02, 0)]] } as Polygon,
  };
  const touching = {
    ...restricted,
    polygon: { type: 'Polygon', coordinates: [[P(0.01, 0), P(0.02, 0), P(0.02, 0.01), P(0.01, 0.01), P(0.01, 0)]] } as Polygon,
  };
  const other = { id: 3, dept_id: 2, area: square, min_alt: 0, max_alt: 100, start_at: '2026-11-25T05:00:00Z', end_at: '2026-11-25T08:00:00Z' };
  const base: AutoApprovalContext = { config, late: false, deptId: 1, restricting: [restricted], approved: [] };
  it.each<[string, Partial<ApplicationFacts>, Partial<AutoApprovalContext>, string[]]>([
    ['clear, low, on time → approved', {}, {}, []],
    ['at the auto ceiling → approved', { max_alt: 120 }, {}, []],
    ['above the auto ceiling', { max_alt: 121 }, {}, ['above_auto_ceiling']],
    ['late', {}, { late: true }, ['late']],
    ['touching a restricted feature', {}, { restricting: [touching] }, ['touches_restricted_area']],
    ['overlapping another department in time', {}, { approved: [other] }, ['overlaps_other_department']],
    ['the same department may overlap', {}, { approved: [{ ...other, dept_id: 1 }] }, []],
    ['windows touching end to start', {}, { approved: [{ ...other, start_at: '2026-11-25T06:00:00Z' }] }, []],
    ['disjoint height bands', {}, { approved: [{ ...other, min_alt: 100, max_alt: 200 }] }, []],
    ['areas only sharing an edge', {}, { approved: [{ ...other, area: touching.polygon }] }, []],
    [
      'everything at once',
      { max_alt: 200 },
      { late: true, restricting: [touching], approved: [other] },
      ['late', 'above_auto_ceiling', 'touches_restricted_area', 'overlaps_other_department'],
    ],
  ])('%s → %j', (_name, over, ctx, codes) => {
    const decision = decideAutoApproval(app(over), { ...base, ...ctx });
    expect(decision.approved ? [] : decision.review.map((r) => r.code)).toEqual(codes);
    if (decision.approved) expect(decision.reasons.length).toBeGreaterThan(0);
  });
});

describe('checkPlan: inside the approved application', () => {
  const application: ApplicationForPlan = { ...app({ area: withHole }), status: 'approved', device_id: 5 };
  const plan = { planned_start_at: '2026-11-25T03:00:00Z', planned_end_at: '2026-11-25T04:00:00Z' };
  const wp = (dx: number, dy: number, alt = 50) => ({ lng: X0 + dx, lat: Y0 + dy, alt });
  const route = (...wps: ReturnType<typeof wp>[]) => ({ waypoints: wps });
  it.each<
    [string, Partial<typeof plan> & { device_id?: number }, Partial<ApplicationForPlan>, ReturnType<typeof route> | null, [string, Record<string, unknown>][]]
  >([
    ['inside, no route', {}, {}, null, []],
    ['inside with a route touching the edge', {}, {}, route(wp(0.001, 0.001), wp(0.01, 0.002), wp(0.009, 0.009)), []],
    ['the application is not approved', {}, { status: 'submitted' }, null, [['application_not_approved', { status: 'submitted' }]]],
    ['starts before the window', { planned_start_at: '2026-11-25T01:59:59Z' }, {}, null, [['plan_starts_before_window', { time: '2026-11-25T01:59:59Z' }]]],
    ['ends after the window', { planned_end_at: '2026-11-25T06:00:01Z' }, {}, null, [['plan_ends_after_window', { time: '2026-11-25T06:00:01Z' }]]],
    ['exactly the window', { planned_start_at: '2026-11-25T02:00:00Z', planned_end_at: '2026-11-25T06:00:00Z' }, {}, null, []],
    ['another aircraft', { device_id: 6 }, {}, null, [['plan_device_mismatch', { device_id: 6, approved_device_id: 5 }]]],
    ['the application names no aircraft', { device_id: 6 }, { device_id: null }, null, []],
    ['a waypoint outside', {}, {}, route(wp(0.001, 0.001), wp(0.02, 0.001)), [['waypoint_outside_area', { index: 1 }]]],
    ['a waypoint in the hole', {}, {}, route(wp(0.001, 0.001), wp(0.005, 0.005), wp(0.001, 0.002)), [['waypoint_outside_area', { index: 1 }]]],
    ['a leg crossing the hole', {}, {}, route(wp(0.001, 0.001), wp(0.001, 0.005), wp(0.009, 0.005)), [['segment_outside_area', { from: 1, to: 2 }]]],
    ['a waypoint above the band', {}, {}, route(wp(0.001, 0.001), wp(0.002, 0.002, 101)), [['waypoint_altitude', { index: 1, alt: 101 }]]],
  ])('%s', (_name, over, appOver, r, expected) => {
    const result = checkPlan({ ...plan, ...over }, { ...application, ...appOver }, r);
    expect(result.map((v) => v.code)).toEqual(expected.map(([code]) => code));
    result.forEach((v, i) => expect(v.params).toMatchObject(expected[i][1]));
  });
});

describe('planVolume / isInsideVolume / deconfliction', () => {
  const margins = { lateralMarginM: 30, verticalMarginM: 10 };
  const application = { area: square, min_alt: 0, max_alt: 100 };
  const plan = (start: string, end: string) => ({ planned_start_at: start, planned_end_at: end, application });
  const line = {
    waypoints: [
      { lng: X0 + 0.002, lat: Y0 + 0.002, alt: 50 },
      { lng: X0 + 0.008, lat: Y0 + 0.002, alt: 60 },
    ],
  };
  const volume = planVolume(plan('2026-11-25T03:00:00Z', '2026-11-25T04:00:00Z'), line, margins);
  const at = Date.parse('2026-11-25T03:30:00Z');

  it('buffers the route by the lateral margin and widens its heights by the vertical margin', () => {
    expect(volume.min_alt).toBe(40);
    expect(volume.max_alt).toBe(70);
    expect(volume.start_ms).toBe(Date.parse('2026-11-25T03:00:00Z'));
    expect(isInsideVolume(volume, { lng: X0 + 0.005, lat: Y0 + 0.002 + 0.0002, alt: 55 }, at)).toBe(true); // ~22 m off the line
    expect(isInsideVolume(volume, { lng: X0 + 0.005, lat: Y0 + 0.002 + 0.0004, alt: 55 }, at)).toBe(false); // ~44 m off
  });

  it('uses the application area and band without a route', () => {
    const v = planVolume(plan('2026-11-25T03:00:00Z', '2026-11-25T04:00:00Z'), null, margins);
    expect(v.polygon).toBe(square);
    expect([v.min_alt, v.max_alt]).toEqual([0, 100]);
  });

  it.each<[string, { lng: number; lat: number; alt: number }, number, object, ReturnType<typeof volumeBreach>]>([
    ['on the line', { lng: X0 + 0.005, lat: Y0 + 0.002, alt: 55 }, at, {}, null],
    ['too high', { lng: X0 + 0.005, lat: Y0 + 0.002, alt: 75 }, at, {}, 'outside_volume'],
    ['too high within the vertical tolerance', { lng: X0 + 0.005, lat: Y0 + 0.002, alt: 75 }, at, { verticalM: 5 }, null],
    ['44 m off within a 20 m tolerance', { lng: X0 + 0.005, lat: Y0 + 0.0024, alt: 55 }, at, { horizontalM: 20 }, null],
    ['far off', { lng: X0 + 0.005, lat: Y0 + 0.005, alt: 55 }, at, { horizontalM: 20 }, 'outside_volume'],
    ['before the window', { lng: X0 + 0.005, lat: Y0 + 0.002, alt: 55 }, Date.parse('2026-11-25T02:59:00Z'), {}, 'outside_window'],
    [
      'before the window within the time tolerance',
      { lng: X0 + 0.005, lat: Y0 + 0.002, alt: 55 },
      Date.parse('2026-11-25T02:59:00Z'),
      { timeMs: 60_000 },
      null,
    ],
  ])('%s → %s', (_name, position, time, tolerance, breach) => {
    expect(volumeBreach(volume, position, time, tolerance)).toBe(breach);
  });

  it.each<[string, string, string, typeof line, boolean]>([
    ['same route, overlapping windows', '2026-11-25T03:30:00Z', '2026-11-25T04:30:00Z', line, true],
    ['same route, windows touching end to start', '2026-11-25T04:00:00Z', '2026-11-25T05:00:00Z', line, false],
    [
      'a parallel route 50 m away (margins 30 + 30 overlap)',
      '2026-11-25T03:00:00Z',
      '2026-11-25T04:00:00Z',
      { waypoints: line.waypoints.map((w) => ({ ...w, lat: w.lat + 0.00045 })) },
      true,
    ],
    [
      'a parallel route 200 m away',
      '2026-11-25T03:00:00Z',
      '2026-11-25T04:00:00Z',
      { waypoints: line.waypoints.map((w) => ({ ...w, lat: w.lat + 0.0018 })) },
      false,
    ],
    [
      'the same route 100 m higher',
      '2026-11-25T03:00:00Z',
      '2026-11-25T04:00:00Z',
      { waypoints: line.waypoints.map((w) => ({ ...w, alt: w.alt + 100 })) },
      false,
    ],
  ])('%s → conflict %s', (_name, start, end, route, conflict) => {
    const other = planVolume(plan(start, end), route, margins);
    expect(volumesConflict(volume, other)).toBe(conflict);
    expect(conflictingPlans(volume, [{ id: 9, volume: other }])).toEqual(conflict ? [9] : []);
  });
});
