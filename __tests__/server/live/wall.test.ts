import type { Camera } from '@shared/liveVideo';
import { oneEntryPerVideo, type CameraDevice } from '../../../server/livestream/cameras';

const device = (id: number, serial: string, kind: string, gateway_sn: string | null = null): CameraDevice => ({ id, name: `D${id}`, serial, kind, gateway_sn });
const camera = (sn: string, cameraIndex: string) =>
  ({
    video_id: `${sn}/${cameraIndex}/normal-0`,
    sn,
    camera_index: cameraIndex,
    video_index: 'normal-0',
    video_type: 'normal',
    switchable_video_types: [],
    live: { status: 'idle', quality: null, error: null, viewers: 0, ended_reason: null },
  }) satisfies Camera;

const dock = device(1, 'DOCK', 'dock');
const aircraft = device(2, 'UAV', 'aircraft', 'DOCK');
const lens = camera('UAV', '99-0-0');
const own = camera('DOCK', '165-0-7');

describe('oneEntryPerVideo', () => {
  it.each([
    [
      'the aircraft after its dock: the aircraft takes its camera',
      [
        [dock, lens],
        [dock, own],
        [aircraft, lens],
      ],
      [
        [lens, 2],
        [own, 1],
      ],
    ],
    [
      'the aircraft before its dock: the dock does not take it back',
      [
        [aircraft, lens],
        [dock, lens],
        [dock, own],
      ],
      [
        [lens, 2],
        [own, 1],
      ],
    ],
    [
      'the aircraft out of scope: its camera stays under the dock',
      [
        [dock, lens],
        [dock, own],
      ],
      [
        [lens, 1],
        [own, 1],
      ],
    ],
  ] as const)('%s', (_, entries, expected) => {
    const wall = oneEntryPerVideo(entries.map(([d, c]) => ({ device: d, camera: c })));
    expect(wall.map((c) => [c.video_id, c.device_id])).toEqual(expected.map(([c, id]) => [c.video_id, id]));
    expect(wall[0]).toMatchObject({ ...expected[0][0], device_name: `D${expected[0][1]}` });
  });
});
