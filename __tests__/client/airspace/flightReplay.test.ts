import { frameAt, replayStartMs, replayTimeline } from '../../../src/features/airspace/flightReplay';

const recorded = {
  duration_s: 20,
  track: {
    type: 'LineString' as const,
    coordinates: [
      [114, 22, 0],
      [114.001, 22, 40],
      [114.001, 22.002, 40],
    ] as Array<[number, number, number]>,
  },
  track_times: [1_000_000, 1_010_000, 1_020_000],
  samples: { speed: [0, 8, 6], battery: [90, 85, null] },
};

describe('flight replay timeline', () => {
  const timeline = replayTimeline(recorded)!;

  test('seconds from the recorded times, positions as [lat, lng], charts parallel', () => {
    expect(timeline.seconds).toEqual([0, 10, 20]);
    expect(timeline.positions[1]).toEqual([22, 114.001]);
    expect(timeline.alt).toEqual([0, 40, 40]);
    expect(timeline.duration).toBe(20);
  });

  test.each([
    ['take-off', 0, { index: 0, position: [22, 114], alt: 0, speed: 0, battery: 90 }],
    ['half-way up the first leg', 5, { index: 0, position: [22, 114.0005], alt: 20, speed: 0, battery: 90 }],
    ['on a track point', 10, { index: 1, position: [22, 114.001], alt: 40, speed: 8, battery: 85 }],
    ['a quarter into the second leg', 12.5, { index: 1, position: [22.0005, 114.001], alt: 40, speed: 8, battery: 85 }],
    ['landing', 20, { index: 2, position: [22.002, 114.001], alt: 40, speed: 6, battery: null }],
    ['before take-off clamps', -5, { index: 0, position: [22, 114] }],
    ['after landing clamps', 99, { index: 2, position: [22.002, 114.001] }],
  ])('%s (t=%p s)', (_name, second, expected) => {
    const frame = frameAt(timeline, second);
    expect(frame).toMatchObject({ ...expected, position: expect.any(Array) });
    frame.position.forEach((v, i) => expect(v).toBeCloseTo((expected.position as number[])[i], 9));
  });

  test('a hand-typed track without times is spread over the duration; no track → no timeline', () => {
    const typed = replayTimeline({ ...recorded, track_times: null, samples: null, duration_s: 60 })!;
    expect(typed.seconds).toEqual([0, 30, 60]);
    expect(typed.speed).toEqual([null, null, null]);
    expect(replayTimeline({ ...recorded, track: null })).toBeNull();
  });

  test.each([
    [
      'the first track point',
      [Date.parse('2026-05-01T08:00:02Z'), Date.parse('2026-05-01T08:00:07Z')],
      '2026-05-01T08:00:00Z',
      Date.parse('2026-05-01T08:00:02Z'),
    ],
    ['the take-off without track times', null, '2026-05-01T08:00:00Z', Date.parse('2026-05-01T08:00:00Z')],
  ])('second 0 of the replay is %s', (_name, trackTimes, takeoffAt, expected) => {
    expect(replayStartMs({ track_times: trackTimes, takeoff_at: takeoffAt })).toBe(expected);
  });
});
