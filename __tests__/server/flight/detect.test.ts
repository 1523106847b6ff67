import { DEFAULT_DETECTOR_CONFIG, detectSilence, detectStep, INITIAL_DETECTOR_STATE, type DetectorSample, type FlightEvent } from '@shared/flight/detect';

const GROUND = { modeCode: 0, elevation: 0, horizontalSpeed: 0 };
const CLIMB = { modeCode: 4, elevation: 3, horizontalSpeed: 0 };
const CRUISE = { modeCode: 5, elevation: 60, horizontalSpeed: 8 };
const TOUCHDOWN = { modeCode: 10, elevation: 0.1, horizontalSpeed: 0 };
const LOST = { modeCode: 14 };

/** Reports one second apart from t=1000 (or at the given times), fed through the detector. */
function run(reports: Array<Omit<DetectorSample, 'at'> & { at?: number }>): { events: FlightEvent[]; phase: string } {
  let state = INITIAL_DETECTOR_STATE;
  const events: FlightEvent[] = [];
  reports.forEach((r, i) => {
    const step = detectStep(state, { at: 1000 + i * 1000, ...r });
    state = step.state;
    events.push(...step.events);
  });
  return { events, phase: state.phase };
}

const repeat = <T>(value: T, times: number): T[] => Array.from({ length: times }, () => value);

describe('flight detector', () => {
  test.each([
    ['parked the whole time', repeat(GROUND, 10), [], 'ground'],
    [
      'take-off and landing: the times are the first report of each confirming run',
      [...repeat(GROUND, 3), ...repeat(CLIMB, 2), ...repeat(CRUISE, 5), ...repeat(TOUCHDOWN, 3), GROUND],
      [
        { kind: 'takeoff', at: 4000, joined: false },
        { kind: 'landing', at: 11000, reason: 'landed' },
      ],
      'ground',
    ],
    ['one noisy airborne report on the ground is not a flight', [...repeat(GROUND, 3), CRUISE, ...repeat(GROUND, 3), CRUISE, CRUISE, GROUND], [], 'ground'],
    [
      'one noisy ground report in flight does not land it',
      [...repeat(GROUND, 2), ...repeat(CRUISE, 4), TOUCHDOWN, CRUISE, TOUCHDOWN, TOUCHDOWN, ...repeat(CRUISE, 3)],
      [{ kind: 'takeoff', at: 3000, joined: false }],
      'airborne',
    ],
    [
      'a flying mode parked on the ground (motors on, not moving) is not a flight',
      [...repeat(GROUND, 2), ...repeat({ modeCode: 3, elevation: 0, horizontalSpeed: 0 }, 5)],
      [],
      'ground',
    ],
    [
      'disconnected reports neither start nor end a flight, nor break a confirming run',
      [...repeat(GROUND, 2), CRUISE, LOST, CRUISE, LOST, CRUISE, ...repeat(LOST, 3), ...repeat(CRUISE, 2)],
      [{ kind: 'takeoff', at: 3000, joined: false }],
      'airborne',
    ],
    [
      'after a server restart mid-flight the first airborne reports open a "joined" flight',
      [...repeat(CRUISE, 4), ...repeat(GROUND, 3)],
      [
        { kind: 'takeoff', at: 1000, joined: true },
        { kind: 'landing', at: 5000, reason: 'landed' },
      ],
      'ground',
    ],
  ])('%s', (_name, reports, expected, phase) => {
    const result = run(reports as DetectorSample[]);
    expect(result.events).toEqual(expected);
    expect(result.phase).toBe(phase);
  });

  test('a silence longer than silenceMs closes the flight at its last report; reports after it start afresh', () => {
    const silence = DEFAULT_DETECTOR_CONFIG.silenceMs;
    const result = run([
      ...repeat(GROUND, 2),
      ...repeat(CRUISE, 3),
      { ...CRUISE, at: 5000 + silence + 1 },
      { ...CRUISE, at: 6000 + silence + 1 },
      { ...CRUISE, at: 7000 + silence + 1 },
    ]);
    expect(result.events).toEqual([
      { kind: 'takeoff', at: 3000, joined: false },
      { kind: 'landing', at: 5000, reason: 'silence' },
      // It never saw the aircraft on the ground after the gap: the new flight joined mid-air.
      { kind: 'takeoff', at: 5000 + silence + 1, joined: true },
    ]);
  });

  test('detectSilence closes an open flight on a timer, and leaves a short pause alone', () => {
    let state = INITIAL_DETECTOR_STATE;
    for (const [i, r] of [GROUND, CRUISE, CRUISE, CRUISE].entries()) state = detectStep(state, { at: i * 1000, ...r }).state;
    expect(state.phase).toBe('airborne');
    expect(detectSilence(state, 3000 + DEFAULT_DETECTOR_CONFIG.silenceMs - 1).events).toEqual([]);
    const closed = detectSilence(state, 3000 + DEFAULT_DETECTOR_CONFIG.silenceMs);
    expect(closed.events).toEqual([{ kind: 'landing', at: 3000, reason: 'silence' }]);
    expect(closed.state.phase).toBe('ground');
  });

  test('a report older than the newest (reordered) is ignored', () => {
    let state = INITIAL_DETECTOR_STATE;
    state = detectStep(state, { at: 5000, ...GROUND }).state;
    const stale = detectStep(state, { at: 4000, ...CRUISE });
    expect(stale.state).toBe(state);
  });
});
