import type { DeviceCamera } from '@shared/liveVideo';
import reducer, { camerasLoaded, initialLiveState, wallLoaded } from '../../../src/features/live/liveSlice';

const wallCamera = (sn: string, deviceId: number, status: DeviceCamera['live']['status']): DeviceCamera => ({
  video_id: `${sn}/99-0-0/normal-0`,
  sn,
  camera_index: '99-0-0',
  video_index: 'normal-0',
  video_type: 'normal',
  switchable_video_types: ['normal', 'zoom'],
  live: { status, quality: 2, error: 0, viewers: 0, ended_reason: null },
  device_id: deviceId,
  device_name: `D${deviceId}`,
});

describe('live slice: the wall', () => {
  it("keeps the wall's cameras and takes a device's fresher read of the same videos", () => {
    const wall = reducer(initialLiveState, wallLoaded([wallCamera('A', 1, 'idle'), wallCamera('B', 2, 'idle')]));
    const { device_id: _id, device_name: _name, ...fresh } = wallCamera('A', 1, 'live');
    const after = reducer(wall, camerasLoaded({ deviceId: 1, cameras: [fresh] }));
    expect(after.wall).toEqual([wallCamera('A', 1, 'live'), wallCamera('B', 2, 'idle')]);
    expect(after.cameras[1]).toEqual([fresh]);
  });

  it('reads a device without touching a wall not read yet', () => {
    const { device_id: _id, device_name: _name, ...camera } = wallCamera('A', 1, 'live');
    expect(reducer(initialLiveState, camerasLoaded({ deviceId: 1, cameras: [camera] })).wall).toBeNull();
  });
});
