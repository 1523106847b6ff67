import { mediaLensOf, planRecordings, type FlyingTask, type LiveStreamRef } from '../../../server/livestream/recording';

const stream = (videoId: string, name: string): LiveStreamRef => ({ videoId, name, lens: null });
const AIRCRAFT = stream('UAV1/99-0-0/normal-0', 'n-uav1');
const DOCK_CAMERA = stream('DOCK1/165-0-7/normal-0', 'n-dock1');
const OTHER = stream('UAV2/99-0-0/normal-0', 'n-uav2');
const task = (id: number, serials: string[]): FlyingTask => ({ id, projectId: 1, flightId: null, serials });

describe('planRecordings', () => {
  const cases: [string, LiveStreamRef[], FlyingTask[], [string, number][], { start: [string, number][]; stop: string[] }][] = [
    ['nothing flies: nothing recorded', [AIRCRAFT, OTHER], [], [], { start: [], stop: [] }],
    [
      'a flying aircraft and its dock camera are recorded, another aircraft not',
      [AIRCRAFT, DOCK_CAMERA, OTHER],
      [task(7, ['UAV1', 'DOCK1'])],
      [],
      {
        start: [
          ['n-uav1', 7],
          ['n-dock1', 7],
        ],
        stop: [],
      },
    ],
    ['a running recording goes on', [AIRCRAFT], [task(7, ['UAV1'])], [['n-uav1', 7]], { start: [], stop: [] }],
    ['the task landed: its recording stops', [AIRCRAFT], [], [['n-uav1', 7]], { start: [], stop: ['n-uav1'] }],
    ['the stream ended: its recording stops', [], [task(7, ['UAV1'])], [['n-uav1', 7]], { start: [], stop: ['n-uav1'] }],
    [
      'a video started again is a new stream name: a new recording',
      [stream('UAV1/99-0-0/normal-0', 'n-again')],
      [task(7, ['UAV1'])],
      [['n-uav1', 7]],
      {
        start: [['n-again', 7]],
        stop: ['n-uav1'],
      },
    ],
    [
      'the next task of the aircraft: the old recording stops, a new one starts',
      [AIRCRAFT],
      [task(8, ['UAV1'])],
      [['n-uav1', 7]],
      {
        start: [],
        stop: ['n-uav1'],
      },
    ],
  ];
  it.each(cases)('%s', (_name, streams, tasks, recording, expected) => {
    const plan = planRecordings(streams, tasks, new Map(recording));
    expect({ start: plan.start.map((s) => [s.stream.name, s.task.id]), stop: plan.stop }).toEqual(expected);
  });
});

describe('mediaLensOf', () => {
  it.each([
    ['wide', 'wide'],
    ['zoom', 'zoom'],
    ['ir', 'ir'],
    ['thermal', 'ir'],
    ['normal', null],
    [null, null],
  ])('%s → %s', (lens, expected) => expect(mediaLensOf(lens)).toBe(expected));
});
