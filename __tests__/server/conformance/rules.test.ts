import { DEFAULT_AIRSPACE_RULES, planVolume } from '@shared/airspace';
import { IDLE_TRACK, judge, judgePath, step, type Finding, type MonitoredPlan, type Track } from '../../../server/conformance/rules';
import { AREA_BOUNDS, BAND, M, square, TOLERANCE } from './fixtures';

const T0 = Date.parse('2026-11-25T02:00:00Z');
const HOUR = 3_600_000;
// A ~1 km square around 22.505 N 114.005 E with a ~100 m hole (a tower) in its middle.
const area = square(...AREA_BOUNDS, [114.0045, 22.5045, 114.0055, 22.5055]);
const plan = (id: number, startMs = T0, endMs = T0 + HOUR, polygon = area): MonitoredPlan => ({
  id,
  status: 'accepted',
  volume: planVolume(
    {
      planned_start_at: new Date(startMs).toISOString(),
      planned_end_at: new Date(endMs).toISOString(),
      application: { area: polygon, ...BAND },
    },
    null,
    DEFAULT_AIRSPACE_RULES,
  ),
});
const noFly = { id: 9, polygon: square(114.02, 22.5, 114.03, 22.51) };
const at = (lng: number, lat: number, alt = 50, time = T0 + HOUR / 2) => ({ lng, lat, alt, at: time });

describe('judgePath: what the straight way to an allowed destination crosses', () => {
  // A wide area south and east of the tower square, around the no-fly zone (114.02–114.03, 22.5–22.51).
  const wide = square(114.0, 22.49, 114.05, 22.51);
  it.each([
    ['inside the area, clear of every zone', [114.001, 22.501], [114.003, 22.503], area, null],
    ['across the hole of the area (a tower), both ends inside', [114.004, 22.505], [114.006, 22.505], area, 'path_outside_area'],
    ['from a dock outside the area to a point inside', [113.99, 22.505], [114.002, 22.502], area, 'path_outside_area'],
    ['through a no-fly zone, both ends clear of it', [114.015, 22.505], [114.035, 22.505], wide, 'path_in_no_fly_zone'],
    ['5 m beside a no-fly zone (its corners within the tolerance)', [114.015, 22.5 - 5 * M], [114.035, 22.5 - 5 * M], wide, 'path_in_no_fly_zone'],
    ['50 m beside a no-fly zone', [114.015, 22.5 - 50 * M], [114.035, 22.5 - 50 * M], wide, null],
    ['ending 5 m short of a no-fly zone', [114.025, 22.495], [114.025, 22.5 - 5 * M], wide, 'path_in_no_fly_zone'],
    ['no plan area to stay in: only the zones count', [113.9, 22.505], [114.015, 22.505], null, null],
  ] as const)('%s', (_name, from, to, planArea, rule) => {
    const finding = judgePath([...from], [...to], planArea, [noFly], TOLERANCE.horizontalM);
    expect(finding?.rule ?? null).toBe(rule);
    if (finding?.rule === 'path_in_no_fly_zone') expect(finding.zoneId).toBe(noFly.id);
  });
});

describe('judge: which rule a flying aircraft breaks now', () => {
  it.each([
    ['inside the volume', at(114.002, 22.502), [plan(1)], false, null, 1],
    ['on the area edge (touching counts as inside)', at(114.0, 22.505), [plan(1)], false, null, 1],
    ['5 m outside the edge: within the GPS tolerance before any alert', at(114.01, 22.51 + 5 * M), [plan(1)], false, null, 1],
    ['5 m outside the edge while alerting: not back yet', at(114.01, 22.51 + 5 * M), [plan(1)], true, 'outside_volume', 1],
    ['15 m outside the edge', at(114.005, 22.51 + 15 * M), [plan(1)], false, 'outside_volume', 1],
    ['in the hole of the area (a tower)', at(114.005, 22.505), [plan(1)], false, 'outside_volume', 1],
    ['above the band by more than the vertical tolerance', at(114.002, 22.502, 126), [plan(1)], false, 'outside_volume', 1],
    ['above the band within the vertical tolerance', at(114.002, 22.502, 124), [plan(1)], false, null, 1],
    ['at the window start (inclusive)', at(114.002, 22.502, 50, T0), [plan(1)], false, null, 1],
    ['at the window end (inclusive)', at(114.002, 22.502, 50, T0 + HOUR), [plan(1)], false, null, 1],
    ['a millisecond after the window', at(114.002, 22.502, 50, T0 + HOUR + 1), [plan(1)], false, 'outside_window', 1],
    ['before the window', at(114.002, 22.502, 50, T0 - 60_000), [plan(1)], false, 'outside_window', 1],
    ['no plan at all', at(114.002, 22.502), [], false, 'no_plan', null],
    ['in a no-fly zone, even with a plan', at(114.025, 22.505), [plan(1)], false, 'in_no_fly_zone', 1],
    ['5 m outside a no-fly zone', at(114.02 - 5 * M, 22.505), [plan(1, T0, T0 + HOUR, square(114.0, 22.5, 114.03, 22.51))], false, null, 1],
    [
      '5 m outside a no-fly zone while alerting: not clear yet',
      at(114.02 - 5 * M, 22.505),
      [plan(1, T0, T0 + HOUR, square(114.0, 22.5, 114.03, 22.51))],
      true,
      'in_no_fly_zone',
      1,
    ],
  ] as const)('%s', (_name, position, plans, alerting, rule, planId) => {
    const result = judge(position, plans, [noFly], TOLERANCE, alerting);
    expect(result.finding?.rule ?? null).toBe(rule);
    expect(result.planId).toBe(planId);
  });

  it('windows touching end to start: the later plan takes over at the shared instant', () => {
    const east = square(114.01, 22.5, 114.02, 22.51);
    const plans = [plan(1, T0, T0 + HOUR), plan(2, T0 + HOUR, T0 + 2 * HOUR, east)];
    expect(judge(at(114.015, 22.505, 50, T0 + HOUR), plans, [], TOLERANCE, false)).toEqual({ planId: 2, finding: null });
    expect(judge(at(114.015, 22.505, 50, T0 + HOUR - 1), plans, [], TOLERANCE, false).finding?.rule).toBe('outside_volume');
  });

  it('a route leaving and returning: outside only while it is out', () => {
    const path = [at(114.009, 22.505), at(114.0105, 22.505), at(114.012, 22.505), at(114.009, 22.506)];
    expect(path.map((p) => judge(p, [plan(1)], [], TOLERANCE, false).finding?.rule ?? null)).toEqual([null, 'outside_volume', 'outside_volume', null]);
  });

  it('names the plan nearest in time when flying outside every window', () => {
    const plans = [plan(1, T0 - 5 * HOUR, T0 - 4 * HOUR), plan(2, T0 + 2 * HOUR, T0 + 3 * HOUR)];
    expect(judge(at(114.002, 22.502, 50, T0 + HOUR), plans, [], TOLERANCE, false)).toEqual({ planId: 2, finding: { rule: 'outside_window', planId: 2 } });
  });
});

describe('step: hysteresis between findings and alerts', () => {
  const hysteresis = { openAfterMs: 3000, closeAfterMs: 5000 };
  const out: Finding = { rule: 'outside_volume', planId: 1 };
  type Sample = [ms: number, finding: Finding | null, flying?: boolean];
  /** Runs samples through `step`, returning each sample's effects as "open:rule" / "close:reason". */
  const run = (samples: Sample[], track: Track = IDLE_TRACK) =>
    samples.map(([ms, finding, flying = true]) => {
      const result = step(track, finding, flying, T0 + ms, hysteresis);
      track = result.track;
      return result.effects.map((e) => (e.kind === 'open' ? `open:${e.finding.rule}` : `close:${e.reason}`)).join(',');
    });

  it.each([
    [
      'a short excursion (GPS noise) raises nothing',
      [
        [0, out],
        [1000, out],
        [2000, null],
        [3000, out],
        [4000, null],
      ],
      ['', '', '', '', ''],
    ],
    [
      'opens once the finding has lasted openAfterMs',
      [
        [0, out],
        [1000, out],
        [2000, out],
        [3000, out],
        [4000, out],
      ],
      ['', '', '', 'open:outside_volume', ''],
    ],
    [
      'closes only after closeAfterMs of conformance',
      [
        [0, out],
        [3000, out],
        [4000, null],
        [6000, out],
        [7000, null],
        [11_000, null],
        [12_000, null],
      ],
      ['', 'open:outside_volume', '', '', '', '', 'close:conforming'],
    ],
    [
      'closes at once on landing',
      [
        [0, out],
        [3000, out],
        [4000, out, false],
      ],
      ['', 'open:outside_volume', 'close:landed'],
    ],
    [
      'a different rule replaces the alert at once',
      [
        [0, out],
        [3000, out],
        [4000, { rule: 'in_no_fly_zone', planId: 1 }],
      ],
      ['', 'open:outside_volume', 'close:rule_changed,open:in_no_fly_zone'],
    ],
    [
      'a pending finding of another rule restarts the clock',
      [
        [0, out],
        [2000, { rule: 'outside_window', planId: 1 }],
        [4000, { rule: 'outside_window', planId: 1 }],
        [5000, { rule: 'outside_window', planId: 1 }],
      ],
      ['', '', '', 'open:outside_window'],
    ],
    [
      'on the ground nothing is judged',
      [
        [0, out, false],
        [5000, out, false],
      ],
      ['', ''],
    ],
  ] as Array<[string, Sample[], string[]]>)('%s', (_name, samples, effects) => {
    expect(run(samples)).toEqual(effects);
  });

  it('opens on the first sample when openAfterMs is 0', () => {
    expect(step(IDLE_TRACK, out, true, T0, { openAfterMs: 0, closeAfterMs: 0 }).effects).toEqual([{ kind: 'open', finding: out }]);
  });
});
