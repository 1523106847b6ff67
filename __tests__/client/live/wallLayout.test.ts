import type { DeviceCamera } from '@shared/liveVideo';
import { DEFAULT_WALL, parseWall, resized, serialsOf, wallOfSerials, withTile } from '../../../src/features/live/wallLayout';

const camera = (sn: string, cameraIndex: string) =>
  ({
    video_id: `${sn}/${cameraIndex}/normal-0`,
    sn,
    camera_index: cameraIndex,
    video_index: 'normal-0',
    video_type: 'normal',
    switchable_video_types: [],
    live: { status: 'idle', quality: null, error: null, viewers: 0, ended_reason: null },
    device_id: 1,
    device_name: sn,
  }) satisfies DeviceCamera;
const cameras = [
  camera('UAV1', '99-0-0'),
  camera('UAV1', '99-0-1'),
  camera('DOCK1', '165-0-7'),
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((sn) => camera(sn, '99-0-0')),
];

describe('wall layout', () => {
  it.each([
    ['nothing stored', null, DEFAULT_WALL],
    ['not JSON', '{', DEFAULT_WALL],
    ['a size the wall has not', '{"size":6,"tiles":[]}', DEFAULT_WALL],
    ['a stored 1-tile wall', '{"size":1,"tiles":["a"]}', { size: 1, tiles: ['a'] }],
    ['too few tiles and a bad one', '{"size":4,"tiles":["a",5]}', { size: 4, tiles: ['a', null, null, null] }],
    ['too many tiles', '{"size":1,"tiles":["a","b"]}', { size: 1, tiles: ['a'] }],
  ])('reads %s', (_, raw, expected) => {
    expect(parseWall(raw)).toEqual(expected);
  });

  it('keeps the first tiles when resized and sets one tile', () => {
    const four = { size: 4 as const, tiles: ['a', 'b', null, 'd'] };
    expect(resized(four, 1)).toEqual({ size: 1, tiles: ['a'] });
    expect(resized(four, 9).tiles).toEqual(['a', 'b', null, 'd', null, null, null, null, null]);
    expect(withTile(four, 2, 'c').tiles).toEqual(['a', 'b', 'c', 'd']);
    expect(withTile(four, 0, null).tiles).toEqual([null, 'b', null, 'd']);
  });

  it.each([
    ['one device: its first camera, one tile', 'UAV1', { size: 1, tiles: ['UAV1/99-0-0/normal-0'] }],
    ['two devices: four tiles', 'UAV1,DOCK1', { size: 4, tiles: ['UAV1/99-0-0/normal-0', 'DOCK1/165-0-7/normal-0', null, null] }],
    ['an unknown serial is left out', 'NOPE,DOCK1', { size: 1, tiles: ['DOCK1/165-0-7/normal-0'] }],
    ['five devices: nine tiles', 'A,B,C,D,E', { size: 9, tiles: [...['A', 'B', 'C', 'D', 'E'].map((sn) => `${sn}/99-0-0/normal-0`), null, null, null, null] }],
    [
      'more than nine: the first nine',
      'UAV1,A,B,C,D,E,F,G,H,I',
      { size: 9, tiles: ['UAV1', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((sn) => `${sn}/99-0-0/normal-0`) },
    ],
  ])('?sn=: %s', (_, sn, expected) => {
    expect(wallOfSerials(serialsOf(`?sn=${sn}`), cameras)).toEqual(expected);
  });

  it('reads no serials from a query without sn', () => {
    expect(serialsOf('')).toEqual([]);
    expect(serialsOf('?sn=%20A%20,,B')).toEqual(['A', 'B']);
  });
});
